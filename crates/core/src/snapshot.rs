//! # Snapshots: what the UI draws, read without blocking
//!
//! [`Runtime::snapshot`] copies the scheduler's visible state (every P with its runnext
//! and ring, the global queue, every M, sysmon, the netpoller, timers, every live G)
//! using only atomic loads and `try_lock`, so the browser's main thread can call it
//! while worker threads run. Under the live driver a snapshot is a best-effort picture
//! of a moving system (a G may show up twice or not at all for one frame); under the
//! deterministic driver it is exact.

use std::sync::atomic::Ordering;

use crate::g::{GKind, GStatus, WaitReason};
use crate::runtime::{MCont, PStatus, Runtime};

#[derive(Clone, Debug, PartialEq)]
pub struct PSnap {
    pub id: u32,
    pub status: PStatus,
    pub schedtick: u32,
    pub syscalltick: u32,
    /// The id of the M holding it.
    pub m: Option<i64>,
    pub runnext: Option<u64>,
    /// Goids in the ring, head first (excludes runnext, like schedtrace).
    pub ring: Vec<u64>,
    pub head: u32,
    pub tail: u32,
    /// The G its M is running, and whether that G is in a syscall.
    pub curg: Option<u64>,
    pub in_syscall: bool,
    pub timers: u32,
}

/// What an M is doing, as the explorer names it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MState {
    /// Running a G (user code or the scheduler on its behalf).
    Running,
    /// Looking for work (`spinning`).
    Spinning,
    /// In the scheduler without a G.
    Scheduling,
    /// In a syscall, still wired to its P.
    SyscallHoldingP,
    /// In a syscall, its P taken away.
    SyscallNoP,
    /// Parked in `stopm` on the idle list.
    Idle,
    /// Blocked in `netpoll`.
    Netpoll,
    /// Stopping the world.
    Stw,
    /// sysmon, between its cycles.
    Sysmon,
    Exited,
}

