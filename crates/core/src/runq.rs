//! # The per-P local run queue (`p.runq`, `p.runnext`)
//!
//! This module is a line-by-line model of the local run queue of Go 1.27's scheduler
//! (`runtime/proc.go`: `runqempty`, `runqput`, `runqputslow`, `runqputbatch`, `runqget`,
//! `runqdrain`, `runqgrab`, `runqsteal`). It is real lock-free code,
//! not a simulation: the same functions can be driven by one thread (the deterministic model)
//! or by many (the stress test, and loom, which checks every interleaving).
//!
//! ## What it models
//!
//! Every P owns a [`RunQueue`]:
//!
//! * `runq`: a ring of [`RUNQ_SIZE`] (256) slots, indexed by two free-running `u32` counters,
//!   `runqhead` and `runqtail`. Slot of counter `c` is `c % N`; the length is `tail - head`
//!   in wrapping arithmetic. Because `N` divides 2³², the counters may wrap freely.
//! * `runnext`: one extra slot holding the G that should run next. A G readied by the running G
//!   (`go f()`, `goready`) lands here, and when it is picked up it *inherits* the current time
//!   slice (`inheritTime`), so a producer/consumer pair ping-pongs without bumping `schedtick`.
//!
//! A G is a [`GIdx`], an index into a G table owned elsewhere; `GIdx(0)` is Go's nil `guintptr`.
//!
//! ## Invariants
//!
//! 1. `0 <= tail - head <= N` whenever the two are read consistently (`head` first).
//! 2. Only the owner P writes `runqtail` and the ring slots at or beyond it; only the owner stores
//!    a non-nil G into `runnext`.
//! 3. `runqhead` is advanced by the owner (consuming) and by thieves (stealing), always with a CAS
//!    that commits a consume only after the slots have been copied out.
//! 4. Any G is in exactly one place: `runnext`, the ring `[head, tail)`, a thief's batch, the
//!    overflow batch bound for the global queue, or running. Nothing is duplicated or lost.
//!
//! ## Memory orderings (as Go's `atomic.LoadAcq`/`StoreRel`/`CasRel`)
//!
//! * Owner reads its own `runqtail` plainly (`Relaxed`: nobody else writes it) and publishes it
//!   with **store-release**; thieves **load-acquire** it, which makes the slot stores before the
//!   release visible to them.
//! * Everyone **load-acquires** `runqhead` and advances it with a **CAS-release**. The release
//!   orders the slot reads of a consumer before its commit; the owner's acquire load of head then
//!   orders those reads before it overwrites the slots with new Gs.
//! * Ring slots themselves are `Relaxed` atomics (plain words in Go). A thief may read a slot
//!   while the owner rewrites it, but then `runqhead` has moved and the thief's CAS fails, so the
//!   torn-by-time value is discarded. Because slots are atomics, no `unsafe` is needed.
//! * `runnext` is changed only by CAS (`AcqRel` on success); loads of it are `Relaxed` where Go
//!   uses a plain load and `Acquire` in `runqempty`, where Go uses `atomic.Loaduintptr`.
//!
//! ## Why half the ring goes global on overflow
//!
//! When the ring is full, `runqputslow` moves the **oldest half** (128 Gs) plus the new G, in
//! order, to the global run queue. One acquisition of `sched.lock` pays for 129 Gs, the surplus
//! becomes visible to every P (not just to thieves that happen to pick this P), and the newest half
//! (most likely to be cache-hot) stays local. The caller does the global append; this module just
//! hands the batch to an `overflow` callback.
//!
//! ## Why runnext is stolen last, and only after 3 µs
//!
//! `findRunnable` steals `runnext` only on its last (4th) pass over the Ps, and only when the
//! victim's ring is empty. Typically the running G on the victim has just readied the runnext G
//! and is about to block, at which point the victim will run it itself, keeping the pair on one
//! P. So if the victim is running a G that is not in a syscall, the thief first sleeps 3 µs
//! (`usleep(3)`; a channel operation is ~50 ns, a 50x margin) and only then tries the CAS. If the
//! victim's G is in a syscall, it is not going to schedule anything soon, so there is no back-off.
//! Here the "is the victim busy" test and the back-off are caller-supplied closures.
//!
//! ## Who may call what
//!
//! The owner-only operations take `&self` (every field is atomic), so the type system cannot
//! enforce ownership; each function states who may call it, exactly like Go's comments. Calling
//! an owner-only function from two threads at once breaks invariant 2 (the stress test never
//! does). The `-race` randomisation (`randomizeScheduler`) and the no-sysmon (wasm) rule that
//! turns `next` off belong to the caller and are not modelled here.

use crate::sync::{AtomicU32, Ordering};

/// A goroutine handle: an index into the G table (Go's `guintptr`). `GIdx(0)` is nil.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, PartialOrd, Ord, Default)]
#[repr(transparent)]
pub struct GIdx(pub u32);

impl GIdx {
    /// The nil G (Go's `guintptr(0)`); index 0 of the G table is reserved for it.
    pub const NIL: GIdx = GIdx(0);

    /// Whether this is the nil G.
    #[inline]
    pub const fn is_nil(self) -> bool {
        self.0 == 0
    }
}

/// Capacity of a P's local ring: `len(p.runq)` in Go.
pub const RUNQ_SIZE: usize = 256;

