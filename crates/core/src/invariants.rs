//! # Checking the scheduler's invariants
//!
//! At a quiescent point (the deterministic driver between steps, or a stopped live run),
//! every goroutine is in exactly one place:
//! - on a run queue (a P's ring or runnext, or the global queue) and `_Grunnable`, or
//!   `_Grunnable` and locked to an M that `startlockedm` has just handed a P;
//! - the current G of an M (`curg`) and `_Grunning`, `_Gsyscall` or `_Gcopystack`;
//! - parked (`_Gwaiting`) on a channel, mutex, WaitGroup, timer or the netpoller;
//! - or `_Gdead`.
//!
//! Plus: P and M point at each other (`p.m` ⇔ `m.p`), `nmspinning` equals the number of
//! spinning Ms and is never negative, idle Ps are on the idle list exactly once and
//! have empty rings.

use std::collections::HashMap;
use std::sync::atomic::Ordering;

use crate::g::{GIdx, GStatus};
use crate::runtime::{PStatus, Runtime};

impl Runtime {
    /// Returns a description of the first broken invariant, if any. Call it only while
    /// no M is stepping.
    pub fn check_invariants(&self) -> Result<(), String> {
        let s = self.lock_sched();
        let mut places: HashMap<u32, Vec<String>> = HashMap::new();
        let mut put = |g: GIdx, what: String| places.entry(g.0).or_default().push(what);
        for (i, &g) in s.runq.iter().enumerate() {
            put(g, format!("global queue[{i}]"));
        }
        let gomaxprocs = self.gomaxprocs();
        for p in 0..gomaxprocs {
            let pp = self.p(p);
            let (_, _, ring, next) = pp.runq.snapshot();
            for (i, g) in ring.into_iter().enumerate() {
                put(g, format!("P{p} ring[{i}]"));
            }
            if !next.is_nil() {
                put(next, format!("P{p} runnext"));
            }
        }
        for i in 0..self.allm.len() {
            let mm = &self.allm[i];
            let g = mm.curg();
            if !g.is_nil() {
                put(g, format!("M{} curg", mm.id));
            }
            // `startlockedm` handed this M a P for its locked G, which is on no queue
            // until the M wakes and runs it.
            let locked = GIdx(mm.lockedg.load(Ordering::Acquire));
            if !locked.is_nil() && locked != g && mm.nextp.is_some(Ordering::Acquire) {
                put(locked, format!("M{} lockedg, handed a P", mm.id));
            }
        }
        for i in 1..self.allgs.len() {
            let gp = GIdx(i as u32);
            let g = self.g(gp);
            let st = g.status();
            let at = places.get(&gp.0).cloned().unwrap_or_default();
            let queued = at.iter().filter(|w| !w.ends_with("curg")).count();
            let running = at.len() - queued;
            let ok = match st {
                GStatus::Runnable => queued == 1 && running == 0,
                GStatus::Running | GStatus::Syscall | GStatus::Copystack => {
                    running == 1 && queued == 0
                }
                GStatus::Waiting | GStatus::Dead | GStatus::Idle | GStatus::Preempted => {
                    at.is_empty()
                }
            };
            if !ok {
                return Err(format!(
                    "goroutine {} is {} but found at {:?}",
                    g.goid(),
                    st.go_name(),
                    at
                ));
            }
        }
        // P <-> M wiring.
        for p in 0..gomaxprocs {
            let pp = self.p(p);
            if let Some(m) = pp.m() {
                if self.m(m).p() != Some(p) {
                    return Err(format!(
                        "P{p}.m = M{} but that M holds {:?}",
                        self.m(m).id,
                        self.m(m).p()
                    ));
                }
            }
        }
        for i in 0..self.allm.len() {
            let mm = &self.allm[i];
            if let Some(p) = mm.p() {
                if self.p(p).m() != Some(i as u32) {
                    return Err(format!(
                        "M{} holds P{p} but P{p}.m = {:?}",
                        mm.id,
                        self.p(p).m()
                    ));
                }
            }
        }
        // Spinning count.
        let spinning = (0..self.allm.len())
            .filter(|&i| self.allm[i].spinning.load(Ordering::Acquire))
            .count() as i32;
        let n = self.sched.nmspinning.load(Ordering::Acquire);
        if n < 0 || n != spinning {
            return Err(format!("nmspinning = {n} but {spinning} Ms are spinning"));
        }
        // Idle Ps.
        let mut seen = vec![false; self.allp.len()];
        for &p in &s.pidle {
            if std::mem::replace(&mut seen[p as usize], true) {
                return Err(format!("P{p} is on the idle list twice"));
            }
            let pp = self.p(p);
            if pp.status() != PStatus::Idle || !pp.runq.runqempty() || pp.m().is_some() {
                return Err(format!(
                    "idle P{p} is {:?}, m={:?}, with work={}",
                    pp.status(),
                    pp.m(),
                    !pp.runq.runqempty()
                ));
            }
        }
        if s.pidle.len() as i32 != self.sched.npidle.load(Ordering::Acquire) {
            return Err("npidle differs from the idle list's length".into());
        }
        Ok(())
    }
}