impl MState {
    pub fn label(self) -> &'static str {
        match self {
            MState::Running => "running",
            MState::Spinning => "spinning",
            MState::Scheduling => "scheduling",
            MState::SyscallHoldingP => "syscall (holds P)",
            MState::SyscallNoP => "syscall (P handed off)",
            MState::Idle => "idle (parked)",
            MState::Netpoll => "blocked in netpoll",
            MState::Stw => "stopping the world",
            MState::Sysmon => "sysmon",
            MState::Exited => "exited",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct MSnap {
    pub id: i64,
    pub p: Option<u32>,
    pub curg: Option<u64>,
    pub state: MState,
    pub spinning: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct GSnap {
    pub goid: u64,
    pub kind: GKind,
    pub status: GStatus,
    pub waitreason: WaitReason,
    pub stack_size: u64,
    pub stack_used: u64,
    /// The id of the M running it.
    pub m: Option<i64>,
    /// The function it started with, and its argument (see [`Runtime::g_label`]).
    pub startfn: u32,
    pub startarg: i64,
    /// The source line a front end's goroutine is at (0: not a front end's G, or not
    /// known now: a live M is running it).
    pub line: u32,
    /// What the program calls it ([`crate::code::GCode::label`]).
    pub label: Option<std::sync::Arc<str>>,
    /// When it last changed status (ns since the start).
    pub since: i64,
    /// The function it is in now (an index into the program's functions; `None` when
    /// its M was running it at that moment).
    pub func: Option<u32>,
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct SysmonSnap {
    pub delay_us: i64,
    pub idle_cycles: u32,
    pub deep_sleep: bool,
    pub last_preempt: Option<(i64, u32)>,
    pub last_retake: Option<(i64, u32)>,
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct Snapshot {
    /// ns since the program started.
    pub now: i64,
    pub gomaxprocs: u32,
    pub ps: Vec<PSnap>,
    /// The global queue, head first (None if its lock was busy this time).
    pub global: Option<Vec<u64>>,
    pub global_len: u32,
    pub ms: Vec<MSnap>,
    pub threads: i64,
    pub nmspinning: i32,
    pub npidle: i32,
    pub nmidle: i32,
    pub needspinning: u32,
    pub sysmon: SysmonSnap,
    /// Gs parked on the netpoller, with when their data arrives.
    pub netpoll: Vec<(u64, i64)>,
    /// The G listening for the explorer's requests.
    pub listener: Option<u64>,
    /// Sleeping Gs: (goid, wake time).
    pub timers: Vec<(u64, i64)>,
    /// Every G that is not dead.
    pub gs: Vec<GSnap>,
    pub dead: usize,
    pub events: u64,
    pub steals: u64,
    pub preemptions: u64,
    pub exited: Option<i32>,
}

impl Runtime {
    /// What to call a goroutine: its start function, and the name the program gave it
    /// (the Gosched example's "A", "B" ...), e.g. `("main.main.func1", Some("A"))`.
    pub fn g_label(&self, startfn: u32, startarg: i64) -> (&str, Option<&str>) {
        let name = self
            .prog
            .funcs
            .get(startfn as usize)
            .map(|f| f.name.as_str())
            .unwrap_or("?");
        let label = (startfn != 0 && startfn != self.rtfuncs.main)
            .then(|| self.prog.labels.get(startarg as usize).map(String::as_str))
            .flatten();
        (name, label)
    }

    /// A non-blocking picture of the whole scheduler.
    pub fn snapshot(&self) -> Snapshot {
        let goid = |g: crate::g::GIdx| -> Option<u64> { (!g.is_nil()).then(|| self.g(g).goid()) };
        let mid = |m: Option<u32>| m.map(|m| self.m(m).id);
        let gomaxprocs = self.gomaxprocs();
        let mut ps = Vec::with_capacity(gomaxprocs as usize);
        let mut timers = Vec::new();
        for p in 0..gomaxprocs {
            let pp = self.p(p);
            let (head, tail, ring, next) = pp.runq.snapshot();
            let m = pp.m();
            let curg = m.map(|m| self.m(m).curg()).filter(|g| !g.is_nil());
            let in_syscall = curg.is_some_and(|g| self.g(g).status() == GStatus::Syscall);
            for (when, g) in pp.timers.snapshot() {
                timers.push((self.goid(g), when));
            }
            ps.push(PSnap {
                id: p,
                status: pp.status(),
                schedtick: pp.schedtick.load(Ordering::Relaxed),
                syscalltick: pp.syscalltick.load(Ordering::Relaxed),
                m: mid(m),
                runnext: goid(next),
                ring: ring.into_iter().filter_map(goid).collect(),
                head,
                tail,
                curg: curg.and_then(goid),
                in_syscall,
                timers: pp.timers.len.load(Ordering::Relaxed),
            });
        }
        let global = self
            .sched
            .lock
            .try_lock()
            .ok()
            .map(|s| s.runq.iter().filter_map(|&g| goid(g)).collect::<Vec<_>>());
        let mut ms = Vec::with_capacity(self.allm.len());
        for i in 0..self.allm.len() {
            let mm = &self.allm[i];
            let g = mm.curg();
            let spinning = mm.spinning.load(Ordering::Relaxed);
            let state = if mm.is_sysmon {
                MState::Sysmon
            } else {
                match Some(mm.cont()) {
                    Some(MCont::Dead) => MState::Exited,
                    Some(MCont::Stopped) => MState::Idle,
                    Some(MCont::Netpoll { .. }) => MState::Netpoll,
                    Some(MCont::StwWait) => MState::Stw,
                    Some(MCont::Syscall) => {
                        if mm.p().is_some() {
                            MState::SyscallHoldingP
                        } else {
                            MState::SyscallNoP
                        }
                    }
                    _ if spinning => MState::Spinning,
                    _ if !g.is_nil() => MState::Running,
                    _ => MState::Scheduling,
                }
            };
            ms.push(MSnap {
                id: mm.id,
                p: mm.p(),
                curg: goid(g),
                state,
                spinning,
            });
        }
        let mut gs = Vec::new();
        let mut dead = 0;
        for i in 1..self.allgs.len() {
            let g = &self.allgs[i];
            let status = g.status();
            if status == GStatus::Dead || status == GStatus::Idle {
                dead += 1;
                continue;
            }
            let (line, label, func) = match g.exec.try_lock() {
                Some(ex) => {
                    let (line, label) = ex
                        .code
                        .as_ref()
                        .map_or((0, None), |c| (c.line(), c.label()));
                    (line, label, Some(ex.func))
                }
                None => (0, None, None),
            };
            gs.push(GSnap {
                goid: g.goid(),
                kind: g.kind(),
                status,
                waitreason: g.waitreason(),
                stack_size: g.stack_size.load(Ordering::Relaxed),
                stack_used: g.stack_used.load(Ordering::Relaxed),
                m: g.m.load(Ordering::Relaxed).map(|m| self.m(m).id),
                startfn: g.startfn.load(Ordering::Relaxed),
                startarg: g.startarg.load(Ordering::Relaxed),
                line,
                label,
                since: g.since.load(Ordering::Relaxed),
                func,
            });
        }
        let sysmon = self
            .sysmon
            .try_lock()
            .map(|st| SysmonSnap {
                delay_us: st.delay_us,
                idle_cycles: st.idle,
                deep_sleep: st.deep,
                last_preempt: st.last_preempt,
                last_retake: st.last_retake,
            })
            .unwrap_or_default();
        let listener = match self.netpoll.listener.load(Ordering::Relaxed) {
            0 => None,
            g => goid(crate::g::GIdx(g)),
        };
        Snapshot {
            now: self.now(),
            gomaxprocs,
            ps,
            global_len: self.sched.runqsize.load(Ordering::Relaxed),
            global,
            ms,
            threads: self.mcount(),
            nmspinning: self.sched.nmspinning.load(Ordering::Relaxed),
            npidle: self.sched.npidle.load(Ordering::Relaxed),
            nmidle: self.sched.nmidle.load(Ordering::Relaxed),
            needspinning: self.sched.needspinning.load(Ordering::Relaxed),
            sysmon,
            netpoll: self
                .netpoll
                .snapshot()
                .into_iter()
                .map(|(t, g)| (self.goid(g), t))
                .collect(),
            listener,
            timers,
            gs,
            dead,
            events: self.events.count.load(Ordering::Relaxed),
            steals: self.events.steals.load(Ordering::Relaxed),
            preemptions: self.events.preemptions.load(Ordering::Relaxed),
            exited: self.output.try_exit_code(),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::workloads;
    use crate::{Config, Sim};

    #[test]
    fn snapshot_shows_queues_ms_and_gs() {
        let s = workloads::find("cpu-bound").unwrap();
        let p = s.params(&[("goroutines".into(), "10".into())]).unwrap();
        let mut sim = Sim::new(s.program(&p).unwrap(), Config::default(), 1).unwrap();
        sim.run_until(30_000_000, u64::MAX);
        let snap = sim.rt.snapshot();
        assert_eq!(snap.gomaxprocs, 2);
        assert_eq!(snap.ps.len(), 2);
        let user: Vec<_> = snap.gs.iter().filter(|g| g.goid >= 19).collect();
        assert_eq!(user.len(), 10);
        // Each runnable G sits in exactly one queue.
        let mut queued: Vec<u64> = snap.global.clone().unwrap();
        for p in &snap.ps {
            queued.extend(&p.ring);
            queued.extend(p.runnext);
        }
        let runnable = snap
            .gs
            .iter()
            .filter(|g| g.status == crate::GStatus::Runnable)
            .count();
        assert_eq!(queued.len(), runnable);
        assert!(snap.ms.iter().any(|m| m.state == super::MState::Sysmon));
    }
}