/// A P's local run queue: Go's `p.runqhead`, `p.runqtail`, `p.runq` and `p.runnext`.
///
/// `N` is the ring capacity; it must be a power of two, at least 2 (Go: 256). Loom models use a
/// tiny `N` (e.g. 4) so that the full and overflow paths are reachable.
pub struct RunQueue<const N: usize = RUNQ_SIZE> {
    runqhead: AtomicU32,
    runqtail: AtomicU32,
    runq: [AtomicU32; N],
    runnext: AtomicU32,
}

impl<const N: usize> RunQueue<N> {
    /// Compile-time check of the capacity (evaluated when `new` is instantiated).
    const CAPACITY_OK: () = assert!(
        N.is_power_of_two() && N >= 2 && N <= 1 << 31,
        "RunQueue: N must be a power of two in 2..=2^31"
    );

    /// `N` as the counter type.
    const LEN: u32 = N as u32;

    /// An empty queue, counters at 0 (a fresh P).
    pub fn new() -> Self {
        Self::with_counters(0)
    }

    /// An empty queue whose `runqhead` and `runqtail` both start at `start`.
    ///
    /// Go's counters never reset, so a long-lived P wraps them around 2³². Starting near
    /// `u32::MAX` exercises that wrap-around in tests.
    pub fn with_counters(start: u32) -> Self {
        #[allow(clippy::let_unit_value)]
        let () = Self::CAPACITY_OK;
        RunQueue {
            runqhead: AtomicU32::new(start),
            runqtail: AtomicU32::new(start),
            runq: std::array::from_fn(|_| AtomicU32::new(0)),
            runnext: AtomicU32::new(0),
        }
    }

    /// A copy of the queue (its counters, slots and runnext), for a checkpoint of the
    /// deterministic driver: only valid while no other thread uses the queue.
    pub fn fork(&self) -> Self {
        let load = |a: &AtomicU32| AtomicU32::new(a.load(Ordering::Relaxed));
        RunQueue {
            runqhead: load(&self.runqhead),
            runqtail: load(&self.runqtail),
            runq: std::array::from_fn(|i| load(&self.runq[i])),
            runnext: load(&self.runnext),
        }
    }

    /// Ring capacity `N` (Go's `len(pp.runq)`).
    #[inline]
    pub const fn capacity(&self) -> usize {
        N
    }

    /// The slot for free-running counter `c`.
    #[inline]
    fn slot(&self, c: u32) -> &AtomicU32 {
        &self.runq[(c % Self::LEN) as usize]
    }

    /// `runqempty`: whether the queue holds no G, counting `runnext`. Any P may call it.
    ///
    /// Never spuriously true. Reading `head == tail` and then `runnext == 0` is not enough: in
    /// between, the owner may kick the old runnext into the ring (`runqput(.., next=true)`) and
    /// then take the new runnext (`runqget`). So it reads head, tail, runnext, and tail again,
    /// repeating until the two tail reads agree.
    pub fn runqempty(&self) -> bool {
        loop {
            // Acquire (Go: atomic.Load); partners: CAS-release of runqhead by consumers.
            let head = self.runqhead.load(Ordering::Acquire);
            // Acquire; partner: the owner's store-release of runqtail.
            let tail = self.runqtail.load(Ordering::Acquire);
            // Acquire; partner: the owner's AcqRel CAS on runnext. Seeing runnext emptied by a
            // runqget makes the earlier kick (tail store) visible to the re-read below.
            let runnext = self.runnext.load(Ordering::Acquire);
            if tail == self.runqtail.load(Ordering::Acquire) {
                return head == tail && runnext == 0;
            }
        }
    }

    /// `runqput`: make `gp` runnable on this P. Called only by the owner P.
    ///
    /// * `next == true`: `gp` goes into `runnext` (CAS loop), and the G that was there, if any,
    ///   is kicked to the tail of the ring.
    /// * otherwise (and for the kicked G): tail put if the ring has room; if it is full,
    ///   `runqputslow` moves the oldest half plus the G to `overflow`, which
    ///   the caller must append to the global run queue under `sched.lock`
    ///   (`globrunqputbatch`). If a thief freed room meanwhile, the put is retried.
    pub fn runqput(&self, gp: GIdx, next: bool, overflow: &mut impl FnMut(&[GIdx])) {
        debug_assert!(!gp.is_nil(), "runqput: nil G");
        let mut gp = gp;
        if next {
            // retryNext: Go reads runnext plainly and CASes until it wins. Only thieves race
            // with us here, and they can only clear it.
            loop {
                let oldnext = self.runnext.load(Ordering::Relaxed);
                // AcqRel; partners: thieves' CAS runnext->0 in runqgrab, which acquire gp.
                if self
                    .runnext
                    .compare_exchange(oldnext, gp.0, Ordering::AcqRel, Ordering::Relaxed)
                    .is_ok()
                {
                    if oldnext == 0 {
                        return;
                    }
                    // Kick the previous runnext out to the ring.
                    gp = GIdx(oldnext);
                    break;
                }
            }
        }

        loop {
            // Acquire; partner: consumers' CAS-release of runqhead (their slot reads are done).
            let h = self.runqhead.load(Ordering::Acquire);
            // Relaxed: only we write our tail.
            let t = self.runqtail.load(Ordering::Relaxed);
            if t.wrapping_sub(h) < Self::LEN {
                self.slot(t).store(gp.0, Ordering::Relaxed);
                // Release; partner: thieves' load-acquire of runqtail in runqgrab.
                self.runqtail.store(t.wrapping_add(1), Ordering::Release);
                return;
            }
            if self.runqputslow(gp, h, t, overflow) {
                return;
            }
            // A thief moved head: the ring is no longer full, so the tail put must now succeed.
        }
    }

