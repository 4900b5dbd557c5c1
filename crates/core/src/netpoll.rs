//! # The netpoller (`netpoll.go`, `netpoll_epoll.go`)
//!
//! A network read that would block parks its G (`gopark(waitReasonIOWait)`) and
//! registers it with the poller; the M moves on to other Gs. In this model a read says
//! when its data arrives, so the poller knows each registration's ready time.
//!
//! `netpoll(0)` (non-blocking) returns every G whose data has arrived. A blocking
//! `netpoll(delay)` is an M asleep in the kernel: the driver wakes it when the earliest
//! data arrives, at its timeout (whole milliseconds, as `epoll_wait` takes them:
//! [`crate::proc::netpoll_timeout`]), or on `netpollBreak`. Results go through
//! `injectglist`. Polling sites (`proc.go`): `findRunnable` (non-blocking, then blocking
//! with the P released), `sysmon` after 10 ms without a poll, and
//! `startTheWorldWithSema`.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicI64, AtomicU32, AtomicU64, Ordering};

use crate::g::GIdx;

pub struct Netpoll {
    pending: crate::sync::SpinLock<BinaryHeap<Reverse<(i64, u64, u32)>>>,
    /// `netpollWaiters`.
    pub waiters: AtomicI32,
    /// `netpollinited`: set at the first network read or timer.
    pub inited: AtomicBool,
    /// Earliest ready time, `i64::MAX` if none.
    next_ready: AtomicI64,
    seq: AtomicU64,
    /// The G parked waiting for outside requests ([`crate::program::Op::Accept`]), raw
    /// GIdx (0: none), and whether a request has arrived for it.
    pub listener: AtomicU32,
    pub external_ready: AtomicBool,
}

impl Default for Netpoll {
    fn default() -> Self {
        Netpoll {
            pending: crate::sync::SpinLock::new(BinaryHeap::new()),
            waiters: AtomicI32::new(0),
            inited: AtomicBool::new(false),
            next_ready: AtomicI64::new(i64::MAX),
            seq: AtomicU64::new(0),
            listener: AtomicU32::new(0),
            external_ready: AtomicBool::new(false),
        }
    }
}

impl Netpoll {
    /// A copy for a checkpoint (see [`crate::fork`]).
    pub fn fork(&self) -> Netpoll {
        use crate::fork::ForkAtomic;
        Netpoll {
            pending: crate::fork::fork_spin(&self.pending),
            waiters: self.waiters.fork(),
            inited: self.inited.fork(),
            next_ready: self.next_ready.fork(),
            seq: self.seq.fork(),
            listener: self.listener.fork(),
            external_ready: self.external_ready.fork(),
        }
    }

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
        let mut p = self.pending.lock();
        let seq = self.seq.fetch_add(1, Ordering::Relaxed);
        p.push(Reverse((ready_at, seq, g.0)));
        self.waiters.fetch_add(1, Ordering::AcqRel);
        self.next_ready
            .store(p.peek().unwrap().0 .0, Ordering::Release);
    }

    /// When the earliest pending read completes (`i64::MAX`: none; `i64::MIN`: an
    /// outside request is ready now).
    pub fn next_ready(&self) -> i64 {
        if self.external_ready.load(Ordering::Acquire) && self.listener.load(Ordering::Acquire) != 0
        {
            return i64::MIN;
        }
        self.next_ready.load(Ordering::Acquire)
    }

    /// Parks `g` as the listener for outside requests.
    pub fn listen(&self, g: GIdx) {
        self.init();
        self.waiters.fetch_add(1, Ordering::AcqRel);
        self.listener.store(g.0, Ordering::Release);
    }

    /// The listener, if a request is waiting for it (takes it off the poller).
    fn take_listener(&self) -> Option<GIdx> {
        if !self.external_ready.load(Ordering::Acquire) {
            return None;
        }
        let g = self.listener.swap(0, Ordering::AcqRel);
        if g == 0 {
            return None;
        }
        self.external_ready.store(false, Ordering::Release);
        self.waiters.fetch_sub(1, Ordering::AcqRel);
        Some(GIdx(g))
    }

    /// `netpoll(0)`: the Gs whose reads completed by `now`, in completion order.
    pub fn poll(&self, now: i64) -> Vec<GIdx> {
        let mut out: Vec<GIdx> = self.take_listener().into_iter().collect();
        if self.next_ready.load(Ordering::Acquire) > now {
            return out;
        }
        let mut p = self.pending.lock();
        let listener = out.len();
        while let Some(Reverse((t, _, g))) = p.peek().copied() {
            if t > now {
                break;
            }
            p.pop();
            out.push(GIdx(g));
        }
        self.waiters
            .fetch_sub((out.len() - listener) as i32, Ordering::AcqRel);
        self.next_ready.store(
            p.peek().map(|r| r.0 .0).unwrap_or(i64::MAX),
            Ordering::Release,
        );
        out
    }

    pub fn snapshot(&self) -> Vec<(i64, GIdx)> {
        match self.pending.try_lock() {
            Some(p) => {
                let mut v: Vec<_> = p.iter().map(|r| (r.0 .0, GIdx(r.0 .2))).collect();
                v.sort();
                v
            }
            None => Vec::new(),
        }
    }
}
