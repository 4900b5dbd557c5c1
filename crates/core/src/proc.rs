//! # The scheduler proper (`proc.go`)
//!
//! `schedule` → `findRunnable` → `execute`, and the machinery around them, in Go's
//! order and with Go's names: idle P and M lists (`pidleput`/`pidleget`, `mput`/`mget`),
//! the global queue (`globrunqput`, `globrunqgetbatch`), spinning Ms (`wakep`,
//! `startm`, `stopm`, `resetspinning`), `handoffp`, `newproc`/`goexit0`, `Gosched` and
//! preemption (`goschedImpl`), `gopark`/`ready`, `injectglist`, system calls
//! (`entersyscall`/`exitsyscall`), stop-the-world and `procresize`, and `checkdead`.
//!
//! ## Worker thread parking/unparking (Go's "delicate dance", paraphrased)
//! We want enough running Ms to use the Ps, but not so many that they burn CPU looking
//! for work. The protocol:
//! 1. Whoever makes work runnable (`newproc`, `ready`, `injectglist`) publishes it and
//!    then calls `wakep`, which starts a *spinning* M only if there is an idle P and no
//!    M is spinning already (`nmspinning` 0 → 1 by CAS).
//! 2. A spinning M looks everywhere (local, global, netpoll, steal). When it finds
//!    work it stops spinning (`resetspinning`) and calls `wakep` itself, so a new
//!    spinner replaces it while there may be more work.
//! 3. A spinner that finds nothing releases its P, decrements `nmspinning`, and then
//!    re-checks every source (the global queue, each P's ring, timers) before it
//!    parks, so work submitted in between is never stranded.
//! 4. With no idle P, `wakep` sets `needspinning`, which a busy M going idle honours.

use std::sync::atomic::Ordering;

use crate::consts::*;
use crate::g::{GIdx, GKind, GStatus, WaitReason};
use crate::runtime::{
    Found, MCont, MId, PId, POwned, PStatus, Runtime, SchedLocked, StealResume, Wait,
};
use crate::sync::Rmw;
use crate::trace::{EvKind, StopReason};

/// What `stealWork` came back with.
pub(crate) enum Steal {
    /// A G to run; `inherit_time` as `runqget`'s (true only for a G from our own runnext,
    /// readied there by a timer this steal pass ran).
    G { gp: GIdx, inherit_time: bool },
    /// A timer ran or an STW began: start `findRunnable` over.
    NewWork,
    /// Nothing; the earliest timer seen on other Ps (0: none).
    Nothing(i64),
    /// Deterministic stand-in for `usleep(3)`: resume here 3 µs later.
    Backoff(StealResume),
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// How long a blocking `netpoll(delay)` sleeps (`netpoll_epoll.go: netpoll`):
/// `epoll_wait` takes whole milliseconds, so a delay under 1 ms waits 1 ms and a longer
/// one is cut down to whole milliseconds (the M then finds the timer not yet due and
/// polls again for the rest, waiting at least 1 ms more). A 50 µs sleep in an otherwise
/// idle program therefore takes about 1 ms, and 1.5 ms about 2 ms. (Linux adds its own
/// timer slack, some 70-90 µs per wait on the machine measured; the model does not.)
pub fn netpoll_timeout(delay: i64) -> i64 {
    const MS: i64 = 1_000_000;
    match delay {
        d if d <= 0 => 0,
        d if d < MS => MS,
        d if d < 1_000_000_000_000_000 => d / MS * MS,
        _ => 1_000_000_000 * MS,
    }
}

/// `randomOrder.reset(n)`: the strides coprime to `n`.
pub fn coprimes(n: u32) -> Vec<u32> {
    (1..=n).filter(|&x| gcd(x, n) == 1).collect()
}

/// `stealOrder` after `reset(n)`: the coprimes of `n`, computed once per process for each
/// GOMAXPROCS used (Go resets its one global `stealOrder` in `procresize`; a table per
/// `n` gives the same values without a lock on the stealing path).
pub fn steal_coprimes(n: u32) -> &'static [u32] {
    use std::sync::OnceLock;
    static TABLE: [OnceLock<Box<[u32]>>; crate::runtime::MAX_MODEL_PROCS + 1] =
        [const { OnceLock::new() }; crate::runtime::MAX_MODEL_PROCS + 1];
    TABLE[n as usize].get_or_init(|| coprimes(n).into_boxed_slice())
}

/// `randomOrder.start(r)`: the visiting order of Ps for one steal pass.
pub fn steal_order(n: u32, r: u32, coprimes: &[u32]) -> impl Iterator<Item = u32> {
    let mut pos = r % n;
    let inc = coprimes[((r / n) as usize) % coprimes.len()];
    // `enum.next()`: pos = (pos + inc) % count, with inc <= count.
    (0..n).map(move |_| {
        let p = pos;
        pos += inc;
        if pos >= n {
            pos -= n;
        }
        p
    })
}

impl Runtime {
    // ------------------------------------------------------------------ Ps and Ms

    /// `acquirep`: wire P and M together; the P becomes `_Prunning`.
    pub(crate) fn acquirep(&self, m: MId, p: PId) {
        let pp = self.p(p);
        assert!(
            pp.m().is_none() && self.m(m).p().is_none(),
            "acquirep: invalid p state (p{} m={:?}, m{} p={:?})",
            p,
            pp.m(),
            self.m(m).id,
            self.m(m).p()
        );
        pp.m.store(Some(m), Ordering::Release);
        pp.oldm.store(Some(m), Ordering::Release);
        pp.status.store(PStatus::Running as u32, Ordering::Release);
        self.m(m).p.store(Some(p), Ordering::Release);
        self.emit(Some(m), EvKind::ProcStart { p: p as i32 });
    }

    /// `releasep`: unwire the M's P, which becomes `_Pidle` (not yet on the idle list).
    pub(crate) fn releasep(&self, m: MId) -> PId {
        let mm = self.m(m);
        let p = mm.p().expect("releasep: invalid arg");
        self.emit(Some(m), EvKind::ProcStop { p: p as i32 });
        let pp = self.p(p);
        pp.m.store(None, Ordering::Release);
        mm.p.store(None, Ordering::Release);
        pp.status.store(PStatus::Idle as u32, Ordering::Release);
        p
    }

    /// `pidleput` (under sched.lock): the idle list is LIFO.
    pub(crate) fn pidleput(&self, s: &mut SchedLocked, p: PId) {
        let pp = self.p(p);
        assert!(pp.runq.runqempty(), "pidleput: P has non-empty run queue");
        pp.status.store(PStatus::Idle as u32, Ordering::Release);
        if pp.timers.len.load(Ordering::Acquire) == 0 {
            self.sched.timerp_mask[p as usize].store(false, Ordering::Release);
        }
        self.sched.idlep_mask[p as usize].store(true, Ordering::Release);
        s.pidle.push(p);
        // Written only under sched.lock; read without it.
        Rmw::SingleThread.add(&self.sched.npidle, 1);
    }

    /// `pidleget` (under sched.lock).
    pub(crate) fn pidleget(&self, s: &mut SchedLocked) -> Option<PId> {
        let p = s.pidle.pop()?;
        self.sched.timerp_mask[p as usize].store(true, Ordering::Release);
        self.sched.idlep_mask[p as usize].store(false, Ordering::Release);
        Rmw::SingleThread.add(&self.sched.npidle, -1);
        Some(p)
    }

    /// `pidlegetSpinning`: as `pidleget`, but with no idle P set `needspinning`.
    pub(crate) fn pidleget_spinning(&self, s: &mut SchedLocked) -> Option<PId> {
        let p = self.pidleget(s);
        if p.is_none() {
            self.sched.needspinning.store(1, Ordering::Release);
        }
        p
    }

    /// `mput` (under sched.lock): the idle M list is LIFO; runs `checkdead`.
    pub(crate) fn mput(&self, s: &mut SchedLocked, m: MId) {
        s.midle.push(m);
        // Written only under sched.lock; read without it.
        Rmw::SingleThread.add(&self.sched.nmidle, 1);
        self.checkdead(s, Some(m));
    }

    /// `mget` (under sched.lock).
    pub(crate) fn mget(&self, s: &mut SchedLocked) -> Option<MId> {
        let m = s.midle.pop()?;
        Rmw::SingleThread.add(&self.sched.nmidle, -1);
        Some(m)
    }

    pub(crate) fn mget_specific(&self, s: &mut SchedLocked, m: MId) -> Option<MId> {
        let i = s.midle.iter().position(|&x| x == m)?;
        s.midle.remove(i);
        Rmw::SingleThread.add(&self.sched.nmidle, -1);
        Some(m)
    }

    // ------------------------------------------------------------------ global queue

    /// `globrunqput`: tail of the global queue (under sched.lock).
    pub(crate) fn globrunqput(&self, s: &mut SchedLocked, g: GIdx) {
        s.runq.push_back(g);
        self.sched
            .runqsize
            .store(s.runq.len() as u32, Ordering::Release);
    }

    /// `globrunqputhead`: only `p.destroy` uses it.
    pub(crate) fn globrunqputhead(&self, s: &mut SchedLocked, g: GIdx) {
        s.runq.push_front(g);
        self.sched
            .runqsize
            .store(s.runq.len() as u32, Ordering::Release);
    }

    /// `globrunqget`: one G (the fairness path).
    pub(crate) fn globrunqget(&self, s: &mut SchedLocked) -> Option<GIdx> {
        let g = s.runq.pop_front();
        self.sched
            .runqsize
            .store(s.runq.len() as u32, Ordering::Release);
        g
    }