    /// `runqputslow`: the ring is full; move its oldest `N/2` Gs and then `gp` to `overflow`
    /// (bound for the global queue). Called only by the owner P, from `runqput`, with the
    /// `h`/`t` it read. Returns false if a thief moved `runqhead` first (nothing was moved).
    ///
    /// Panics with "runqputslow: queue is not full" if `(t-h)/2 != N/2` (Go throws).
    fn runqputslow(&self, gp: GIdx, h: u32, t: u32, overflow: &mut impl FnMut(&[GIdx])) -> bool {
        // Go sizes its array len(runq)/2+1; N >= N/2+1 for every N >= 2.
        let mut batch = [GIdx::NIL; N];
        let n = t.wrapping_sub(h) / 2;
        if n != Self::LEN / 2 {
            panic!("runqputslow: queue is not full");
        }
        for i in 0..n {
            batch[i as usize] = GIdx(self.slot(h.wrapping_add(i)).load(Ordering::Relaxed));
        }
        // CAS-release commits the consume; partner: the owner's / thieves' acquire of head.
        if self
            .runqhead
            .compare_exchange(h, h.wrapping_add(n), Ordering::Release, Ordering::Relaxed)
            .is_err()
        {
            return false;
        }
        batch[n as usize] = gp;
        // Go links batch[0..=n] through schedlink and calls globrunqputbatch under sched.lock.
        overflow(&batch[..=n as usize]);
        true
    }

    /// `runqputbatch`: put as many of `batch` as fit at the tail, in order, publishing them with
    /// one store-release. Called only by the owner P.
    ///
    /// Returns how many were put; the caller keeps the rest (Go leaves them in the `gQueue`,
    /// and e.g. `findRunnable` then puts them on the global queue).
    pub fn runqputbatch(&self, batch: &[GIdx]) -> usize {
        if batch.is_empty() {
            return 0;
        }
        // Acquire; partner: consumers' CAS-release of runqhead.
        let h = self.runqhead.load(Ordering::Acquire);
        // Relaxed: our own tail.
        let mut t = self.runqtail.load(Ordering::Relaxed);
        let mut n = 0usize;
        while n < batch.len() && t.wrapping_sub(h) < Self::LEN {
            debug_assert!(!batch[n].is_nil(), "runqputbatch: nil G");
            self.slot(t).store(batch[n].0, Ordering::Relaxed);
            t = t.wrapping_add(1);
            n += 1;
        }
        // Release; partner: thieves' load-acquire of runqtail.
        self.runqtail.store(t, Ordering::Release);
        n
    }

    /// `runqget`: take the next G to run. Called only by the owner P.
    ///
    /// Returns `(gp, inherit_time)`: `runnext` first, with `inherit_time = true` (it shares the
    /// current slice, `schedtick` does not advance); otherwise the ring head, with
    /// `inherit_time = false`. `None` if empty.
    pub fn runqget(&self) -> Option<(GIdx, bool)> {
        // Relaxed (a plain load in Go): only we ever store a non-nil G here.
        let next = self.runnext.load(Ordering::Relaxed);
        // If the CAS fails, a thief took runnext (others can only clear it), so no retry.
        // AcqRel; partner: thieves' CAS in runqgrab.
        if next != 0
            && self
                .runnext
                .compare_exchange(next, 0, Ordering::AcqRel, Ordering::Relaxed)
                .is_ok()
        {
            return Some((GIdx(next), true));
        }

        loop {
            // Acquire; partner: thieves' CAS-release of runqhead.
            let h = self.runqhead.load(Ordering::Acquire);
            // Relaxed: our own tail.
            let t = self.runqtail.load(Ordering::Relaxed);
            if t == h {
                return None;
            }
            let gp = GIdx(self.slot(h).load(Ordering::Relaxed));
            // CAS-release commits the consume; partner: thieves' acquire of head.
            if self
                .runqhead
                .compare_exchange(h, h.wrapping_add(1), Ordering::Release, Ordering::Relaxed)
                .is_ok()
            {
                return Some((gp, false));
            }
        }
    }

    /// `runqdrain`: take every G: `runnext` first, then the ring in order. Called only by the
    /// owner P (Go: a preempted dedicated GC worker spilling its P to the global queue).
    pub fn runqdrain(&self) -> Vec<GIdx> {
        let mut drain = Vec::new();
        // Relaxed load, AcqRel CAS: as in runqget.
        let old_next = self.runnext.load(Ordering::Relaxed);
        if old_next != 0
            && self
                .runnext
                .compare_exchange(old_next, 0, Ordering::AcqRel, Ordering::Relaxed)
                .is_ok()
        {
            drain.push(GIdx(old_next));
        }

        loop {
            // Acquire; partner: thieves' CAS-release of runqhead.
            let h = self.runqhead.load(Ordering::Acquire);
            let t = self.runqtail.load(Ordering::Relaxed);
            let qn = t.wrapping_sub(h);
            if qn == 0 {
                return drain;
            }
            if qn > Self::LEN {
                continue; // inconsistent h and t
            }
            // Go advances head *before* reading the slots: once the CAS wins, no thief can be
            // stealing these Gs, and no one but us writes the slots, so the reads are stable.
            if self
                .runqhead
                .compare_exchange(h, h.wrapping_add(qn), Ordering::Release, Ordering::Relaxed)
                .is_err()
            {
                continue;
            }
            drain.reserve(qn as usize);
            for i in 0..qn {
                drain.push(GIdx(self.slot(h.wrapping_add(i)).load(Ordering::Relaxed)));
            }
            return drain;
        }
    }

