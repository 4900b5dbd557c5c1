//! # Stop-the-world and `procresize` (GOMAXPROCS changes)
//!
//! `runtime.GOMAXPROCS(n)` with a new value stops the world
//! (`stopTheWorldWithSema`): it sets `gcwaiting`, counts the Ps still to stop in
//! `stopwait`, stops its own P, takes Ps from syscalling Ms, pulls idle Ps off the idle
//! list, and asks every running G to stop (`preemptall`). Each M that notices
//! `gcwaiting` in the scheduler parks its P in `_Pgcstop` (`gcstopm`); the last one
//! wakes the stopper, which re-preempts stragglers every 100 µs meanwhile.
//!
//! With the world stopped, `procresize(n)` (`proc.go: procresize`):
//! - destroyed Ps (ids ≥ n) push their ring, tail first, onto the **head** of the global
//!   queue, then their runnext: their Gs lead the global queue in their original order,
//!   runnext first; timers move to the caller's P; free Gs go global; `_Pdead`;
//! - the caller keeps its P if its id < n, else takes P0;
//! - the other Ps become idle; those with work get their previous M if it is idle,
//!   else any idle M (`mget`, taken in ascending P order), else a new one; empty ones
//!   go on the idle list in ascending order (LIFO, so `pidleget` hands out the highest
//!   id first).
//!
//! `startTheWorldWithSema` first polls the network (`netpoll(0)`, `injectglist`), then
//! resizes, wakes an M for each runnable P in `procresize`'s order and calls `wakep`.
//!
//! An outside request (the UI's GOMAXPROCS control, `gmp run --procs` changes) goes
//! through the runtime's own "GOMAXPROCS updater" goroutine, as Go 1.25+ does for its
//! automatic updates: sysmon readies it, and it calls `GOMAXPROCS(n)`.

use std::sync::atomic::Ordering;

use crate::runtime::{MCont, MId, PId, PStatus, Runtime, SchedLocked, Wait};
use crate::trace::EvKind;

impl Runtime {
    /// `preemptall`.
    pub(crate) fn preemptall(&self) {
        for i in 0..self.gomaxprocs() {
            if self.p(i).status() == PStatus::Running {
                self.preemptone(i);
            }
        }
    }

    /// Starts a stop-the-world from M `m` (whose G is running). Returns true if the
    /// world is already stopped.
    pub(crate) fn stop_the_world(&self, m: MId, kind: &'static str) -> bool {
        self.emit(Some(m), EvKind::STWBegin { kind });
        let mut s = self.lock_sched();
        let gomaxprocs = self.gomaxprocs();
        self.sched.gcwaiting.store(true, Ordering::Release);
        s.stopwait = gomaxprocs as i32;
        s.stw_m = Some(m);
        // Our own P.
        let own = self.m(m).p().expect("stopTheWorld: no p");
        self.p(own)
            .status
            .store(PStatus::Gcstop as u32, Ordering::Release);
        s.stopwait -= 1;
        // Ps wired to syscalling Ms.
        for p in 0..gomaxprocs {
            if let Some((om, og)) = self.set_block_on_exit_syscall(p) {
                self.take_p(Some(m), p, om);
                self.p(p)
                    .status
                    .store(PStatus::Gcstop as u32, Ordering::Release);
                self.g(og).release_scan(crate::g::GStatus::Syscall);
                s.stopwait -= 1;
            }
        }
        // Idle Ps.
        while let Some(p) = self.pidleget(&mut s) {
            self.p(p)
                .status
                .store(PStatus::Gcstop as u32, Ordering::Release);
            s.stopwait -= 1;
        }
        let done = s.stopwait == 0;
        drop(s);
        if !done {
            self.preemptall();
        }
        done
    }

    /// The stopper waits: re-preempt every 100 µs until `stopwait` is 0.
    pub(crate) fn stw_wait(&self, m: MId, cont: &mut MCont) -> Wait {
        let stopped = self.lock_sched().stopwait == 0;
        self.m(m).park.store(0, Ordering::Release);
        if !stopped {
            self.preemptall();
            return Wait::ParkUntil {
                until: self.abs_time(self.now() + crate::consts::STW_REPREEMPT_NS),
            };
        }
        *cont = MCont::Run;
        // What the stop was for (`stwReason`).
        match self.gc.stw_for() {
            crate::gc::StwFor::Gomaxprocs => self.finish_gomaxprocs(m),
            crate::gc::StwFor::GcSweepTerm => self.gc_sweep_term_stopped(m),
            crate::gc::StwFor::GcMarkTerm => self.gc_mark_termination(m),
        }
        Wait::Run {
            after: self.cfg.cost.schedule as i64,
        }
    }