    /// `globrunqgetbatch(n)`: `n = min(n, size, size/gomaxprocs + 1)` Gs; the first is
    /// returned to run, the rest for the caller's ring.
    pub(crate) fn globrunqgetbatch(
        &self,
        s: &mut SchedLocked,
        n: usize,
    ) -> (Option<GIdx>, Vec<GIdx>) {
        let size = s.runq.len();
        let n = n
            .min(size)
            .min(size / self.gomaxprocs().max(1) as usize + 1);
        if n == 0 {
            return (None, Vec::new());
        }
        let first = s.runq.pop_front();
        let rest: Vec<GIdx> = s.runq.drain(..n - 1).collect();
        self.sched
            .runqsize
            .store(s.runq.len() as u32, Ordering::Release);
        (first, rest)
    }

    /// `runqput` on P `p` with the overflow (`runqputslow`) going to the global tail.
    pub(crate) fn runqput(&self, p: PId, g: GIdx, next: bool) {
        self.p(p).runq.runqput(g, next, &mut |batch| {
            let mut s = self.lock_sched();
            for &g in batch {
                self.globrunqput(&mut s, g);
            }
        });
    }

    /// `runqputbatch` + leftovers to the global queue.
    fn runqputbatch_or_global(&self, p: PId, batch: &[GIdx]) {
        let n = self.p(p).runq.runqputbatch(batch);
        if n < batch.len() {
            let mut s = self.lock_sched();
            for &g in &batch[n..] {
                self.globrunqput(&mut s, g);
            }
        }
    }

    // ------------------------------------------------------------------ spinning

    /// `becomeSpinning`.
    pub(crate) fn become_spinning(&self, m: MId) {
        self.m(m).spinning.store(true, Ordering::Release);
        self.rmw.add(&self.sched.nmspinning, 1);
        self.sched.needspinning.store(0, Ordering::Release);
        self.emit(
            Some(m),
            EvKind::Spinning {
                id: self.m(m).id,
                on: true,
            },
        );
    }

    /// `resetspinning`: stop spinning, and wake a replacement (`wakep`).
    pub(crate) fn resetspinning(&self, m: MId) {
        let mm = self.m(m);
        assert!(
            mm.spinning.swap(false, Ordering::AcqRel),
            "resetspinning: not a spinning m"
        );
        let n = self.rmw.add(&self.sched.nmspinning, -1);
        assert!(n >= 0, "findRunnable: negative nmspinning");
        self.emit(
            Some(m),
            EvKind::Spinning {
                id: mm.id,
                on: false,
            },
        );
        self.wakep();
    }

    /// `wakep`: start a spinning M on an idle P, unless one is spinning already.
    pub fn wakep(&self) {
        if self.sched.nmspinning.load(Ordering::Acquire) != 0
            || self.rmw.cas(&self.sched.nmspinning, 0, 1).is_err()
        {
            return;
        }
        let p = {
            let mut s = self.lock_sched();
            match self.pidleget_spinning(&mut s) {
                Some(p) => p,
                None => {
                    let n = self.rmw.add(&self.sched.nmspinning, -1);
                    assert!(n >= 0, "wakep: negative nmspinning");
                    return;
                }
            }
        };
        self.startm(Some(p), true, None);
    }

    /// `startm`: run P `p` (or an idle P) on an idle M, or a new one. `s` is Some when the
    /// caller holds sched.lock (`lockheld`).
    pub(crate) fn startm(&self, p: Option<PId>, spinning: bool, s: Option<&mut SchedLocked>) {
        let mut own_guard;
        let s: &mut SchedLocked = match s {
            Some(s) => s,
            None => {
                own_guard = self.lock_sched();
                &mut own_guard
            }
        };
        let p = match p {
            Some(p) => p,
            None => {
                assert!(!spinning, "startm: P required for spinning=true");
                match self.pidleget(s) {
                    Some(p) => p,
                    None => return,
                }
            }
        };
        match self.mget(s) {
            None => self.newm(spinning, p),
            Some(nm) => {
                let mm = self.m(nm);
                assert!(
                    !mm.spinning.load(Ordering::Acquire),
                    "startm: m is spinning"
                );
                assert!(mm.nextp.is_none(Ordering::Acquire), "startm: m has p");
                if spinning {
                    assert!(self.p(p).runq.runqempty(), "startm: p has runnable gs");
                    mm.spinning.store(true, Ordering::Release);
                }
                mm.nextp.store(Some(p), Ordering::Release);
                self.notewakeup(nm);
            }
        }
    }

    /// `newm`: a new M (thread) that will `acquirep(p)` and schedule.
    pub(crate) fn newm(&self, spinning: bool, p: PId) {
        if self.mcount() >= self.cfg.max_threads {
            self.fatal(
                None,
                &format!(
                    "runtime: program exceeds {}-thread limit",
                    self.cfg.max_threads
                ),
                "thread exhaustion",
            );
            return;
        }
        let nm = self.new_m_struct(false);
        let mm = self.m(nm);
        mm.nextp.store(Some(p), Ordering::Release);
        if spinning {
            mm.spinning.store(true, Ordering::Release);
        }
        self.emit(None, EvKind::MStart { id: mm.id });
        self.env.newm(nm);
    }

    /// `notewakeup(&mp.park)`.
    pub(crate) fn notewakeup(&self, m: MId) {
        let mm = self.m(m);
        mm.park.store(1, Ordering::Release);
        self.emit(None, EvKind::MWake { id: mm.id });
        self.env.notewakeup(m);
    }

    /// `stopm`: put the M on the idle list and park it. The M resumes in
    /// [`MCont::Stopped`] when `startm` hands it a P.
    pub(crate) fn stopm(&self, m: MId, cont: &mut MCont) -> Wait {
        let mm = self.m(m);
        assert!(mm.p().is_none(), "stopm holding p");
        assert!(!mm.spinning.load(Ordering::Acquire), "stopm spinning");
        mm.blocked.store(true, Ordering::Release);
        self.emit(Some(m), EvKind::MPark { id: mm.id });
        *cont = MCont::Stopped;
        let mut s = self.lock_sched();
        self.mput(&mut s, m);
        Wait::Park
    }

    /// The M woke up in `stopm`: `acquirep(nextp)` and go back to scheduling.
    pub(crate) fn stopm_resume(&self, m: MId, cont: &mut MCont) -> Option<Wait> {
        let mm = self.m(m);
        if mm.park.swap(0, Ordering::AcqRel) == 0 {
            return Some(Wait::Park); // spurious wake-up
        }
        mm.blocked.store(false, Ordering::Release);
        let np = mm
            .nextp
            .swap(None, Ordering::AcqRel)
            .expect("stopm: woken without a P");
        self.acquirep(m, np);
        // Woken in `stoplockedm`: run the locked G at once.
        let locked = GIdx(mm.lockedg.load(Ordering::Acquire));
        if !locked.is_nil() {
            assert_eq!(
                self.g(locked).status(),
                GStatus::Runnable,
                "stoplockedm: not runnable"
            );
            self.execute(m, locked, false);
            *cont = MCont::Run;
            return Some(Wait::Run {
                after: self.cfg.cost.schedule as i64,
            });
        }
        *cont = MCont::Schedule;
        None
    }

    /// `stoplockedm`: the M's locked G is not running (it parked, yielded or was
    /// preempted): give the P away (`handoffp`) and sleep until `startlockedm` hands
    /// this M a P to run the G on. The M is not on the idle list (`mPark`, not `stopm`).
    pub(crate) fn stoplockedm(&self, m: MId, cont: &mut MCont) -> Wait {
        let mm = self.m(m);
        let gp = GIdx(mm.lockedg.load(Ordering::Acquire));
        assert!(
            !gp.is_nil() && self.g(gp).lockedm.load(Ordering::Acquire) == Some(m),
            "stoplockedm: inconsistent locking"
        );
        if mm.p().is_some() {
            let p = self.releasep(m);
            self.handoffp(p);
        }
        mm.blocked.store(true, Ordering::Release);
        self.emit(Some(m), EvKind::MPark { id: mm.id });
        self.incidlelocked(1);
        *cont = MCont::Stopped;
        Wait::Park
    }

    /// `startlockedm`: `gp` is locked to another M; hand that M our P, wake it, and
    /// stop (`stopm`).
    pub(crate) fn startlockedm(&self, m: MId, gp: GIdx, cont: &mut MCont) -> Wait {
        let lm = self
            .g(gp)
            .lockedm
            .load(Ordering::Acquire)
            .expect("startlockedm: not locked");
        assert!(lm != m, "startlockedm: locked to me");
        let lmm = self.m(lm);
        assert!(
            lmm.nextp.is_none(Ordering::Acquire),
            "startlockedm: m has p"
        );
        self.incidlelocked(-1);
        let p = self.releasep(m);
        lmm.nextp.store(Some(p), Ordering::Release);
        self.notewakeup(lm);
        self.stopm(m, cont)
    }

    /// `incidlelocked`: count Ms parked for their locked G; `checkdead` when one more.
    fn incidlelocked(&self, v: i32) {
        let mut s = self.lock_sched();
        s.nmidlelocked += v;
        if v > 0 {
            self.checkdead(&s, None);
        }
    }

    /// `LockOSThread` (`internal`: the runtime's `lockOSThread`): count it and wire the
    /// G and its M together (`dolockOSThread`).
    pub(crate) fn lock_os_thread(&self, m: MId, gp: GIdx, internal: bool) {
        let mm = self.m(m);
        let n = if internal {
            &mm.locked_int
        } else {
            &mm.locked_ext
        };
        n.store(n.load(Ordering::Relaxed) + 1, Ordering::Release);
        mm.lockedg.store(gp.0, Ordering::Release);
        self.g(gp).lockedm.store(Some(m), Ordering::Release);
    }