    /// `runqgrab`: grab about half of this (victim) queue into `batch`'s ring, starting at
    /// counter `batch_head`. Any P may call it (`self` is the victim, `batch` the caller's own
    /// queue; only its slots are written, its counters are untouched). Returns how many Gs were
    /// grabbed.
    ///
    /// * `n = t - h; n -= n/2`, i.e. ceil(half): 1 of 1, 1 of 2, 2 of 3, 128 of 256. `n > N/2`
    ///   means head and tail were read inconsistently; retry.
    /// * If the ring is empty and `steal_runnext`, take `runnext` (returns 1). Before the CAS, if
    ///   `victim_busy_not_in_syscall()` (the victim is `_Prunning` with an M whose `curg` is nil
    ///   or not in `_Gsyscall`), call `backoff()` (Go: `usleep(3)`), giving the victim the
    ///   chance to run its runnext itself. If the CAS fails, start over.
    pub fn runqgrab(
        &self,
        batch: &RunQueue<N>,
        batch_head: u32,
        steal_runnext: bool,
        mut victim_busy_not_in_syscall: impl FnMut() -> bool,
        mut backoff: impl FnMut(),
    ) -> u32 {
        loop {
            // Acquire; partner: other consumers' CAS-release of runqhead.
            let h = self.runqhead.load(Ordering::Acquire);
            // Acquire; partner: the victim owner's store-release of runqtail.
            let t = self.runqtail.load(Ordering::Acquire);
            let mut n = t.wrapping_sub(h);
            n -= n / 2;
            if n == 0 {
                if steal_runnext {
                    // Relaxed (plain load in Go); the CAS below is what synchronises.
                    let next = self.runnext.load(Ordering::Relaxed);
                    if next != 0 {
                        if victim_busy_not_in_syscall() {
                            backoff();
                        }
                        // AcqRel; partner: the owner's CAS that stored `next` (runqput).
                        if self
                            .runnext
                            .compare_exchange(next, 0, Ordering::AcqRel, Ordering::Relaxed)
                            .is_err()
                        {
                            continue;
                        }
                        batch.slot(batch_head).store(next, Ordering::Relaxed);
                        return 1;
                    }
                }
                return 0;
            }
            if n > Self::LEN / 2 {
                continue; // inconsistent h and t
            }
            for i in 0..n {
                let g = self.slot(h.wrapping_add(i)).load(Ordering::Relaxed);
                batch
                    .slot(batch_head.wrapping_add(i))
                    .store(g, Ordering::Relaxed);
            }
            // CAS-release commits the consume; partner: the victim owner's acquire of head
            // before it reuses these slots.
            if self
                .runqhead
                .compare_exchange(h, h.wrapping_add(n), Ordering::Release, Ordering::Relaxed)
                .is_ok()
            {
                return n;
            }
        }
    }

    /// The end of `runqgrab`'s runnext steal after its back-off (`usleep(3)`): take `next`
    /// out of this (victim) queue's runnext if it is still there. Any P may call it. On
    /// false the caller starts `runqgrab` over (Go's `continue`), as `runqgrab` itself does.
    pub fn runqgrab_runnext_cas(&self, next: GIdx) -> bool {
        // AcqRel; partner: the owner's CAS that stored `next` (runqput).
        self.runnext
            .compare_exchange(next.0, 0, Ordering::AcqRel, Ordering::Relaxed)
            .is_ok()
    }

    /// `runqsteal`: steal about half of `victim`'s Gs into this (the thief's) queue. Called only
    /// by the owner of `self`, normally with its ring empty (`findRunnable` steals only then).
    ///
    /// The last grabbed G is returned to be run right away; the other `n-1` are published on
    /// this ring with one store-release of `runqtail`. Panics with "runqsteal: runq overflow" if
    /// they would not fit. See [`runqgrab`](Self::runqgrab) for the runnext closures.
    pub fn runqsteal(
        &self,
        victim: &RunQueue<N>,
        steal_runnext: bool,
        victim_busy_not_in_syscall: impl FnMut() -> bool,
        backoff: impl FnMut(),
    ) -> Option<GIdx> {
        debug_assert!(
            !std::ptr::eq(self, victim),
            "runqsteal: a P cannot steal from itself"
        );
        // Relaxed: our own tail.
        let t = self.runqtail.load(Ordering::Relaxed);
        let mut n = victim.runqgrab(self, t, steal_runnext, victim_busy_not_in_syscall, backoff);
        if n == 0 {
            return None;
        }
        n -= 1;
        let gp = GIdx(self.slot(t.wrapping_add(n)).load(Ordering::Relaxed));
        if n == 0 {
            return Some(gp);
        }
        // Acquire; partner: thieves' CAS-release of our runqhead.
        let h = self.runqhead.load(Ordering::Acquire);
        if t.wrapping_sub(h).wrapping_add(n) >= Self::LEN {
            panic!("runqsteal: runq overflow");
        }
        // Release; partner: other thieves' load-acquire of our runqtail.
        self.runqtail.store(t.wrapping_add(n), Ordering::Release);
        Some(gp)
    }

