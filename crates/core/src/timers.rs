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
use crate::runtime::{MId, PId, Runtime};

/// What a heap entry fires: a sleeping G (`time.Sleep`'s `resetForSleep` timer, which
/// `goroutineReady`s it), or a runtime timer object ([`crate::objects::TimerObj`]:
/// `time.NewTimer`, `AfterFunc`, `NewTicker`) in the generation the entry was made for.
/// A timer that is stopped or modified while in a heap leaves its entry behind, as
/// Go marks it `timerZombie`/`timerModified` instead of searching the heap: the stale
/// entry is dropped when it reaches the top.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Entry {
    Sleep(GIdx),
    Timer { id: u32, gen: u32 },
}

#[derive(Default)]
pub struct Timers {
    heap: crate::sync::SpinLock<BinaryHeap<Reverse<(i64, u64, Entry)>>>,
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
    pub fn add(&self, when: i64, e: Entry) -> bool {
        let mut h = self.heap.lock();
        let wake_time = h.peek().map(|r| r.0 .0).unwrap_or(0);
        let wake = wake_time == 0 || when < wake_time;
        let seq = self.seq.fetch_add(1, Ordering::Relaxed);
        h.push(Reverse((when, seq, e)));
        self.publish(&h);
        wake
    }

    fn publish(&self, h: &BinaryHeap<Reverse<(i64, u64, Entry)>>) {
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

    /// Removes and returns the expired entries, in firing order.
    pub fn take_expired(&self, now: i64) -> Vec<Entry> {
        if self.len.load(Ordering::Acquire) == 0 {
            return Vec::new();
        }
        let w = self.wake_time();
        if w == 0 || w > now {
            return Vec::new();
        }
        let mut h = self.heap.lock();
        let mut out = Vec::new();
        while let Some(Reverse((when, _, e))) = h.peek().copied() {
            if when > now {
                break;
            }
            h.pop();
            out.push(e);
        }
        self.publish(&h);
        out
    }

    /// `timers.take`: moves all of `other`'s timers here (`p.destroy`); returns the
    /// runtime timers moved, whose home is now this heap.
    pub fn take_from(&self, other: &Timers) -> Vec<u32> {
        let moved: Vec<_> = other.heap.lock().drain().collect();
        other.publish(&other.heap.lock());
        let timers = moved
            .iter()
            .filter_map(|r| match r.0 .2 {
                Entry::Timer { id, .. } => Some(id),
                Entry::Sleep(_) => None,
            })
            .collect();
        let mut h = self.heap.lock();
        h.extend(moved);
        self.publish(&h);
        timers
    }

    /// The sleeping Gs, earliest first (a runtime timer is no goroutine: it is counted
    /// in `len`, not listed).
    pub fn snapshot(&self) -> Vec<(i64, GIdx)> {
        match self.heap.try_lock() {
            Some(h) => {
                let mut v: Vec<_> = h
                    .iter()
                    .filter_map(|r| match r.0 .2 {
                        Entry::Sleep(g) => Some((r.0 .0, g)),
                        Entry::Timer { .. } => None,
                    })
                    .collect();
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
        self.timers_add(p, when, Entry::Sleep(g));
    }

    /// `ts.addHeap` on P `p` and `timerpMask`, then `wakeNetPoller` if the entry is now
    /// the earliest on that P.
    pub(crate) fn timers_add(&self, p: PId, when: i64, e: Entry) {
        // `addHeap`: timers rely on the network poller (`netpollGenericInit`).
        self.netpoll.init();
        let wake = self.p(p).timers.add(when, e);
        self.sched.timerp_mask[p as usize].store(true, Ordering::Release);
        if wake {
            self.wake_net_poller(when);
        }
    }
}

/// Runtime timers (`runtime/time.go`), the objects behind `time.Timer` and
/// `time.Ticker` ([`crate::objects::TimerObj`]). Lock order: a timer, then its channel
/// or a P's heap; a heap's lock is never held while another is taken.
impl Runtime {
    /// `timer.modify` (`newTimer`, `resetTimer`): due at `when`, then every `period`.
    /// Returns whether it was pending (or its channel held an undelivered value, which
    /// is dropped: no stale value after Reset). A timer in a heap stays in that heap
    /// (a new entry; the old one goes stale); one that needs a heap joins the current
    /// P's (`maybeAdd`).
    pub(crate) fn timer_modify(&self, m: MId, id: u32, when: i64, period: i64) -> bool {
        let mut t = self.objs.timer(id).lock();
        t.period = period;
        let mut pending = t.when > 0;
        t.when = when;
        let mut push = None;
        if let Some(p) = t.home {
            t.zombie = false;
            t.gen = t.gen.wrapping_add(1);
            t.entries += 1;
            push = Some(p);
        } else if t.needs_add() {
            let p = self.m(m).p().expect("timer.maybeAdd: no p");
            t.home = Some(p);
            t.gen = t.gen.wrapping_add(1);
            t.entries += 1;
            push = Some(p);
        }
        if let Some(c) = t.chan() {
            // `t.seq++` and `timerchandrain`: a value sent before now is not delivered.
            if self.objs.chan_drain(c) {
                pending = true;
            }
        }
        let gen = t.gen;
        drop(t);
        if let Some(p) = push {
            self.timers_add(p, when, Entry::Timer { id, gen });
        }
        pending
    }

    /// `timer.stop`: whether it was pending, or its channel held an undelivered value
    /// (dropped). A timer in a heap is left there as a zombie.
    pub(crate) fn timer_stop(&self, id: u32) -> bool {
        let mut t = self.objs.timer(id).lock();
        if t.home.is_some() {
            t.zombie = true;
        }
        let mut pending = t.when > 0;
        t.when = 0;
        if let Some(c) = t.chan() {
            if self.objs.chan_drain(c) {
                pending = true;
            }
        }
        pending
    }

    /// `timer.maybeRunChan` before a receive from (or a select on) a timer's channel:
    /// a timer in no heap whose time has come runs now, so the value is there.
    pub(crate) fn timer_maybe_run_chan(&self, m: MId, ch: u32) {
        let Some(id) = self.objs.chan_timer(ch) else {
            return;
        };
        let now = self.now();
        let t = self.objs.timer(id).lock();
        if t.home.is_some() || t.when == 0 || t.when > now {
            return;
        }
        self.timer_unlock_and_run(m, id, t, now, None);
    }

    /// `blockTimerChan`: a G is about to wait on a timer's channel, so the timer must be
    /// in a heap (the current P's) to wake it. Returns the timer, for the G to
    /// unblock when it runs again.
    pub(crate) fn timer_block_chan(&self, m: MId, ch: u32) -> Option<u32> {
        let id = self.objs.chan_timer(ch)?;
        let mut t = self.objs.timer(id).lock();
        t.blocked += 1;
        if t.home.is_some() && t.zombie && t.when > 0 {
            t.zombie = false;
        }
        if t.needs_add() {
            let p = self.m(m).p().expect("timer.maybeAdd: no p");
            t.home = Some(p);
            t.gen = t.gen.wrapping_add(1);
            t.entries += 1;
            let (when, gen) = (t.when, t.gen);
            drop(t);
            self.timers_add(p, when, Entry::Timer { id, gen });
        }
        Some(id)
    }

    /// `unblockTimerChan`: the last G waiting on its channel is gone, so a timer still
    /// in a heap is marked for removal (its `when` kept).
    pub(crate) fn timer_unblock_chan(&self, id: u32) {
        let mut t = self.objs.timer(id).lock();
        t.blocked = t.blocked.saturating_sub(1);
        if t.blocked == 0 && t.home.is_some() && !t.zombie {
            t.zombie = true;
        }
    }

    /// A heap entry of timer `id` reached the top at `now` (`timers.run`): run the
    /// timer if the entry is its live one; drop it otherwise.
    pub(crate) fn timer_fire_entry(&self, m: MId, id: u32, gen: u32, now: i64) {
        let mut t = self.objs.timer(id).lock();
        let home = t.home;
        t.entries = t.entries.saturating_sub(1);
        let live = t.gen == gen && !t.zombie && t.when > 0 && t.when <= now;
        if t.entries == 0 {
            t.home = None;
            t.zombie = false;
        }
        if live {
            self.timer_unlock_and_run(m, id, t, now, home);
        }
    }

    /// `timer.unlockAndRun`: a ticker's next time is the next multiple of its period
    /// after `now` (missed ticks are dropped), kept in the heap it was in; then `f`:
    /// `sendTime` (a non-blocking send of the time it was due) or `goFunc` (a new
    /// goroutine, into this P's runnext as any `go` statement's).
    fn timer_unlock_and_run(
        &self,
        m: MId,
        id: u32,
        mut t: crate::sync::SpinGuard<'_, crate::objects::TimerObj>,
        now: i64,
        home: Option<PId>,
    ) {
        let due = t.when;
        let delay = now - due;
        let next = if t.period > 0 {
            due.saturating_add(t.period.saturating_mul(1 + delay / t.period))
        } else {
            0
        };
        t.when = next;
        let mut push = None;
        if let (Some(p), true) = (home, next > 0) {
            t.home = Some(p);
            t.zombie = false;
            t.gen = t.gen.wrapping_add(1);
            t.entries += 1;
            push = Some((p, t.gen));
        }
        // The send happens under the timer's lock (Go's `sendLock`), so a Stop or
        // Reset either comes first or drains what it sent.
        let woken = match &t.kind {
            crate::code::TimerKind::Chan(c) => self.objs.try_send(*c, crate::code::time_token(due)),
            crate::code::TimerKind::Func(_) => None,
        };
        let func = match &t.kind {
            crate::code::TimerKind::Func(f) => Some(f.clone()),
            crate::code::TimerKind::Chan(_) => None,
        };
        drop(t);
        if let Some((p, gen)) = push {
            self.timers_add(p, next, Entry::Timer { id, gen });
        }
        if let Some((g, v)) = woken {
            self.exec(g).received = Some(v);
            self.ready(m, g, true);
        }
        if let Some(f) = func {
            let (code, entry, kind) = f.start();
            self.newproc_with(
                m,
                crate::program::CODE_GO_FUNC,
                entry as i64,
                kind,
                0,
                Some(code),
            );
        }
    }

    /// Fires the expired entries of P `p`'s heap (`timers.run` for each).
    pub(crate) fn run_expired(&self, m: MId, entries: Vec<Entry>, now: i64) {
        for e in entries {
            match e {
                Entry::Sleep(g) => self.ready(m, g, true),
                Entry::Timer { id, gen } => self.timer_fire_entry(m, id, gen, now),
            }
        }
    }

    /// `timers.take` (`procresize` destroying P `from`): its entries move to P `to`,
    /// and its runtime timers' home with them.
    pub(crate) fn timers_take(&self, to: PId, from: PId) {
        for id in self.p(to).timers.take_from(&self.p(from).timers) {
            let mut t = self.objs.timer(id).lock();
            if t.home == Some(from) {
                t.home = Some(to);
            }
        }
        if self.p(to).timers.len.load(Ordering::Acquire) > 0 {
            self.sched.timerp_mask[to as usize].store(true, Ordering::Release);
        }
    }
}