    /// `UnlockOSThread`: undo one `LockOSThread`; the G and M come apart when both
    /// counts are 0 (`dounlockOSThread`). An extra `UnlockOSThread` is a no-op, as in Go.
    pub(crate) fn unlock_os_thread(&self, m: MId, gp: GIdx, internal: bool) {
        let mm = self.m(m);
        let n = if internal {
            &mm.locked_int
        } else {
            &mm.locked_ext
        };
        let v = n.load(Ordering::Relaxed);
        if v == 0 {
            assert!(
                !internal,
                "runtime: internal error: misuse of lockOSThread/unlockOSThread"
            );
            return;
        }
        n.store(v - 1, Ordering::Release);
        if mm.locked_int.load(Ordering::Acquire) != 0 || mm.locked_ext.load(Ordering::Acquire) != 0
        {
            return;
        }
        mm.lockedg.store(0, Ordering::Release);
        self.g(gp).lockedm.store(None, Ordering::Release);
    }

    /// `handoffp`: the P's M is going away (syscall, retake, locked G); start an M for the
    /// P whenever `findRunnable` would find work for it (`proc.go: handoffp`'s checks, in
    /// its order).
    pub(crate) fn handoffp(&self, p: PId) {
        let pp = self.p(p);
        // 1. Local or global work.
        if !pp.runq.runqempty() || self.sched.runqsize.load(Ordering::Acquire) != 0 {
            self.startm(Some(p), false, None);
            return;
        }
        // 2. Trace reader: not modelled.
        // 3. GC mark work, if a worker could use this P.
        if self.gc.blacken_enabled.load(Ordering::Acquire) && self.gc.work_available() {
            self.startm(Some(p), false, None);
            return;
        }
        // 4. No spinning or idle M/P: someone must look for work.
        if self.sched.nmspinning.load(Ordering::Acquire) + self.sched.npidle.load(Ordering::Acquire)
            == 0
            && self.rmw.cas(&self.sched.nmspinning, 0, 1).is_ok()
        {
            self.sched.needspinning.store(0, Ordering::Release);
            self.startm(Some(p), true, None);
            return;
        }
        let mut s = self.lock_sched();
        // 5. A stop-the-world is waiting for this P.
        if self.sched.gcwaiting.load(Ordering::Acquire) {
            pp.status.store(PStatus::Gcstop as u32, Ordering::Release);
            self.stopwait_dec(&mut s);
            return;
        }
        // 6. Safe-point functions: not modelled.
        // 7. Global work arrived meanwhile.
        if !s.runq.is_empty() {
            drop(s);
            self.startm(Some(p), false, None);
            return;
        }
        // 8. The last running P, and nobody is polling the network.
        if self.sched.npidle.load(Ordering::Acquire) == self.gomaxprocs() as i32 - 1
            && self.sched.lastpoll.load(Ordering::Acquire) != 0
        {
            drop(s);
            self.startm(Some(p), false, None);
            return;
        }
        // 9. Idle.
        let when = pp.timers.wake_time();
        self.pidleput(&mut s, p);
        drop(s);
        if when != 0 {
            self.wake_net_poller(when);
        }
    }

    /// `wakeNetPoller`: make sure someone will look at a timer due at `when`.
    pub(crate) fn wake_net_poller(&self, when: i64) {
        if self.sched.lastpoll.load(Ordering::Acquire) == 0 {
            let pu = self.sched.poll_until.load(Ordering::Acquire);
            if pu == 0 || pu > when {
                self.env.netpoll_break();
            }
        } else {
            self.wakep();
        }
    }

    // ------------------------------------------------------------------ schedule

    /// `schedule`: find a runnable G and run it; `cont` ends as `Run` or a waiting state.
    pub(crate) fn schedule(&self, m: MId, cont: &mut MCont) -> Wait {
        let mm = self.m(m);
        // An M with a locked G runs nothing else: it gives its P away and waits until
        // the G is runnable and another M hands it a P (`stoplockedm`).
        if mm.lockedg.load(Ordering::Acquire) != 0 {
            return self.stoplockedm(m, cont);
        }
        let p = mm.p().expect("schedule: no p");
        let pp = self.p(p);
        pp.preempt.store(false, Ordering::Release);
        if mm.spinning.load(Ordering::Acquire) && !pp.runq.runqempty() {
            panic!("schedule: spinning with local work");
        }
        match self.find_runnable(m, cont) {
            Found::Wait(w) => w,
            Found::G {
                gp,
                inherit_time,
                try_wakep,
            } => {
                if mm.spinning.load(Ordering::Acquire) {
                    self.resetspinning(m);
                }
                if try_wakep {
                    self.wakep();
                }
                // A G locked to another M runs only there: hand it our P (`startlockedm`).
                if self.g(gp).lockedm.is_some(Ordering::Acquire) {
                    return self.startlockedm(m, gp, cont);
                }
                self.execute(m, gp, inherit_time);
                *cont = MCont::Run;
                Wait::Run {
                    after: self.cfg.cost.schedule as i64,
                }
            }
        }
    }

    /// `execute`: run `gp` on this M; `schedtick++` unless it inherits the time slice.
    pub(crate) fn execute(&self, m: MId, gp: GIdx, inherit_time: bool) {
        let mm = self.m(m);
        let g = self.g(gp);
        mm.curg.store(gp.0, Ordering::Release);
        g.m.store(Some(m), Ordering::Release);
        g.casgstatus(GStatus::Runnable, GStatus::Running, self.rmw);
        g.since.store(self.now(), Ordering::Relaxed);
        g.preempt.store(false, Ordering::Release);
        if !inherit_time {
            let p = mm.p().expect("execute: no p");
            // `pp.schedtick++`: only the P's owner writes it (sysmon only reads).
            let t = &self.p(p).schedtick;
            t.store(t.load(Ordering::Relaxed).wrapping_add(1), Ordering::Release);
        }
        self.emit(Some(m), EvKind::GoStart { g: g.goid() });
    }

    /// `dropg`: unwire the M's current G.
    pub(crate) fn dropg(&self, m: MId) {
        let mm = self.m(m);
        let gp = mm.curg();
        if !gp.is_nil() {
            self.g(gp).m.store(None, Ordering::Release);
        }
        mm.curg.store(0, Ordering::Release);
    }