    /// Ring length `tail - head`, excluding `runnext` (what `schedtrace` prints per P). Any P
    /// may call it; racy by nature. Head is read first, so the result is never negative; it is
    /// clamped to `N` in case the owner refilled the ring between the two reads.
    pub fn len(&self) -> u32 {
        let h = self.runqhead.load(Ordering::Acquire);
        let t = self.runqtail.load(Ordering::Acquire);
        t.wrapping_sub(h).min(Self::LEN)
    }

    /// Whether the ring (not counting `runnext`) is empty; racy, like [`len`](Self::len). Use
    /// [`runqempty`](Self::runqempty) for Go's "no work at all" test.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Current `runnext` (nil if none). Any P may call it; racy.
    pub fn runnext(&self) -> GIdx {
        GIdx(self.runnext.load(Ordering::Acquire))
    }

    /// Best-effort, non-blocking picture for a UI: `(head, tail, ring Gs from head to tail,
    /// runnext)`. Any P may call it. It retries a few times to get head and tail that did not
    /// move while the slots were read; if the queue keeps changing it returns the last attempt
    /// with the ring contents clamped to `N` entries.
    pub fn snapshot(&self) -> (u32, u32, Vec<GIdx>, GIdx) {
        let mut attempt = 0;
        loop {
            attempt += 1;
            let h = self.runqhead.load(Ordering::Acquire);
            let t = self.runqtail.load(Ordering::Acquire);
            let next = GIdx(self.runnext.load(Ordering::Acquire));
            let n = t.wrapping_sub(h).min(Self::LEN);
            let ring: Vec<GIdx> = (0..n)
                .map(|i| GIdx(self.slot(h.wrapping_add(i)).load(Ordering::Relaxed)))
                .collect();
            let stable = self.runqhead.load(Ordering::Acquire) == h
                && self.runqtail.load(Ordering::Acquire) == t;
            if stable || attempt >= 4 {
                return (h, t, ring, next);
            }
        }
    }

    /// Raw contents of all `N` slots in index order, stale entries included (for drawing the
    /// ring). Any P may call it; racy.
    pub fn slots_raw(&self) -> impl Iterator<Item = GIdx> + '_ {
        self.runq.iter().map(|s| GIdx(s.load(Ordering::Relaxed)))
    }
}

impl<const N: usize> Default for RunQueue<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> std::fmt::Debug for RunQueue<N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (head, tail, ring, runnext) = self.snapshot();
        f.debug_struct("RunQueue")
            .field("runqhead", &head)
            .field("runqtail", &tail)
            .field("runq", &ring)
            .field("runnext", &runnext)
            .finish()
    }
}

#[cfg(all(test, not(loom)))]
mod tests {
    use super::*;
    use std::cell::Cell;

    fn g(i: u32) -> GIdx {
        GIdx(i)
    }

    fn no_overflow(_: &[GIdx]) {
        panic!("unexpected overflow");
    }

    /// Put `ids` at the tail (next=false), expecting no overflow.
    fn fill<const N: usize>(q: &RunQueue<N>, ids: impl IntoIterator<Item = u32>) {
        for i in ids {
            q.runqput(g(i), false, &mut no_overflow);
        }
    }

    /// Pop everything with runqget.
    fn pop_all<const N: usize>(q: &RunQueue<N>) -> Vec<(GIdx, bool)> {
        std::iter::from_fn(|| q.runqget()).collect()
    }

    fn steal<const N: usize>(
        thief: &RunQueue<N>,
        victim: &RunQueue<N>,
        next: bool,
    ) -> Option<GIdx> {
        thief.runqsteal(victim, next, || false, || {})
    }

    /// `proc.go: runqput`: `runqput(next=true)` puts the G in runnext and
    /// kicks the old runnext to the ring tail, so `go A; go B` runs B first, then A.
    #[test]
    fn runqput_next_kicks_old_runnext_to_tail() {
        let q: RunQueue = RunQueue::new();
        fill(&q, [1]);
        q.runqput(g(10), true, &mut no_overflow);
        assert_eq!(q.runnext(), g(10));
        assert_eq!(q.len(), 1);
        q.runqput(g(11), true, &mut no_overflow);
        assert_eq!(q.runnext(), g(11));
        assert_eq!(q.len(), 2, "old runnext kicked into the ring");
        let (_, _, ring, next) = q.snapshot();
        assert_eq!(ring, vec![g(1), g(10)], "kicked G goes to the tail");
        assert_eq!(next, g(11));
        assert_eq!(
            pop_all(&q),
            vec![(g(11), true), (g(1), false), (g(10), false)]
        );
    }

    /// `proc.go: runqget`: only a G taken from runnext inherits the time slice.
    #[test]
    fn inherit_time_only_for_runnext() {
        let q: RunQueue = RunQueue::new();
        fill(&q, [1, 2]);
        q.runqput(g(3), true, &mut no_overflow);
        assert_eq!(q.runqget(), Some((g(3), true)));
        assert_eq!(q.runqget(), Some((g(1), false)));
        assert_eq!(q.runqget(), Some((g(2), false)));
        assert_eq!(q.runqget(), None);
    }