    /// One more P stopped for the stop-the-world (under sched.lock): `stopwait--`, and
    /// the last one wakes the stopper (`notewakeup(&sched.stopnote)`).
    pub(crate) fn stopwait_dec(&self, s: &mut SchedLocked) {
        s.stopwait -= 1;
        if s.stopwait == 0 {
            if let Some(w) = s.stw_m {
                self.notewakeup(w);
            }
        }
    }

    /// `gcstopm`: an M saw `gcwaiting`; stop its P and park.
    pub(crate) fn gcstopm(&self, m: MId, cont: &mut MCont) -> Wait {
        let mm = self.m(m);
        if mm.spinning.swap(false, Ordering::AcqRel) {
            self.rmw.add(&self.sched.nmspinning, -1);
        }
        let p = self.releasep(m);
        {
            let mut s = self.lock_sched();
            self.p(p)
                .status
                .store(PStatus::Gcstop as u32, Ordering::Release);
            self.stopwait_dec(&mut s);
        }
        self.stopm(m, cont)
    }

    /// `runtime.GOMAXPROCS(n)` from the G running on `m`. Returns the Wait if the G must
    /// wait for the world to stop (its M is then in [`MCont::StwWait`]).
    pub(crate) fn gomaxprocs_call(&self, m: MId, n: u32, cont: &mut MCont) -> Option<Wait> {
        let n = n.min(crate::runtime::MAX_MODEL_PROCS as u32);
        if n == 0 || n == self.gomaxprocs() {
            return None;
        }
        self.lock_sched().newprocs = n;
        self.gc
            .stw_for
            .store(crate::gc::StwFor::Gomaxprocs as u8, Ordering::Release);
        if self.stop_the_world(m, "GOMAXPROCS") {
            self.finish_gomaxprocs(m);
            return None;
        }
        *cont = MCont::StwWait;
        Some(Wait::ParkUntil {
            until: self.abs_time(self.now() + crate::consts::STW_REPREEMPT_NS),
        })
    }

    /// The world is stopped for `GOMAXPROCS(n)`: `procresize(n)` and start the world.
    fn finish_gomaxprocs(&self, m: MId) {
        self.start_the_world(m);
    }

    /// `startTheWorldWithSema`: `procresize` (to `newprocs` if set, else the same
    /// GOMAXPROCS) and Ms for the Ps with work.
    pub(crate) fn start_the_world(&self, m: MId) {
        // `proc.go: startTheWorldWithSema`: before procresize, a non-blocking
        // `netpoll(0)` and `injectglist` of what is ready (onto the caller's P: with the
        // world stopped no P is idle), so Gs whose I/O completed during the stop are
        // runnable when the Ps come back.
        if self.netpoll.inited() {
            let list = self.netpoll.poll(self.now());
            self.injectglist(Some(m), &list);
        }
        let runnable = {
            let mut s = self.lock_sched();
            let n = if s.newprocs != 0 {
                s.newprocs
            } else {
                self.gomaxprocs()
            };
            s.newprocs = 0;
            let r = self.procresize(&mut s, n, Some(m));
            self.sched.gcwaiting.store(false, Ordering::Release);
            s.stw_m = None;
            r
        };
        if self.sched.sysmonwait.load(Ordering::Acquire) {
            self.wake_sysmon();
        }
        for (p, mp) in runnable {
            match mp {
                Some(mp) => {
                    self.m(mp).nextp.store(Some(p), Ordering::Release);
                    self.notewakeup(mp);
                }
                None => self.newm(false, p),
            }
        }
        self.emit(Some(m), EvKind::STWEnd);
        self.wakep();
    }