    /// `findRunnable`: the search, in Go's order (`proc.go: findRunnable`).
    pub(crate) fn find_runnable(&self, m: MId, cont: &mut MCont) -> Found {
        let mm = self.m(m);
        'top: loop {
            let p = mm.p().expect("findRunnable: no p");
            // After runqgrab's usleep(3) the M is still inside stealWork (step 10).
            let resume = mm.steal_resume.lock().take();
            let (now, mut poll_until) = match resume {
                Some(r) => (r.now, r.local_poll_until),
                None => match self.find_runnable_local(m, p, cont) {
                    Ok(v) => v,
                    Err(found) => return found,
                },
            };
            // 10. Steal, if spinning or spinners are fewer than half the busy Ps.
            let gomaxprocs = self.gomaxprocs() as i32;
            if resume.is_some()
                || mm.spinning.load(Ordering::Acquire)
                || 2 * self.sched.nmspinning.load(Ordering::Acquire)
                    < gomaxprocs - self.sched.npidle.load(Ordering::Acquire)
            {
                if !mm.spinning.load(Ordering::Acquire) {
                    self.become_spinning(m);
                }
                match self.steal_work(m, now, resume) {
                    Steal::G {
                        gp: g,
                        inherit_time: inherit,
                    } => {
                        return Found::G {
                            gp: g,
                            inherit_time: inherit,
                            try_wakep: false,
                        }
                    }
                    Steal::NewWork => continue 'top,
                    Steal::Backoff(mut r) => {
                        r.now = now;
                        r.local_poll_until = poll_until;
                        *mm.steal_resume.lock() = Some(r);
                        *cont = MCont::Schedule;
                        // usleep(3) as it really sleeps (the kernel's timer slack)
                        return Found::Wait(Wait::Run {
                            after: self.env.draw(&self.cfg.cost.usleep3),
                        });
                    }
                    Steal::Nothing(w) => {
                        if w != 0 && (poll_until == 0 || w < poll_until) {
                            poll_until = w;
                        }
                    }
                }
            }
            // 11. Nothing to do: idle-time marking if the GC is marking.
            if let Some(gp) = self.find_idle_gc_worker(m, p) {
                return Found::G {
                    gp,
                    inherit_time: false,
                    try_wakep: false,
                };
            }
            // 12. Snapshot what the spinning re-checks will look at.
            let idle_snapshot: Vec<bool> = (0..gomaxprocs as usize)
                .map(|i| self.sched.idlep_mask[i].load(Ordering::Acquire))
                .collect();
            // 13. Under sched.lock: last look at the global queue, then drop the P.
            {
                let mut s = self.lock_sched();
                if self.sched.gcwaiting.load(Ordering::Acquire) {
                    continue 'top;
                }
                if !s.runq.is_empty() {
                    let (g, batch) = self.globrunqgetbatch(&mut s, RUNQ_SIZE / 2);
                    drop(s);
                    let g = g.expect("global runq empty with non-zero runqsize");
                    self.runqputbatch_or_global(p, &batch);
                    return Found::G {
                        gp: g,
                        inherit_time: false,
                        try_wakep: false,
                    };
                }
                if !mm.spinning.load(Ordering::Acquire)
                    && self.sched.needspinning.load(Ordering::Acquire) == 1
                {
                    drop(s);
                    self.become_spinning(m);
                    continue 'top;
                }
                let rp = self.releasep(m);
                assert_eq!(rp, p, "findRunnable: wrong p");
                self.pidleput(&mut s, p);
            }
            // 14. A spinner going idle re-checks everything (the delicate dance).
            let was_spinning = mm.spinning.load(Ordering::Acquire);
            if was_spinning {
                mm.spinning.store(false, Ordering::Release);
                let n = self.rmw.add(&self.sched.nmspinning, -1);
                assert!(n >= 0, "findRunnable: negative nmspinning");
                self.emit(
                    Some(m),
                    EvKind::Spinning {
                        id: mm.id,
                        on: false,
                    },
                );
                // (a) The global queue.
                {
                    let mut s = self.lock_sched();
                    if !s.runq.is_empty() {
                        if let Some(p2) = self.pidleget_spinning(&mut s) {
                            let (g, batch) = self.globrunqgetbatch(&mut s, RUNQ_SIZE / 2);
                            drop(s);
                            let g = g.expect("global runq empty with non-zero runqsize");
                            self.acquirep(m, p2);
                            self.runqputbatch_or_global(p2, &batch);
                            self.become_spinning(m);
                            return Found::G {
                                gp: g,
                                inherit_time: false,
                                try_wakep: false,
                            };
                        }
                    }
                }
                // (b) Any non-idle P's ring (checkRunqsNoP).
                if let Some(p2) = self.check_runqs_nop(&idle_snapshot) {
                    self.acquirep(m, p2);
                    self.become_spinning(m);
                    continue 'top;
                }
                // (d) Timers on other Ps lower pollUntil (checkTimersNoP).
                for i in 0..gomaxprocs as usize {
                    if self.sched.timerp_mask[i].load(Ordering::Acquire) {
                        let w = self.p(i as PId).timers.wake_time();
                        if w != 0 && (poll_until == 0 || w < poll_until) {
                            poll_until = w;
                        }
                    }
                }
            }
            // 15. Blocking netpoll, if there is anything to wait for.
            if self.netpoll.inited()
                && (self.netpoll.any_waiters() || poll_until != 0)
                && self.sched.lastpoll.swap(0, Ordering::AcqRel) != 0
            {
                self.sched.poll_until.store(poll_until, Ordering::Release);
                *cont = MCont::Netpoll { was_spinning };
                let until = if poll_until == 0 {
                    i64::MAX
                } else {
                    let now = self.now();
                    now + netpoll_timeout(poll_until - now)
                };
                let until = until.min(self.netpoll.next_ready());
                return Found::Wait(Wait::Netpoll {
                    until: self.abs_time(until),
                });
            } else if poll_until != 0 && self.netpoll.inited() {
                let pu = self.sched.poll_until.load(Ordering::Acquire);
                if pu == 0 || pu > poll_until {
                    self.env.netpoll_break();
                }
            }
            // 16. Nothing to do: park.
            return Found::Wait(self.stopm(m, cont));
        }
    }

    /// `findRunnable` steps 1-9: the STW check, our own timers, the fairness tick, the
    /// local and global queues and a non-blocking netpoll. Returns `now` and the
    /// `pollUntil` of our own timers, or what was found.
    fn find_runnable_local(&self, m: MId, p: PId, cont: &mut MCont) -> Result<(i64, i64), Found> {
        let pp = self.p(p);
        // 1. A stop-the-world is pending.
        if self.sched.gcwaiting.load(Ordering::Acquire) {
            return Err(Found::Wait(self.gcstopm(m, cont)));
        }
        // (The explorer's safe-point request: ready the GOMAXPROCS updater here.)
        if self.requests.take_updater_pending() {
            if let Some(g) = self.take_updater_request() {
                self.ready(m, g, true);
                self.release_updater(g);
            }
        }
        // 2. Our own timers (sleepers become runnable in runnext).
        let now = self.now();
        let poll_until = self.check_timers(m, p, now);
        // 3. Trace reader: not modelled.
        // 4. A GC mark worker (`findRunnableGCWorker`), with tryWakeP.
        if let Some(gp) = self.find_runnable_gc_worker(m, p) {
            return Err(Found::G {
                gp,
                inherit_time: false,
                try_wakep: true,
            });
        }
        // 5. Fairness: every 61st schedtick, one G from the global queue first.
        if pp.schedtick.load(Ordering::Acquire) % GLOBAL_FAIRNESS_TICK == 0
            && self.sched.runqsize.load(Ordering::Acquire) != 0
        {
            let g = {
                let mut s = self.lock_sched();
                self.globrunqget(&mut s)
            };
            if let Some(g) = g {
                return Err(Found::G {
                    gp: g,
                    inherit_time: false,
                    try_wakep: false,
                });
            }
        }
        // 7. Local run queue (runnext first).
        if let Some((g, inherit)) = pp.runq.runqget() {
            return Err(Found::G {
                gp: g,
                inherit_time: inherit,
                try_wakep: false,
            });
        }
        // 8. Global run queue, a batch.
        if self.sched.runqsize.load(Ordering::Acquire) != 0 {
            let (g, batch) = {
                let mut s = self.lock_sched();
                self.globrunqgetbatch(&mut s, RUNQ_SIZE / 2)
            };
            if let Some(g) = g {
                self.runqputbatch_or_global(p, &batch);
                return Err(Found::G {
                    gp: g,
                    inherit_time: false,
                    try_wakep: false,
                });
            }
        }
        // 9. Non-blocking netpoll.
        if self.netpoll.inited()
            && self.netpoll.any_waiters()
            && self.sched.lastpoll.load(Ordering::Acquire) != 0
            && self.sched.polling_net.swap(1, Ordering::AcqRel) == 0
        {
            let list = self.netpoll.poll(now);
            self.sched.polling_net.store(0, Ordering::Release);
            if let Some((&first, rest)) = list.split_first() {
                self.injectglist(Some(m), rest);
                self.unpark(Some(m), first);
                return Err(Found::G {
                    gp: first,
                    inherit_time: false,
                    try_wakep: false,
                });
            }
        }
        Ok((now, poll_until))
    }

    /// Converts a runtime time (ns since start) to the driver's clock.
    pub fn abs_time(&self, t: i64) -> i64 {
        if t == i64::MAX {
            t
        } else {
            t + self.start_time
        }
    }

    /// After a blocking `netpoll` returned (the tail of `findRunnable` step 15).
    pub(crate) fn after_netpoll(&self, m: MId, was_spinning: bool, cont: &mut MCont) -> Wait {
        let now = self.now();
        let list = self.netpoll.poll(now);
        self.sched.poll_until.store(0, Ordering::Release);
        self.sched.lastpoll.store(now.max(1), Ordering::Release);
        let p = {
            let mut s = self.lock_sched();
            self.pidleget(&mut s)
        };
        match p {
            None => {
                self.injectglist(None, &list);
                self.stopm(m, cont)
            }
            Some(p) => {
                self.acquirep(m, p);
                if let Some((&first, rest)) = list.split_first() {
                    self.injectglist(Some(m), rest);
                    self.unpark(Some(m), first);
                    self.execute(m, first, false);
                    *cont = MCont::Run;
                    return Wait::Run {
                        after: self.cfg.cost.schedule as i64,
                    };
                }
                if was_spinning {
                    self.become_spinning(m);
                }
                *cont = MCont::Schedule;
                self.schedule(m, cont)
            }
        }
    }

    /// `checkRunqsNoP`.
    fn check_runqs_nop(&self, idle_snapshot: &[bool]) -> Option<PId> {
        for (id, idle) in idle_snapshot.iter().enumerate() {
            if !idle && !self.p(id as PId).runq.runqempty() {
                let mut s = self.lock_sched();
                return self.pidleget_spinning(&mut s);
            }
        }
        None
    }

    /// `pp.timers.check`: fire this P's expired timers; returns the next wake time.
    pub(crate) fn check_timers(&self, m: MId, p: PId, now: i64) -> i64 {
        let expired = self.p(p).timers.take_expired(now);
        self.run_expired(m, expired, now);
        self.p(p).timers.wake_time()
    }

    /// `stealWork`: 4 passes over all Ps in a random order; timers and runnext only in
    /// the last one. `resume` continues a steal suspended in `runqgrab`'s back-off.
    pub(crate) fn steal_work(&self, m: MId, now: i64, resume: Option<StealResume>) -> Steal {
        let p = self.m(m).p().expect("stealWork: no p");
        let pp = self.p(p);
        let n = self.gomaxprocs();
        let coprimes = steal_coprimes(n);
        let (first_pass, mut ran_timer, mut poll_until) = match resume {
            Some(r) => (r.pass, r.ran_timer, r.poll_until),
            None => (0, false, 0i64),
        };
        let mut resume = resume;
        for i in first_pass..STEAL_TRIES as u32 {
            let last = i == STEAL_TRIES as u32 - 1;
            let r = match resume {
                Some(r) => r.rand,
                None => self.env.rand(m),
            };
            for (pos, p2) in steal_order(n, r, coprimes).enumerate() {
                let victim = self.p(p2);
                let ring_before = victim.runq.len();
                let back = match resume {
                    Some(rs) if (pos as u32) < rs.pos => continue, // visited before the sleep
                    Some(rs) => {
                        resume = None;
                        Some(rs)
                    }
                    None => None,
                };
                if let Some(rs) = back {
                    // `proc.go: runqgrab` after `usleep(3)`: CAS the runnext seen before
                    // the sleep; if it is gone, start runqgrab over on the same victim.
                    debug_assert_eq!(rs.victim, p2, "stealWork: resumed at another victim");
                    if victim.runq.runqgrab_runnext_cas(rs.next) {
                        self.emit_steal(m, p2, p, 1, true);
                        return Steal::G {
                            gp: rs.next,
                            inherit_time: false,
                        };
                    }
                } else {
                    if self.sched.gcwaiting.load(Ordering::Acquire) {
                        return Steal::NewWork;
                    }
                    if p2 == p {
                        continue;
                    }
                    if last && self.sched.timerp_mask[p2 as usize].load(Ordering::Acquire) {
                        let expired = victim.timers.take_expired(now);
                        let w = victim.timers.wake_time();
                        if w != 0 && (poll_until == 0 || w < poll_until) {
                            poll_until = w;
                        }
                        if !expired.is_empty() {
                            self.run_expired(m, expired, now);
                            if let Some((g, inherit)) = pp.runq.runqget() {
                                return Steal::G {
                                    gp: g,
                                    inherit_time: inherit,
                                };
                            }
                            ran_timer = true;
                        }
                    }
                    if self.sched.idlep_mask[p2 as usize].load(Ordering::Acquire) {
                        continue;
                    }
                }
                let victim_busy = || self.victim_busy_not_in_syscall(p2);
                if last && victim.runq.len() == 0 && !self.env_is_live() {
                    // The deterministic `usleep(3)`: suspend here and resume in 3 µs.
                    let next = victim.runq.runnext();
                    if !next.is_nil() && victim_busy() {
                        return Steal::Backoff(StealResume {
                            now,
                            local_poll_until: 0,
                            pass: i,
                            rand: r,
                            pos: pos as u32,
                            victim: p2,
                            next,
                            ran_timer,
                            poll_until,
                        });
                    }
                }
                let got = if self.env_is_live() {
                    pp.runq.runqsteal(&victim.runq, last, victim_busy, || {
                        self.env.usleep(RUNNEXT_STEAL_BACKOFF_NS);
                    })
                } else {
                    pp.runq.runqsteal(&victim.runq, last, || false, || {})
                };
                if let Some(g) = got {
                    let stolen = pp.runq.len() + 1;
                    self.emit_steal(m, p2, p, stolen, ring_before == 0 && stolen == 1);
                    return Steal::G {
                        gp: g,
                        inherit_time: false,
                    };
                }
            }
        }
        if ran_timer {
            Steal::NewWork
        } else {
            Steal::Nothing(poll_until)
        }
    }

    fn emit_steal(&self, m: MId, victim: PId, thief: PId, n: u32, runnext: bool) {
        self.emit(
            Some(m),
            EvKind::Steal {
                victim: victim as i32,
                thief: thief as i32,
                n,
                runnext,
            },
        );
    }

    fn env_is_live(&self) -> bool {
        self.env.usleep(0)
    }

    fn victim_busy_not_in_syscall(&self, p2: PId) -> bool {
        let victim = self.p(p2);
        if victim.status() != PStatus::Running {
            return false;
        }
        match victim.m() {
            None => false,
            Some(vm) => {
                let g = self.m(vm).curg();
                g.is_nil() || self.g(g).status() != GStatus::Syscall
            }
        }
    }

    // ------------------------------------------------------------------ goroutines

    /// `newproc`: create a G running `func(arg)`, put it in runnext, `wakep`.
    pub(crate) fn newproc(&self, m: MId, func: u32, arg: i64, kind: GKind, parent: u64) -> GIdx {
        self.newproc_with(m, func, arg, kind, parent, None)
    }

    /// `newproc` for a goroutine whose code a front end made (`go f(x)` in its program).
    pub(crate) fn newproc_with(
        &self,
        m: MId,
        func: u32,
        arg: i64,
        kind: GKind,
        parent: u64,
        code: Option<Box<dyn crate::code::GCode>>,
    ) -> GIdx {
        let p = self.m(m).p().expect("newproc: no p");
        let g = self.newproc1(Some(m), p, func, arg, kind, parent, code);
        if g.is_nil() {
            return g;
        }
        // `newproc1` records the caller's PC (`gopc`) for `created by` in tracebacks.
        let creator = self.m(m).curg();
        let (creator_func, creator_code) = if creator.is_nil() {
            (None, None)
        } else {
            let ex = self.exec(creator);
            let code = ex
                .code
                .as_ref()
                .filter(|_| ex.in_code)
                .and_then(|c| c.traceback().into_iter().next());
            (ex.frames.last().map(|f| f.func), code)
        };
        let ng = self.g(g);
        ng.gopc_func.store(creator_func, Ordering::Release);
        *ng.gopc.lock().unwrap_or_else(|e| e.into_inner()) = creator_code;
        self.runqput(p, g, true);
        if self.main_started.load(Ordering::Acquire) {
            self.wakep();
        }
        g
    }

    /// `newproc1`: take a free G (`gfget`) or allocate one with a 2 KiB stack; give it a
    /// goid from the P's batch; `_Grunnable`. Returns nil if the explorer's G limit hit.
    pub(crate) fn newproc1(
        &self,
        m: Option<MId>,
        p: PId,
        func: u32,
        arg: i64,
        kind: GKind,
        parent: u64,
        code: Option<Box<dyn crate::code::GCode>>,
    ) -> GIdx {
        let pp = self.p(p);
        // One hold of the P's own fields for gfget and the goid batch.
        let mut own = pp.own.lock();
        let gp = match self.gfget(&mut own) {
            Some(g) => g,
            None => {
                if self.allgs.len() > self.cfg.max_goroutines {
                    self.fatal(
                        None,
                        &format!(
                            "gmp: this run reached the explorer's limit of {} goroutines",
                            self.cfg.max_goroutines
                        ),
                        "too many goroutines",
                    );
                    return GIdx::NIL;
                }
                let idx = self.allgs.push(crate::g::G::new()) as u32;
                let g = self.g(GIdx(idx));
                g.casgstatus(GStatus::Idle, GStatus::Dead, self.rmw);
                GIdx(idx)
            }
        };
        let g = self.g(gp);
        if g.stack_size.load(Ordering::Acquire) == 0 {
            let lo = self.stack_alloc.lock().unwrap().alloc(p, STACK_MIN);
            g.stack_lo.store(lo, Ordering::Release);
            g.stack_size.store(STACK_MIN, Ordering::Release);
        }
        let goid = self.next_goid(&mut own);
        drop(own);
        g.goid.store(goid, Ordering::Release);
        g.parent_goid.store(parent, Ordering::Relaxed);
        g.kind.store(kind as u8, Ordering::Relaxed);
        g.startfn.store(func, Ordering::Relaxed);
        g.startarg.store(arg, Ordering::Relaxed);
        g.waitreason.store(0, Ordering::Relaxed);
        g.preempt.store(false, Ordering::Relaxed);
        g.since.store(self.now(), Ordering::Relaxed);
        {
            let mut ex = self.exec(gp);
            // Reuse a recycled G's frame vector (gfget) instead of allocating anew.
            let mut frames = std::mem::take(&mut ex.frames);
            frames.clear();
            *ex = crate::g::GExec {
                func,
                arg,
                code,
                frames,
                stack_used: 8, // goexit's return address
                ..Default::default()
            };
            g.stack_used.store(8, Ordering::Relaxed);
        }
        g.casgstatus(GStatus::Dead, GStatus::Runnable, self.rmw);
        // Emitted by the creating M, on its P (the tracer's GoCreate).
        self.emit(m, EvKind::GoCreate { g: goid, parent });
        gp
    }

    /// `gfget`: a dead G from the P's free list, refilled from the global one.
    fn gfget(&self, own: &mut POwned) -> Option<GIdx> {
        if own.gfree.is_empty() {
            let mut s = self.lock_sched();
            while own.gfree.len() < GFREE_KEEP {
                match s.gfree.pop() {
                    Some(g) => own.gfree.push(g),
                    None => break,
                }
            }
        }
        own.gfree.pop()
    }

    /// `gfput`: the G is dead; keep it for reuse. Non-standard stacks are freed; at 64
    /// free Gs the P spills down to 32 to the global list.
    pub(crate) fn gfput(&self, p: PId, gp: GIdx) {
        let g = self.g(gp);
        let size = g.stack_size.load(Ordering::Acquire);
        if size != STACK_MIN {
            let gc_running = self.gc.phase() != crate::gc::GcPhase::Off;
            self.stack_alloc.lock().unwrap().free(
                p,
                g.stack_lo.load(Ordering::Acquire),
                size,
                gc_running,
            );
            g.stack_size.store(0, Ordering::Release);
        }
        let mut own = self.p(p).own.lock();
        own.gfree.push(gp);
        if own.gfree.len() >= GFREE_SPILL {
            let mut s = self.lock_sched();
            while own.gfree.len() >= GFREE_KEEP {
                let g = own.gfree.pop().unwrap();
                s.gfree.push(g);
            }
        }
    }

    /// `goexit0`: the G returned from its function.
    pub(crate) fn goexit0(&self, m: MId, gp: GIdx, cont: &mut MCont) {
        let g = self.g(gp);
        self.emit(Some(m), EvKind::GoDestroy { g: g.goid() });
        g.casgstatus(GStatus::Running, GStatus::Dead, self.rmw);
        g.waitreason.store(0, Ordering::Relaxed);
        // A G that exits while locked: Go ends the thread with it (`goexit0` →
        // `mexit`); the model unlocks and keeps the M.
        if g.lockedm.swap(None, Ordering::AcqRel).is_some() {
            let mm = self.m(m);
            mm.lockedg.store(0, Ordering::Release);
            mm.locked_ext.store(0, Ordering::Release);
            mm.locked_int.store(0, Ordering::Release);
        }
        self.dropg(m);
        let p = self.m(m).p().expect("goexit0: no p");
        self.gfput(p, gp);
        *cont = MCont::Schedule;
    }

    /// `goschedImpl`: Gosched and preemption both send the G to the global queue tail
    /// (or, preempted during a pending STW, to runnext).
    pub(crate) fn gosched_impl(&self, m: MId, gp: GIdx, preempted: bool, cont: &mut MCont) {
        let g = self.g(gp);
        let reason = if preempted {
            StopReason::Preempted
        } else {
            StopReason::Gosched
        };
        self.emit(
            Some(m),
            EvKind::GoStop {
                g: g.goid(),
                reason,
            },
        );
        g.casgstatus(GStatus::Running, GStatus::Runnable, self.rmw);
        self.dropg(m);
        let p = self.m(m).p().expect("goschedImpl: no p");
        if preempted && self.sched.gcwaiting.load(Ordering::Acquire) {
            self.runqput(p, gp, true);
        } else {
            let mut s = self.lock_sched();
            self.globrunqput(&mut s, gp);
        }
        if self.main_started.load(Ordering::Acquire) {
            self.wakep();
        }
        *cont = MCont::Schedule;
    }

    /// `goyield` (`goyield_m`): like Gosched, but the G goes to the tail of its own P's
    /// ring, not the global queue, and nobody is woken. Traced as a preemption
    /// (`GoPreempt`).
    pub(crate) fn goyield(&self, m: MId, gp: GIdx, cont: &mut MCont) {
        let g = self.g(gp);
        self.emit(
            Some(m),
            EvKind::GoStop {
                g: g.goid(),
                reason: StopReason::Preempted,
            },
        );
        g.casgstatus(GStatus::Running, GStatus::Runnable, self.rmw);
        self.dropg(m);
        let p = self.m(m).p().expect("goyield: no p");
        self.runqput(p, gp, false);
        *cont = MCont::Schedule;
    }

    /// `gopreempt_m` (or the async path's `asyncPreempt2` → `gopreempt_m`).
    pub(crate) fn gopreempt_m(&self, m: MId, gp: GIdx, async_: bool, cont: &mut MCont) {
        let g = self.g(gp);
        self.emit(
            Some(m),
            EvKind::Preempt {
                g: g.goid(),
                async_,
            },
        );
        self.gosched_impl(m, gp, true, cont);
    }

    /// The second half of `gopark` (`park_m`), run while the wait structure's lock is
    /// held: `_Grunning` → `_Gwaiting`, trace `GoBlock`, `dropg`.
    pub(crate) fn park_m(&self, m: MId, gp: GIdx, reason: WaitReason) {
        let g = self.g(gp);
        // The mark's stack scan found this G running (`preemptShrink`); Go's scanstack
        // stops it (`suspendG`) and shrinks it at that synchronous safe point. The model
        // does it when the G next parks (or at its next preempted call).
        self.shrink_if_asked(m, gp);
        g.waitreason.store(reason as u8, Ordering::Release);
        self.emit(
            Some(m),
            EvKind::GoBlock {
                g: g.goid(),
                reason: reason.trace_block_reason(),
            },
        );
        g.since.store(self.now(), Ordering::Relaxed);
        g.casgstatus(GStatus::Running, GStatus::Waiting, self.rmw);
        // A scan on another M may have found the G still running and asked for the
        // shrink just after the check above: the scan waits for the G to stop
        // (`suspendG`), so the shrink is this cycle's. The scanner re-reads the status
        // after it sets the flag (gc.rs: `gc_scan_stack`); one of the two takes it.
        std::sync::atomic::fence(Ordering::SeqCst);
        self.shrink_if_asked(m, gp);
        self.dropg(m);
    }

    /// The shrink a stack scan asked of `gp` (`preemptShrink`), done by its own M.
    fn shrink_if_asked(&self, m: MId, gp: GIdx) {
        let g = self.g(gp);
        if g.preempt_shrink.load(Ordering::Relaxed)
            && g.preempt_shrink.swap(false, Ordering::AcqRel)
        {
            let used = g.stack_used.load(Ordering::Acquire);
            self.shrink_stack(Some(m), gp, used);
        }
    }

    /// `_Gwaiting` → `_Grunnable` with a `GoUnblock` (the start of `ready`/`injectglist`).
    pub(crate) fn unpark(&self, m: Option<MId>, gp: GIdx) {
        let g = self.g(gp);
        g.casgstatus(GStatus::Waiting, GStatus::Runnable, self.rmw);
        g.waitreason.store(0, Ordering::Relaxed);
        g.since.store(self.now(), Ordering::Relaxed);
        self.emit(m, EvKind::GoUnblock { g: g.goid() });
    }

    /// `ready` (`goready`): into the current P's runnext (`next`), then `wakep`.
    pub(crate) fn ready(&self, m: MId, gp: GIdx, next: bool) {
        self.unpark(Some(m), gp);
        let p = self.m(m).p().expect("ready: no p");
        self.runqput(p, gp, next);
        self.wakep();
    }

    /// `injectglist`: make a list of parked Gs runnable. Without a P (sysmon, a P-less
    /// poller) all go global and idle Ps are started; with one, one G per idle P goes
    /// global (and starts an M) and the rest go to the local ring.
    pub(crate) fn injectglist(&self, m: Option<MId>, list: &[GIdx]) {
        if list.is_empty() {
            return;
        }
        for &g in list {
            self.unpark(m, g);
        }
        let start_idle = |n: usize| {
            for _ in 0..n {
                let mut s = self.lock_sched();
                match self.pidleget_spinning(&mut s) {
                    None => break,
                    Some(p) => self.startm(Some(p), false, Some(&mut s)),
                }
            }
        };
        let p = m.and_then(|m| self.m(m).p());
        let Some(p) = p else {
            {
                let mut s = self.lock_sched();
                for &g in list {
                    self.globrunqput(&mut s, g);
                }
            }
            start_idle(list.len());
            return;
        };
        let npidle = self.sched.npidle.load(Ordering::Acquire).max(0) as usize;
        let nglob = npidle.min(list.len());
        if nglob > 0 {
            {
                let mut s = self.lock_sched();
                for &g in &list[..nglob] {
                    self.globrunqput(&mut s, g);
                }
            }
            start_idle(nglob);
        }
        self.runqputbatch_or_global(p, &list[nglob..]);
        self.wakep();
    }

    // ------------------------------------------------------------------ syscalls

    /// `entersyscall`: the G enters `_Gsyscall`; the P stays `_Prunning` and wired.
    pub(crate) fn entersyscall(&self, m: MId, gp: GIdx) {
        let mm = self.m(m);
        let p = mm.p().expect("entersyscall: no p");
        let pp = self.p(p);
        mm.syscalltick
            .store(pp.syscalltick.load(Ordering::Acquire), Ordering::Release);
        mm.oldp.store(Some(p), Ordering::Release);
        let g = self.g(gp);
        self.emit(Some(m), EvKind::GoSyscallBegin { g: g.goid() });
        if self.sched.gcwaiting.load(Ordering::Acquire) {
            let mut s = self.lock_sched();
            if s.stopwait > 0 {
                pp.m.store(None, Ordering::Release);
                mm.p.store(None, Ordering::Release);
                pp.status.store(PStatus::Gcstop as u32, Ordering::Release);
                self.emit(Some(m), EvKind::ProcStop { p: p as i32 });
                pp.syscalltick.fetch_add(1, Ordering::AcqRel);
                self.stopwait_dec(&mut s);
            }
        }
        g.casgstatus(GStatus::Running, GStatus::Syscall, self.rmw);
        if self.sched.sysmonwait.load(Ordering::Acquire) {
            self.wake_sysmon();
        }
    }

    /// `entersyscallblock`: a syscall known to block hands the P off at once.
    pub(crate) fn entersyscallblock(&self, m: MId, gp: GIdx) {
        let mm = self.m(m);
        let p = mm.p().expect("entersyscallblock: no p");
        let pp = self.p(p);
        mm.syscalltick
            .store(pp.syscalltick.load(Ordering::Acquire), Ordering::Release);
        pp.syscalltick.fetch_add(1, Ordering::AcqRel);
        self.emit(
            Some(m),
            EvKind::GoSyscallBegin {
                g: self.g(gp).goid(),
            },
        );
        let p = self.releasep(m);
        self.handoffp(p);
        self.g(gp)
            .casgstatus(GStatus::Running, GStatus::Syscall, self.rmw);
    }

    /// `exitsyscall`: back from the kernel. Keep the P if it is still ours; else try to
    /// get `oldp` back or any idle P; else queue the G globally and park the M.
    pub(crate) fn exitsyscall(&self, m: MId, cont: &mut MCont) -> Wait {
        let mm = self.m(m);
        let gp = mm.curg();
        let g = self.g(gp);
        g.casgstatus(GStatus::Syscall, GStatus::Running, self.rmw);
        let oldp = mm.oldp.swap(None, Ordering::AcqRel);
        let goid = g.goid();
        let mut have_p = mm.p();
        if let Some(p) = have_p {
            let pp = self.p(p);
            if pp.syscalltick.load(Ordering::Acquire) == mm.syscalltick.load(Ordering::Acquire) {
                self.emit(Some(m), EvKind::GoSyscallEnd { g: goid });
            } else {
                self.emit(Some(m), EvKind::GoSyscallEndBlocked { g: goid });
                self.emit(Some(m), EvKind::GoStart { g: goid });
            }
        } else if let Some(p) = self.exitsyscall_try_getp(m, oldp) {
            self.acquirep(m, p);
            self.emit(Some(m), EvKind::GoSyscallEndBlocked { g: goid });
            self.emit(Some(m), EvKind::GoStart { g: goid });
            have_p = Some(p);
        }
        if let Some(p) = have_p {
            self.p(p).syscalltick.fetch_add(1, Ordering::AcqRel);
            *cont = MCont::Run;
            return Wait::Run {
                after: self.cfg.cost.other as i64,
            };
        }
        // exitsyscallNoP
        g.casgstatus(GStatus::Running, GStatus::Runnable, self.rmw);
        self.emit(Some(m), EvKind::GoSyscallEndBlocked { g: goid });
        self.dropg(m);
        let mut s = self.lock_sched();
        if let Some(p) = self.pidleget(&mut s) {
            drop(s);
            if self.sched.sysmonwait.load(Ordering::Acquire) {
                self.wake_sysmon();
            }
            self.acquirep(m, p);
            self.execute(m, gp, false);
            *cont = MCont::Run;
            return Wait::Run {
                after: self.cfg.cost.schedule as i64,
            };
        }
        self.globrunqput(&mut s, gp);
        // `exitsyscall0`: a locked G's M waits for it in `stoplockedm`, not `stopm`.
        let locked = g.lockedm.is_some(Ordering::Acquire);
        drop(s);
        if locked {
            return self.stoplockedm(m, cont);
        }
        self.stopm(m, cont)
    }

    /// `exitsyscallTryGetP`: steal `oldp` back from a thread now in a syscall on it, or
    /// take any idle P.
    fn exitsyscall_try_getp(&self, m: MId, oldp: Option<PId>) -> Option<PId> {
        if let Some(p) = oldp {
            if let Some((om, og)) = self.set_block_on_exit_syscall(p) {
                self.take_p(Some(m), p, om);
                self.g(og).release_scan(GStatus::Syscall);
                return Some(p);
            }
        }
        if self.sched.npidle.load(Ordering::Acquire) > 0 {
            let p = {
                let mut s = self.lock_sched();
                self.pidleget(&mut s)
            };
            if p.is_some() && self.sched.sysmonwait.load(Ordering::Acquire) {
                self.wake_sysmon();
            }
            return p;
        }
        None
    }

    /// `setBlockOnExitSyscall`: if P `p` is running an M whose G is in a syscall, take
    /// that G's scan bit (the caller must `release_scan` it) and return (M, G).
    pub(crate) fn set_block_on_exit_syscall(&self, p: PId) -> Option<(MId, GIdx)> {
        let pp = self.p(p);
        if pp.status() != PStatus::Running {
            return None;
        }
        let mp = pp.m()?;
        let gp = self.m(mp).curg();
        if gp.is_nil() {
            return None;
        }
        let g = self.g(gp);
        if g.status() != GStatus::Syscall || !g.try_scan(GStatus::Syscall) {
            return None;
        }
        if g.m.load(Ordering::Acquire) != Some(mp) || self.m(mp).p() != Some(p) {
            g.release_scan(GStatus::Syscall);
            return None;
        }
        Some((mp, gp))
    }

    /// `takeP` (`releaseP(_Pidle)`): unwire a syscalling M's P; trace `ProcSteal`.
    pub(crate) fn take_p(&self, by: Option<MId>, p: PId, from: MId) {
        let pp = self.p(p);
        pp.m.store(None, Ordering::Release);
        self.m(from).p.store(None, Ordering::Release);
        pp.status.store(PStatus::Idle as u32, Ordering::Release);
        self.emit(
            by,
            EvKind::ProcSteal {
                p: p as i32,
                m: self.m(from).id,
            },
        );
        pp.syscalltick.fetch_add(1, Ordering::AcqRel);
    }

    /// Wake sysmon from its deep sleep (`notewakeup(&sched.sysmonnote)`).
    /// (Lock order: never take sysmon's own lock here; sysmon holds it while it takes
    /// sched.lock.)
    pub(crate) fn wake_sysmon(&self) {
        if self.sched.sysmonwait.swap(false, Ordering::AcqRel) {
            self.sysmon_note.store(true, Ordering::Release);
            self.env.sysmon_wake();
        }
    }

    // ------------------------------------------------------------------ deadlock

    /// `checkdead` (under sched.lock): no M is running user code and no G can ever run.
    pub(crate) fn checkdead(&self, s: &SchedLocked, m: Option<MId>) {
        if self.is_exited() {
            return;
        }
        let run = self.mcount()
            - s.midle.len() as i64
            - s.nmidlelocked as i64
            - self.sched.nmsys.load(Ordering::Acquire) as i64;
        if run > 0 {
            return;
        }
        if run < 0 {
            self.fatal(m, "", "checkdead: inconsistent counts");
            return;
        }
        let mut waiting = 0;
        for (i, g) in self.allgs.iter().enumerate() {
            if i == 0 || g.kind() == GKind::System {
                continue;
            }
            match g.status() {
                GStatus::Waiting | GStatus::Preempted => waiting += 1,
                GStatus::Runnable | GStatus::Running | GStatus::Syscall => {
                    self.fatal(
                        m,
                        &format!(
                            "runtime: checkdead: find g {} in status {}",
                            g.goid(),
                            g.status() as u32
                        ),
                        "checkdead: runnable g",
                    );
                    return;
                }
                _ => {}
            }
        }
        if waiting == 0 {
            self.fatal(
                m,
                "",
                "no goroutines (main called runtime.Goexit) - deadlock!",
            );
            return;
        }
        let gomaxprocs = self.gomaxprocs() as usize;
        if (0..gomaxprocs).any(|i| self.p(i as PId).timers.len.load(Ordering::Acquire) > 0) {
            return;
        }
        self.fatal(m, "", "all goroutines are asleep - deadlock!");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `randomOrder`: from any start and any coprime stride, a pass visits every P
    /// exactly once.
    #[test]
    fn steal_order_visits_every_p_once() {
        for n in 1..=16u32 {
            let cp = coprimes(n);
            for r in 0..(n * cp.len() as u32 * 3) {
                let mut seen: Vec<u32> = steal_order(n, r.wrapping_mul(2654435761), &cp).collect();
                seen.sort();
                assert_eq!(seen, (0..n).collect::<Vec<_>>(), "n={n} r={r}");
            }
        }
        assert_eq!(coprimes(6), vec![1, 5]);
    }

    /// `globrunqgetbatch`: min(n, size, size/GOMAXPROCS + 1); GOMAXPROCS=2 and 37
    /// queued gives 19 (one to run, 18 for the ring); GOMAXPROCS=1 and 2 gives 2.
    #[test]
    fn global_batch_size() {
        let prog = crate::program::ProgramBuilder::new().main(64, vec![]);
        for (procs, size, want) in [
            (2u32, 37usize, 19usize),
            (1, 2, 2),
            (4, 1000, 128),
            (3, 0, 0),
        ] {
            let sim = crate::Sim::new(
                prog.clone(),
                crate::Config {
                    gomaxprocs: procs,
                    ..Default::default()
                },
                1,
            )
            .unwrap();
            let rt = &sim.rt;
            let mut s = rt.lock_sched();
            for i in 0..size {
                rt.globrunqput(&mut s, GIdx(1000 + i as u32));
            }
            let (first, rest) = rt.globrunqgetbatch(&mut s, RUNQ_SIZE / 2);
            assert_eq!(
                first.is_some() as usize + rest.len(),
                want,
                "procs={procs} size={size}"
            );
            if want > 0 {
                assert_eq!(first, Some(GIdx(1000)), "the head runs");
            }
            assert_eq!(s.runq.len(), size - want);
        }
    }
}