    /// `proc.go: runqputslow`: putting into a full 256 ring hands exactly the 128
    /// oldest plus the new G, in order, to the global queue; the newest 128 stay local.
    #[test]
    fn overflow_moves_oldest_half_plus_new_g_in_order() {
        let q: RunQueue = RunQueue::new();
        fill(&q, 1..=256);
        assert_eq!(q.len(), 256);
        let mut spilled = Vec::new();
        let mut calls = 0;
        q.runqput(g(1000), false, &mut |b: &[GIdx]| {
            calls += 1;
            spilled.extend_from_slice(b)
        });
        assert_eq!(calls, 1);
        let expect: Vec<GIdx> = (1..=128).map(g).chain([g(1000)]).collect();
        assert_eq!(spilled, expect);
        assert_eq!(q.len(), 128);
        let rest: Vec<GIdx> = pop_all(&q).into_iter().map(|(g, _)| g).collect();
        assert_eq!(rest, (129..=256).map(g).collect::<Vec<_>>());
    }

    /// `proc.go: runqput` + `runqputslow`: a runnext kick into a full ring overflows the
    /// kicked G (not the new runnext G), which stays in runnext.
    #[test]
    fn runnext_kick_into_full_ring_overflows_the_kicked_g() {
        let q: RunQueue = RunQueue::new();
        fill(&q, 1..=256);
        q.runqput(g(500), true, &mut no_overflow);
        let mut spilled = Vec::new();
        q.runqput(g(501), true, &mut |b: &[GIdx]| spilled.extend_from_slice(b));
        assert_eq!(spilled.len(), 129);
        assert_eq!(spilled[..128], (1..=128).map(g).collect::<Vec<_>>()[..]);
        assert_eq!(spilled[128], g(500));
        assert_eq!(q.runnext(), g(501));
    }

    /// `proc.go: runqputslow`: the throw "runqputslow: queue is not full".
    #[test]
    #[should_panic(expected = "runqputslow: queue is not full")]
    fn runqputslow_throws_when_not_full() {
        let q: RunQueue = RunQueue::new();
        fill(&q, 1..=10);
        q.runqputslow(g(99), 0, 10, &mut no_overflow);
    }

    /// `proc.go: runqgrab`: a grab takes ceil(n/2) from the victim's head:
    /// 1 of 1, 1 of 2, 2 of 3, 128 of 256.
    #[test]
    fn runqgrab_takes_ceil_half_from_head() {
        for (have, want) in [(1u32, 1u32), (2, 1), (3, 2), (4, 2), (5, 3), (256, 128)] {
            let victim: RunQueue = RunQueue::new();
            let thief: RunQueue = RunQueue::new();
            fill(&victim, 1..=have);
            let n = victim.runqgrab(&thief, 0, false, || false, || {});
            assert_eq!(n, want, "grab of {have}");
            assert_eq!(victim.len(), have - want);
            let grabbed: Vec<GIdx> = thief.slots_raw().take(n as usize).collect();
            assert_eq!(
                grabbed,
                (1..=want).map(g).collect::<Vec<_>>(),
                "oldest first"
            );
            assert_eq!(thief.len(), 0, "runqgrab does not publish the thief's tail");
        }
    }

    /// `proc.go: runqgrab`: runnext is stolen only when the ring is empty and the
    /// caller asked for it; the back-off runs only if the victim is busy and not in a syscall.
    #[test]
    fn runnext_stolen_only_when_ring_empty_and_requested() {
        let victim: RunQueue = RunQueue::new();
        let thief: RunQueue = RunQueue::new();
        victim.runqput(g(7), true, &mut no_overflow);

        // Not requested: nothing.
        let backoffs = Cell::new(0);
        assert_eq!(
            victim.runqgrab(
                &thief,
                0,
                false,
                || true,
                || backoffs.set(backoffs.get() + 1)
            ),
            0
        );
        assert_eq!(backoffs.get(), 0);
        assert_eq!(victim.runnext(), g(7));

        // Ring non-empty: the ring is taken, runnext stays.
        fill(&victim, [1]);
        assert_eq!(
            victim.runqgrab(
                &thief,
                0,
                true,
                || true,
                || backoffs.set(backoffs.get() + 1)
            ),
            1
        );
        assert_eq!(thief.slots_raw().next(), Some(g(1)));
        assert_eq!(victim.runnext(), g(7));
        assert_eq!(backoffs.get(), 0);

        // Victim in a syscall: runnext taken without back-off.
        assert_eq!(
            victim.runqgrab(
                &thief,
                5,
                true,
                || false,
                || backoffs.set(backoffs.get() + 1)
            ),
            1
        );
        assert_eq!(backoffs.get(), 0);
        assert_eq!(thief.slots_raw().nth(5), Some(g(7)));
        assert!(victim.runnext().is_nil());
        assert!(victim.runqempty());

        // Victim busy: back off once, then take it.
        victim.runqput(g(8), true, &mut no_overflow);
        assert_eq!(steal(&thief, &victim, false), None);
        let got = thief.runqsteal(&victim, true, || true, || backoffs.set(backoffs.get() + 1));
        assert_eq!(got, Some(g(8)));
        assert_eq!(backoffs.get(), 1);
        assert!(victim.runqempty());
    }