    /// `procresize(n)` under sched.lock with the world stopped (or at start-up). `m` is
    /// the calling M. Returns the runnable Ps with the M each should wake (None: new M).
    pub(crate) fn procresize(
        &self,
        s: &mut SchedLocked,
        nprocs: u32,
        m: Option<MId>,
    ) -> Vec<(PId, Option<MId>)> {
        let old = self.gomaxprocs();
        assert!(
            nprocs >= 1 && (nprocs as usize) <= crate::runtime::MAX_MODEL_PROCS,
            "procresize: invalid arg"
        );
        self.grow_allp(nprocs as usize);
        self.emit(m, EvKind::ProcsChange { procs: nprocs });
        // New Ps start stopped with empty queues.
        for i in old..nprocs {
            let pp = self.p(i);
            pp.status.store(PStatus::Gcstop as u32, Ordering::Release);
            pp.m.store(None, Ordering::Release);
        }
        // The caller keeps its P if it survives, else takes P0.
        if let Some(m) = m {
            let mm = self.m(m);
            match mm.p() {
                Some(p) if p < nprocs => {
                    self.p(p)
                        .status
                        .store(PStatus::Running as u32, Ordering::Release);
                }
                cur => {
                    if let Some(p) = cur {
                        self.emit(Some(m), EvKind::ProcStop { p: p as i32 });
                        self.p(p).m.store(None, Ordering::Release);
                        mm.p.store(None, Ordering::Release);
                    }
                    self.p(0).m.store(None, Ordering::Release);
                    self.acquirep(m, 0);
                }
            }
        }
        // Destroy the Ps that go away.
        let to = m.and_then(|m| self.m(m).p()).unwrap_or(0);
        for i in nprocs..old {
            self.p_destroy(s, i, to);
        }
        self.sched
            .gomaxprocs
            .store(nprocs as i32, Ordering::Release);
        // Everyone else: idle, or runnable with an M. Go walks the Ps from the highest id
        // down, pushing each onto the front of a local list (`idlePs`, `runnablePs`,
        // `runnablePsNeedM`), so every list ends up in ascending order.
        let cur = m.and_then(|m| self.m(m).p());
        let mut idle = Vec::new();
        let mut runnable = Vec::new();
        let mut need_m = Vec::new();
        for i in (0..nprocs).rev() {
            if Some(i) == cur {
                continue;
            }
            let pp = self.p(i);
            pp.status.store(PStatus::Idle as u32, Ordering::Release);
            pp.m.store(None, Ordering::Release);
            if pp.runq.runqempty() {
                idle.push(i);
                continue;
            }
            // Prefer the P's previous M if it is idle (`mgetSpecific(oldm)`).
            let mp = match pp.oldm.load(Ordering::Acquire) {
                Some(oldm) => self.mget_specific(s, oldm),
                None => None,
            };
            match mp {
                Some(mp) => runnable.push((i, Some(mp))),
                None => need_m.push(i),
            }
        }
        // `runnablePs` is ascending; the Ps without a usable oldm then take `mget()` in
        // ascending order, each pushed onto its front, so startTheWorldWithSema wakes
        // them highest first and then the oldm Ps lowest first.
        runnable.reverse();
        for &i in need_m.iter().rev() {
            let mp = self.mget(s);
            runnable.insert(0, (i, mp));
        }
        // "STWs during the mark require that Ps reselect mark workers upon restart":
        // idle Ps, lowest first, take a waiting worker (`assignWaitingGCWorker`) and
        // become runnable with an idle M (`mget`; None: startTheWorld starts one), each
        // pushed onto the front of the runnable list.
        if self.gc.blacken_enabled.load(Ordering::Acquire) {
            let now = self.now();
            // (`idle` runs from the highest P down.)
            while let Some(&i) = idle.last() {
                if !self.assign_waiting_gc_worker(i, now) {
                    break;
                }
                idle.pop();
                let mp = self.mget(s);
                runnable.insert(0, (i, mp));
            }
        }
        // "Finally, any remaining Ps are truly idle": `pidleput` in ascending order onto
        // the LIFO idle list, so `pidleget` hands out the highest-numbered P first.
        for &i in idle.iter().rev() {
            self.pidleput(s, i);
        }
        runnable
    }

    /// `p.destroy`: move the P's work to the head of the global queue (runnext first,
    /// then the ring in order), its timers to `to`, its free Gs to the global list.
    fn p_destroy(&self, s: &mut SchedLocked, p: PId, to: PId) {
        let pp = self.p(p);
        let (_, _, ring, runnext) = pp.runq.snapshot();
        // Pop the ring from the tail, pushing each at the global head.
        let drained = pp.runq.runqdrain();
        debug_assert_eq!(drained.len(), ring.len() + usize::from(!runnext.is_nil()));
        for &g in ring.iter().rev() {
            self.globrunqputhead(s, g);
        }
        if !runnext.is_nil() {
            self.globrunqputhead(s, runnext);
        }
        let moved = (!runnext.is_nil())
            .then_some(runnext)
            .into_iter()
            .chain(ring.iter().copied())
            .map(|g| self.goid(g))
            .collect();
        self.emit(None, EvKind::ProcDestroy { p: p as i32, moved });
        if p != to {
            self.timers_take(to, p);
        }
        // sched.lock, then the P's own: the reverse of gfget/gfput, safe only because
        // the world is stopped and no M owns this P.
        let mut own = pp.own.lock();
        s.gfree.extend(own.gfree.drain(..));
        drop(own);
        pp.status.store(PStatus::Dead as u32, Ordering::Release);
        pp.m.store(None, Ordering::Release);
        self.sched.idlep_mask[p as usize].store(false, Ordering::Release);
    }
}