#[cfg(test)]
mod handoff_tests {
    use super::*;
    use crate::program::ProgramBuilder;

    /// A fresh runtime with P0's queue emptied (G1, runtime.main, waits in its runnext).
    fn rt(procs: u32) -> crate::Sim {
        let prog = ProgramBuilder::new().main(64, vec![]);
        let sim = crate::Sim::new(
            prog,
            crate::Config {
                gomaxprocs: procs,
                ..Default::default()
            },
            1,
        )
        .unwrap();
        assert!(sim.rt.p(0).runq.runqget().is_some());
        sim
    }

    /// `wakep`: a no-op while any M spins; with no idle P it sets needspinning.
    #[test]
    fn wakep_is_a_no_op_while_an_m_spins_and_flags_needspinning_without_an_idle_p() {
        let sim = rt(2);
        let rt = &sim.rt;
        let threads = rt.mcount();
        rt.sched.nmspinning.store(1, Ordering::Release);
        rt.wakep();
        assert_eq!(rt.mcount(), threads, "no M started while one spins");
        rt.sched.nmspinning.store(0, Ordering::Release);
        // Take the only idle P away: wakep finds none and asks for a spinner later.
        let p1 = rt.pidleget(&mut rt.lock_sched()).unwrap();
        rt.wakep();
        assert_eq!(rt.sched.needspinning.load(Ordering::Acquire), 1);
        assert_eq!(rt.sched.nmspinning.load(Ordering::Acquire), 0);
        assert_eq!(rt.mcount(), threads);
        rt.pidleput(&mut rt.lock_sched(), p1);
        // With an idle P, wakep starts a spinning M on it.
        rt.wakep();
        assert_eq!(rt.mcount(), threads + 1);
        assert_eq!(rt.sched.nmspinning.load(Ordering::Acquire), 1);
    }