    /// `proc.go: runqsteal`: the thief runs the last grabbed G and queues the
    /// other n-1 (in order) on its own ring.
    #[test]
    fn runqsteal_returns_last_grabbed_and_queues_rest() {
        let victim: RunQueue = RunQueue::new();
        let thief: RunQueue = RunQueue::new();
        fill(&victim, 1..=9);
        assert_eq!(steal(&thief, &victim, false), Some(g(5)));
        assert_eq!(thief.len(), 4);
        assert_eq!(victim.len(), 4);
        assert_eq!(
            pop_all(&thief),
            vec![(g(1), false), (g(2), false), (g(3), false), (g(4), false)]
        );
        // One G: it is returned and nothing is published.
        let v1: RunQueue = RunQueue::new();
        fill(&v1, [42]);
        assert_eq!(steal(&thief, &v1, false), Some(g(42)));
        assert_eq!(thief.len(), 0);
        // Empty victim.
        assert_eq!(steal(&thief, &v1, true), None);
    }

    /// `proc.go: runqsteal`: the throw "runqsteal: runq overflow" when the stolen Gs would
    /// not fit in the thief's ring.
    #[test]
    #[should_panic(expected = "runqsteal: runq overflow")]
    fn runqsteal_throws_on_overflow() {
        let victim: RunQueue<8> = RunQueue::new();
        let thief: RunQueue<8> = RunQueue::new();
        fill(&thief, 1..=7);
        fill(&victim, 11..=14);
        let _ = steal(&thief, &victim, false);
    }

    /// `proc.go: runqempty`: empty only with an empty ring and no runnext.
    #[test]
    fn runqempty_counts_runnext() {
        let q: RunQueue = RunQueue::new();
        assert!(q.runqempty());
        q.runqput(g(1), true, &mut no_overflow);
        assert!(!q.runqempty());
        assert_eq!(
            q.len(),
            0,
            "len excludes runnext (as schedtrace's runqsize)"
        );
        q.runqput(g(2), false, &mut no_overflow);
        assert!(!q.runqempty());
        q.runqget();
        assert!(!q.runqempty());
        q.runqget();
        assert!(q.runqempty());
        assert_eq!(q.runqget(), None);
    }

    /// `p.runqhead`/`p.runqtail`: counters are free-running u32s; every operation must work across
    /// the 2³² wrap (put, get, overflow, grab, steal, putbatch, drain).
    #[test]
    fn u32_counters_wrap_around() {
        let start = u32::MAX - 5;
        let q: RunQueue = RunQueue::with_counters(start);
        fill(&q, 1..=10);
        assert_eq!(q.len(), 10);
        let (h, t, ring, _) = q.snapshot();
        assert_eq!(h, start);
        assert_eq!(t, start.wrapping_add(10));
        assert!(t < h, "tail wrapped");
        assert_eq!(ring, (1..=10).map(g).collect::<Vec<_>>());
        let got: Vec<GIdx> = pop_all(&q).into_iter().map(|(g, _)| g).collect();
        assert_eq!(got, (1..=10).map(g).collect::<Vec<_>>());

        // Overflow across the wrap.
        let q: RunQueue = RunQueue::with_counters(u32::MAX - 100);
        fill(&q, 1..=256);
        let mut spilled = Vec::new();
        q.runqput(g(999), false, &mut |b: &[GIdx]| {
            spilled.extend_from_slice(b)
        });
        assert_eq!(
            spilled,
            (1..=128).map(g).chain([g(999)]).collect::<Vec<_>>()
        );

        // Steal across the wrap, thief also near the wrap.
        let thief: RunQueue = RunQueue::with_counters(u32::MAX - 1);
        assert_eq!(steal(&thief, &q, false), Some(g(192)));
        let got: Vec<GIdx> = pop_all(&thief).into_iter().map(|(g, _)| g).collect();
        assert_eq!(got, (129..=191).map(g).collect::<Vec<_>>());
        assert_eq!(q.runqdrain(), (193..=256).map(g).collect::<Vec<_>>());

        let q: RunQueue<4> = RunQueue::with_counters(u32::MAX);
        assert_eq!(q.runqputbatch(&[g(1), g(2), g(3), g(4), g(5)]), 4);
        assert_eq!(q.len(), 4);
    }

    /// `proc.go: runqputbatch`: fills as many as fit with one publish; the rest are left to
    /// the caller.
    #[test]
    fn runqputbatch_fills_what_fits() {
        let q: RunQueue<8> = RunQueue::new();
        fill(&q, [1, 2, 3]);
        let batch: Vec<GIdx> = (10..20).map(g).collect();
        assert_eq!(q.runqputbatch(&batch), 5);
        assert_eq!(q.len(), 8);
        assert_eq!(q.runqputbatch(&batch), 0);
        assert_eq!(q.runqputbatch(&[]), 0);
        let got: Vec<GIdx> = pop_all(&q).into_iter().map(|(g, _)| g).collect();
        assert_eq!(got, [1, 2, 3, 10, 11, 12, 13, 14].map(g));
    }

    /// `proc.go: runqdrain`: runnext first, then the ring in order.
    #[test]
    fn runqdrain_takes_runnext_then_ring() {
        let q: RunQueue = RunQueue::new();
        fill(&q, [1, 2, 3]);
        q.runqput(g(9), true, &mut no_overflow);
        assert_eq!(q.runqdrain(), vec![g(9), g(1), g(2), g(3)]);
        assert!(q.runqempty());
        assert_eq!(q.runqdrain(), vec![]);
    }

