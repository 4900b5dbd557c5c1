//! # The netpoller (`netpoll.go`, `netpoll_epoll.go`)
//!
//! A network read that would block parks its G (`gopark(waitReasonIOWait)`) and
//! registers it with the poller; the M moves on to other Gs. In this model a read says
//! when its data arrives, so the poller knows each registration's ready time.
//!
//! `netpoll(0)` (non-blocking) returns every G whose data has arrived. A blocking
//! `netpoll(delay)` is an M asleep in the kernel: the driver wakes it when the earliest
//! data arrives, at its timeout, or on `netpollBreak`. Results go through `injectglist`.
//! Polling sites (GMP-REFERENCE §9): findRunnable (non-blocking, then blocking with the P
//! released), sysmon after 10 ms without a poll, and start-the-world.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicI64, AtomicU64, Ordering};
use std::sync::Mutex;

use crate::g::GIdx;

pub struct Netpoll {
    pending: Mutex<BinaryHeap<Reverse<(i64, u64, u32)>>>,
    /// `netpollWaiters`.
    pub waiters: AtomicI32,
    /// `netpollinited`: set at the first network read or timer.
    pub inited: AtomicBool,
    /// Earliest ready time, `i64::MAX` if none.
    next_ready: AtomicI64,
    seq: AtomicU64,
}

impl Default for Netpoll {
    fn default() -> Self {
        Netpoll {
            pending: Mutex::new(BinaryHeap::new()),
            waiters: AtomicI32::new(0),
            inited: AtomicBool::new(false),
            next_ready: AtomicI64::new(i64::MAX),
            seq: AtomicU64::new(0),
        }
    }
}

impl Netpoll {
    pub fn init(&self) {
        self.inited.store(true, Ordering::Release);
    }

    pub fn inited(&self) -> bool {
        self.inited.load(Ordering::Acquire)
    }

    /// `netpollAnyWaiters`.
    pub fn any_waiters(&self) -> bool {
        self.waiters.load(Ordering::Acquire) > 0
    }

    /// Registers `g`, whose data arrives at `ready_at` (`netpollblock`).
    pub fn register(&self, g: GIdx, ready_at: i64) {
        self.init();
        let mut p = self.pending.lock().unwrap();
        let seq = self.seq.fetch_add(1, Ordering::Relaxed);
        p.push(Reverse((ready_at, seq, g.0)));
        self.waiters.fetch_add(1, Ordering::AcqRel);
        self.next_ready
            .store(p.peek().unwrap().0 .0, Ordering::Release);
    }

    /// When the earliest pending read completes (`i64::MAX`: none).
    pub fn next_ready(&self) -> i64 {
        self.next_ready.load(Ordering::Acquire)
    }

    /// `netpoll(0)`: the Gs whose reads completed by `now`, in completion order.
    pub fn poll(&self, now: i64) -> Vec<GIdx> {
        if self.next_ready() > now {
            return Vec::new();
        }
        let mut p = self.pending.lock().unwrap();
        let mut out = Vec::new();
        while let Some(Reverse((t, _, g))) = p.peek().copied() {
            if t > now {
                break;
            }
            p.pop();
            out.push(GIdx(g));
        }
        self.waiters.fetch_sub(out.len() as i32, Ordering::AcqRel);
        self.next_ready.store(
            p.peek().map(|r| r.0 .0).unwrap_or(i64::MAX),
            Ordering::Release,
        );
        out
    }

    pub fn snapshot(&self) -> Vec<(i64, GIdx)> {
        match self.pending.try_lock() {
            Ok(p) => {
                let mut v: Vec<_> = p.iter().map(|r| (r.0 .0, GIdx(r.0 .2))).collect();
                v.sort();
                v
            }
            Err(_) => Vec::new(),
        }
    }
}