    /// `handoffp`'s table: row 1 (local work → startm), row 4 (no spinning or
    /// idle M/P → a spinning M), row 8 (the last running P, nobody polling → startm),
    /// row 9 (otherwise the P goes idle).
    #[test]
    fn handoffp_follows_gos_table() {
        // Row 1: the P has local work.
        let sim = rt(2);
        let rt1 = &sim.rt;
        rt1.releasep(0);
        rt1.p(0)
            .runq
            .runqput(GIdx(1), false, &mut |_| unreachable!());
        let threads = rt1.mcount();
        rt1.handoffp(0);
        assert_eq!(rt1.mcount(), threads + 1, "row 1 started an M for the work");
        assert!(!rt1
            .m(rt1.allm.len() as u32 - 1)
            .spinning
            .load(Ordering::Acquire));

        // Row 4: GOMAXPROCS=1, the P released, nobody spinning or idle.
        let sim = rt(1);
        let rt4 = &sim.rt;
        rt4.releasep(0);
        rt4.handoffp(0);
        let newest = rt4.m(rt4.allm.len() as u32 - 1);
        assert!(
            newest.spinning.load(Ordering::Acquire),
            "row 4 starts a spinning M"
        );
        assert_eq!(rt4.sched.nmspinning.load(Ordering::Acquire), 1);

        // Row 8: GOMAXPROCS=2, P1 idle, P0 released: it is the last running P.
        let sim = rt(2);
        let rt8 = &sim.rt;
        rt8.releasep(0);
        let threads = rt8.mcount();
        rt8.handoffp(0);
        assert_eq!(rt8.mcount(), threads + 1, "row 8 keeps one M running");

        // Row 9: another P runs and an M spins: the P just goes idle.
        let sim = rt(2);
        let rt9 = &sim.rt;
        let p1 = rt9.pidleget(&mut rt9.lock_sched()).unwrap();
        let m1 = rt9.new_m_struct(false);
        rt9.acquirep(m1, p1);
        rt9.sched.nmspinning.store(1, Ordering::Release);
        rt9.releasep(0);
        let threads = rt9.mcount();
        rt9.handoffp(0);
        assert_eq!(rt9.mcount(), threads, "row 9 starts nothing");
        assert_eq!(rt9.lock_sched().pidle, vec![0], "P0 is idle");
    }