    /// UI helpers: snapshot, slots_raw and Debug agree with the ring.
    #[test]
    fn snapshot_and_slots_raw() {
        let q: RunQueue<4> = RunQueue::new();
        fill(&q, [1, 2, 3]);
        q.runqget();
        q.runqput(g(5), false, &mut no_overflow);
        q.runqput(g(6), true, &mut no_overflow);
        let (h, t, ring, next) = q.snapshot();
        assert_eq!((h, t), (1, 4));
        assert_eq!(ring, vec![g(2), g(3), g(5)]);
        assert_eq!(next, g(6));
        assert_eq!(
            q.slots_raw().collect::<Vec<_>>(),
            vec![g(1), g(2), g(3), g(5)],
            "slot 0 still holds the consumed G1"
        );
        let dbg = format!("{q:?}");
        assert!(dbg.contains("runqhead: 1"), "{dbg}");
        assert_eq!(q.capacity(), 4);
    }

    mod model {
        //! Sequential property test: random operations on three queues against a `VecDeque`
        //! reference model of Go's semantics (`proc.go`: `runqput`, `runqget`, `runqsteal`).
        use super::*;
        use proptest::prelude::*;
        use std::collections::VecDeque;

        #[derive(Clone, Debug)]
        enum Op {
            Put {
                p: usize,
                next: bool,
            },
            Get {
                p: usize,
            },
            Batch {
                p: usize,
                k: usize,
            },
            Steal {
                thief: usize,
                victim: usize,
                next: bool,
            },
            Drain {
                p: usize,
            },
        }

        fn op() -> impl Strategy<Value = Op> {
            prop_oneof![
                4 => (0..3usize, any::<bool>()).prop_map(|(p, next)| Op::Put { p, next }),
                2 => (0..3usize).prop_map(|p| Op::Get { p }),
                1 => (0..3usize, 0..12usize).prop_map(|(p, k)| Op::Batch { p, k }),
                2 => (0..3usize, 0..3usize, any::<bool>())
                    .prop_map(|(thief, victim, next)| Op::Steal { thief, victim, next }),
                1 => (0..3usize).prop_map(|p| Op::Drain { p }),
            ]
        }

        #[derive(Default, Clone)]
        struct Ref {
            ring: VecDeque<GIdx>,
            next: Option<GIdx>,
        }

        const N: usize = 8;

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(256))]
            #[test]
            fn matches_reference(ops in proptest::collection::vec(op(), 1..200),
                                 start in prop_oneof![Just(0u32), Just(u32::MAX - 20)]) {
                let qs: Vec<RunQueue<N>> = (0..3).map(|_| RunQueue::with_counters(start)).collect();
                let mut refs = vec![Ref::default(); 3];
                let mut global: Vec<GIdx> = Vec::new();
                let mut ref_global: Vec<GIdx> = Vec::new();
                let mut id = 0u32;
                for o in ops {
                    match o {
                        Op::Put { p, next } => {
                            id += 1;
                            qs[p].runqput(g(id), next, &mut |b: &[GIdx]| global.extend_from_slice(b));
                            let r = &mut refs[p];
                            let mut put = Some(g(id));
                            if next {
                                put = r.next.replace(g(id));
                            }
                            if let Some(x) = put {
                                if r.ring.len() == N {
                                    ref_global.extend(r.ring.drain(..N / 2));
                                    ref_global.push(x);
                                } else {
                                    r.ring.push_back(x);
                                }
                            }
                        }
                        Op::Get { p } => {
                            let r = &mut refs[p];
                            let want = match r.next.take() {
                                Some(x) => Some((x, true)),
                                None => r.ring.pop_front().map(|x| (x, false)),
                            };
                            prop_assert_eq!(qs[p].runqget(), want);
                        }
                        Op::Batch { p, k } => {
                            let batch: Vec<GIdx> = (0..k as u32).map(|i| g(id + 1 + i)).collect();
                            id += k as u32;
                            let n = qs[p].runqputbatch(&batch);
                            let r = &mut refs[p];
                            let fit = (N - r.ring.len()).min(k);
                            prop_assert_eq!(n, fit);
                            r.ring.extend(&batch[..fit]);
                            global.extend_from_slice(&batch[fit..]);
                            ref_global.extend_from_slice(&batch[fit..]);
                        }
                        Op::Steal { thief, victim, next } => {
                            // Go only steals from another P, into an empty ring.
                            if thief == victim || !refs[thief].ring.is_empty() {
                                continue;
                            }
                            let got = qs[thief].runqsteal(&qs[victim], next, || false, || {});
                            let rv = &mut refs[victim];
                            let n = rv.ring.len() - rv.ring.len() / 2;
                            let mut stolen: Vec<GIdx> = rv.ring.drain(..n).collect();
                            if stolen.is_empty() && next {
                                stolen.extend(rv.next.take());
                            }
                            let want = stolen.pop();
                            prop_assert_eq!(got, want);
                            refs[thief].ring.extend(stolen);
                        }
                        Op::Drain { p } => {
                            let r = &mut refs[p];
                            let want: Vec<GIdx> = r.next.take().into_iter().chain(r.ring.drain(..)).collect();
                            prop_assert_eq!(qs[p].runqdrain(), want);
                        }
                    }
                    for (q, r) in qs.iter().zip(&refs) {
                        let (_, _, ring, next) = q.snapshot();
                        prop_assert_eq!(ring, r.ring.iter().copied().collect::<Vec<_>>());
                        prop_assert_eq!(next, r.next.unwrap_or(GIdx::NIL));
                        prop_assert_eq!(q.runqempty(), r.ring.is_empty() && r.next.is_none());
                    }
                }
                prop_assert_eq!(global, ref_global);
            }
        }
    }
}
