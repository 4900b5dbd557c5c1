//! # Timers (`time.go`: `p.timers`)
//!
//! Each P keeps a heap of timers; `time.Sleep` parks the G with a timer on the current
//! P that readies it when it fires. Timers run only when some M looks at them:
//! `findRunnable` checks its own P's timers first (`pp.timers.check`), a stealing M runs
//! a victim's expired timers in its last pass, and an M with nothing to do sleeps in
//! `netpoll` until the earliest timer (`pollUntil`). A timer that fires readies its G
//! into the **runnext** of the P that ran it (`goready`).
//!
//! So a sleeping G can be late: if every P runs a call-free loop and async preemption is
//! off, nobody checks the timers at all (`proc.go: findRunnable` and `sysmon` are the
//! only places that look).
//!
//! Adding a timer wakes the netpoller (`wakeNetPoller`) only when the new timer is the
//! earliest on its P (`time.go: timer.maybeAdd`): a later one is covered by whoever
//! will wake for the earlier one, who then recomputes its sleep.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::atomic::{AtomicI64, AtomicU32, AtomicU64, Ordering};

use crate::g::GIdx;
use crate::runtime::{PId, Runtime};

#[derive(Default)]
pub struct Timers {
    heap: crate::sync::SpinLock<BinaryHeap<Reverse<(i64, u64, u32)>>>,
    /// `timers.len`, readable without the lock.
    pub len: AtomicU32,
    /// Earliest `when`, 0 if none (`wakeTime`).
    min_when: AtomicI64,
    seq: AtomicU64,
}

impl Timers {
    /// Adds a timer that readies `g` at `when`. Returns true if it is now the earliest
    /// (`time.go: timer.maybeAdd`: `wake = wakeTime == 0 || when < wakeTime`, checked
    /// under the timers' lock before `addHeap`).
    pub fn add(&self, when: i64, g: GIdx) -> bool {
        let mut h = self.heap.lock();
        let wake_time = h.peek().map(|r| r.0 .0).unwrap_or(0);
        let wake = wake_time == 0 || when < wake_time;
        let seq = self.seq.fetch_add(1, Ordering::Relaxed);
        h.push(Reverse((when, seq, g.0)));
        self.publish(&h);
        wake
    }

    fn publish(&self, h: &BinaryHeap<Reverse<(i64, u64, u32)>>) {
        self.len.store(h.len() as u32, Ordering::Release);
        self.min_when
            .store(h.peek().map(|r| r.0 .0).unwrap_or(0), Ordering::Release);
    }

    /// `wakeTime`: when the earliest timer fires, 0 if there is none.
    pub fn wake_time(&self) -> i64 {
        self.min_when.load(Ordering::Acquire)
    }

    /// A copy for a checkpoint (see [`crate::fork`]).
    pub fn fork(&self) -> Timers {
        use crate::fork::ForkAtomic;
        Timers {
            heap: crate::fork::fork_spin(&self.heap),
            len: self.len.fork(),
            min_when: self.min_when.fork(),
            seq: self.seq.fork(),
        }
    }

    /// Removes and returns the Gs of expired timers, in firing order.
    pub fn take_expired(&self, now: i64) -> Vec<GIdx> {
        if self.len.load(Ordering::Acquire) == 0 {
            return Vec::new();
        }
        let w = self.wake_time();
        if w == 0 || w > now {
            return Vec::new();
        }
        let mut h = self.heap.lock();
        let mut out = Vec::new();
        while let Some(Reverse((when, _, g))) = h.peek().copied() {
            if when > now {
                break;
            }
            h.pop();
            out.push(GIdx(g));
        }
        self.publish(&h);
        out
    }

    /// `timers.take`: moves all of `other`'s timers here (`p.destroy`).
    pub fn take_from(&self, other: &Timers) {
        let moved: Vec<_> = other.heap.lock().drain().collect();
        other.publish(&other.heap.lock());
        let mut h = self.heap.lock();
        h.extend(moved);
        self.publish(&h);
    }

    pub fn snapshot(&self) -> Vec<(i64, GIdx)> {
        match self.heap.try_lock() {
            Some(h) => {
                let mut v: Vec<_> = h.iter().map(|r| (r.0 .0, GIdx(r.0 .2))).collect();
                v.sort();
                v
            }
            None => Vec::new(),
        }
    }
}

impl Runtime {
    /// `time.go: timer.maybeAdd` for `time.Sleep`'s timer (`resetForSleep`, run after the
    /// G is parked): add it to P `p`'s heap, mark P `p` in `timerpMask`, and call
    /// `wakeNetPoller` only if it is the earliest timer on that P.
    pub fn timer_maybe_add(&self, p: PId, when: i64, g: GIdx) {
        let wake = self.p(p).timers.add(when, g);
        self.sched.timerp_mask[p as usize].store(true, Ordering::Release);
        if wake {
            self.wake_net_poller(when);
        }
    }
}