    /// A runnable user G on P `p`'s ring (a real G, so events can name it).
    fn user_g(rt: &Runtime, p: PId) -> GIdx {
        let g = rt.newproc1(None, p, rt.rtfuncs.main, 0, GKind::Example, 1, None);
        rt.p(p).runq.runqput(g, false, &mut |_| unreachable!());
        g
    }

    /// A G parked on the netpoller (`_Gwaiting`), as `netpoll` hands them back.
    fn io_waiter(rt: &Runtime) -> GIdx {
        let g = rt.newproc1(None, 0, rt.rtfuncs.main, 0, GKind::Example, 1, None);
        rt.g(g)
            .casgstatus(GStatus::Runnable, GStatus::Running, rt.rmw);
        rt.g(g)
            .casgstatus(GStatus::Running, GStatus::Waiting, rt.rmw);
        g
    }

    /// `findRunnable`'s steal loop: a non-spinning M steals only while
    /// `2*nmspinning < gomaxprocs - npidle`; otherwise it leaves the work to the spinners
    /// already looking and gives its P up.
    #[test]
    fn a_non_spinning_m_steals_only_under_the_spinning_cap() {
        for (spinners, steals) in [(1, false), (0, true)] {
            let sim = rt(4);
            let rt = &sim.rt;
            // P1 runs on M1 with one G in its ring; P2 and P3 stay idle, so
            // gomaxprocs - npidle = 2.
            let p1 = rt.pidleget(&mut rt.lock_sched()).unwrap();
            let m1 = rt.new_m_struct(false);
            rt.acquirep(m1, p1);
            let g = user_g(rt, p1);
            assert_eq!(rt.sched.npidle.load(Ordering::Acquire), 2);
            rt.sched.nmspinning.store(spinners, Ordering::Release);
            let mut cont = MCont::Schedule;
            let found = rt.find_runnable(0, &mut cont);
            if steals {
                assert!(
                    matches!(found, Found::G { gp: got, .. } if got == g),
                    "2*0 < 2: M0 spins and steals P1's G"
                );
                assert!(rt.p(p1).runq.runqempty());
            } else {
                assert!(
                    matches!(found, Found::Wait(_)),
                    "2*1 >= 2: M0 must not steal"
                );
                assert!(!rt.m(0).spinning.load(Ordering::Acquire));
                let (_, _, ring, _) = rt.p(p1).runq.snapshot();
                assert_eq!(ring, vec![g], "the G stays on P1");
                assert_eq!(rt.m(0).p(), None, "M0 dropped its P");
            }
        }
    }

    /// `proc.go: procresize`: runnable Ps without a usable `oldm` take `mget()` in
    /// ascending P order (`runnablePsNeedM` is built highest first, each pushed on the
    /// front), and the list `startTheWorldWithSema` walks ends highest first.
    #[test]
    fn procresize_takes_ms_in_ascending_p_order() {
        let sim = rt(4);
        let rt = &sim.rt;
        // As stopTheWorld leaves it: no idle P, each of P1..P3 with work and no oldm.
        let mut s = rt.lock_sched();
        while rt.pidleget(&mut s).is_some() {}
        drop(s);
        for p in 1..4 {
            user_g(rt, p);
            rt.p(p)
                .status
                .store(PStatus::Gcstop as u32, Ordering::Release);
        }
        let ms: Vec<MId> = (0..3).map(|_| rt.new_m_struct(false)).collect();
        let mut s = rt.lock_sched();
        s.midle.extend(ms.iter().copied());
        let runnable = rt.procresize(&mut s, 4, Some(0));
        // mget pops the newest idle M first: P1 gets ms[2], P2 ms[1], P3 ms[0].
        assert_eq!(
            runnable,
            vec![(3, Some(ms[0])), (2, Some(ms[1])), (1, Some(ms[2]))]
        );
    }

    /// `proc.go: runqgrab`: a thief that finds a busy victim's runnext sleeps
    /// `usleep(3)` *inside* runqgrab, then CASes that same runnext; if the victim ran it
    /// meanwhile, runqgrab starts over on the same victim. The deterministic driver
    /// suspends the M there and resumes at the same victim, so work that reached the
    /// global queue during the 3 µs does not come first. (The sleep is inside the
    /// runtime: no program output shows it, so this follows the source.)
    #[test]
    fn runqgrab_retries_the_same_victim_after_usleep() {
        for victim_ran_it in [false, true] {
            let sim = rt(2);
            let rt = &sim.rt;
            let p1 = rt.pidleget(&mut rt.lock_sched()).unwrap();
            let m1 = rt.new_m_struct(false);
            rt.acquirep(m1, p1);
            // M1 runs a G on P1, which has just readied another into P1's runnext.
            let running = user_g(rt, p1);
            assert_eq!(rt.p(p1).runq.runqget(), Some((running, false)));
            rt.execute(m1, running, false);
            let next = rt.newproc1(None, p1, rt.rtfuncs.main, 0, GKind::Example, 1, None);
            rt.p(p1).runq.runqput(next, true, &mut |_| unreachable!());
            // M0 (P0, nothing local) spins, reaches P1's runnext and backs off.
            let mut cont = MCont::Schedule;
            let found = rt.find_runnable(0, &mut cont);
            assert!(matches!(
                found,
                Found::Wait(Wait::Run { after })
                    // usleep(3): a latency of its measured distribution
                    if (rt.cfg.cost.usleep3.at(0) as i64..=rt.cfg.cost.usleep3.at(999_999) as i64)
                        .contains(&after)
            ));
            let r = rt.m(0).steal_resume.lock().expect("suspended in runqgrab");
            assert_eq!(
                (r.victim, r.next, r.pass),
                (p1, next, STEAL_TRIES as u32 - 1)
            );
            // During the 3 µs a G reaches the global queue.
            let global = rt.newproc1(None, 0, rt.rtfuncs.main, 0, GKind::Example, 1, None);
            rt.globrunqput(&mut rt.lock_sched(), global);
            if victim_ran_it {
                assert_eq!(rt.p(p1).runq.runqget(), Some((next, true)));
            }
            let found = rt.find_runnable(0, &mut cont);
            let want = if victim_ran_it { global } else { next };
            assert!(
                matches!(found, Found::G { gp: g, .. } if g == want),
                "victim ran it: {victim_ran_it}"
            );
            assert!(rt.m(0).steal_resume.lock().is_none());
        }
    }

    /// `injectglist` from a P-less M (sysmon's netpoll, or an M that dropped its
    /// P): every G goes to the global queue and one idle P is started per G.
    #[test]
    fn netpoll_results_without_a_p_all_go_global_and_start_idle_ps() {
        let sim = rt(4);
        let rt = &sim.rt;
        let gs: Vec<GIdx> = (0..2).map(|_| io_waiter(rt)).collect();
        let threads = rt.mcount();
        let idle = rt.sched.npidle.load(Ordering::Acquire);
        assert_eq!(idle, 3);
        rt.injectglist(None, &gs);
        assert_eq!(rt.lock_sched().runq.iter().copied().collect::<Vec<_>>(), gs);
        assert_eq!(rt.mcount(), threads + 2, "an M per G, each on an idle P");
        assert_eq!(rt.sched.npidle.load(Ordering::Acquire), idle - 2);
        for &g in &gs {
            assert_eq!(rt.g(g).status(), GStatus::Runnable);
        }
    }

    /// `injectglist` on an M with a P: one G per idle P goes to the global queue
    /// (and that many idle Ps start); the rest go to the caller's own run queue.
    #[test]
    fn netpoll_results_with_a_p_feed_idle_ps_first_and_keep_the_rest_local() {
        let sim = rt(2);
        let rt = &sim.rt;
        assert_eq!(rt.sched.npidle.load(Ordering::Acquire), 1);
        let gs: Vec<GIdx> = (0..4).map(|_| io_waiter(rt)).collect();
        rt.injectglist(Some(0), &gs);
        assert_eq!(
            rt.lock_sched().runq.iter().copied().collect::<Vec<_>>(),
            vec![gs[0]],
            "one G for the one idle P"
        );
        let (_, _, ring, next) = rt.p(0).runq.snapshot();
        assert!(next.is_nil(), "injected Gs do not take runnext");
        assert_eq!(ring, gs[1..].to_vec(), "the rest stay local, in order");
    }
}
