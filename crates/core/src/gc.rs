//! # The garbage collector, at the level the scheduler sees it
//!
//! A GC cycle as `runtime/mgc.go` runs it, seen from the scheduler: which goroutines run,
//! when the world stops, which Ps mark. The heap itself is not traced (see "What is
//! simplified" below).
//!
//! 1. **`gcStart`** runs on the goroutine that triggers the cycle: `runtime.GC()`'s caller,
//!    an allocating goroutine past the pacer's trigger, or `forcegchelper` (sysmon's
//!    periodic trigger). On the first cycle `gcBgMarkStartWorkers` starts one
//!    `gcBgMarkWorker` goroutine per P, one at a time (`go gcBgMarkWorker(ready)` then
//!    `<-ready`): each takes a goid from the caller's P's batch and parks in the worker
//!    pool (`waitReasonGCWorkerIdle`). Then the first stop-the-world (`GC sweep
//!    termination`), `gcController.startCycle` (dedicated workers for 25% of
//!    GOMAXPROCS, rounded, and a fractional goal when rounding is more than 30% off),
//!    `_GCmark`, `gcBlackenEnabled`, and start-the-world, whose `procresize` hands
//!    waiting workers to idle Ps (`assignWaitingGCWorker`).
//! 2. **Mark.** `findRunnable` first asks `findRunnableGCWorker` (dedicated, then
//!    fractional when the P is behind its goal); a P that found nothing else runs an
//!    idle-priority worker. A dedicated worker marks until the work is done (when
//!    preempted it moves its P's run queue to the global queue, `runqdrain`, and goes
//!    on); a fractional one stops when it is over its share; an idle one as soon as
//!    there is other work (`pollWork`). The first mark work of a cycle is the roots:
//!    every goroutine's stack is scanned, and a stack using less than a quarter of its
//!    size is halved (`scanstack` → `shrinkstack`); a running goroutine shrinks at its
//!    next synchronous safe point (`preemptShrink`).
//! 3. **`gcMarkDone`**: the worker (or assist) that finishes the last work stops the
//!    world again (`GC mark termination`); `gcMarkTermination` sets `_GCoff`, computes
//!    the next heap goal, readies the background sweeper (`gcSweep`: `ready(sweep.g)`),
//!    starts the world and wakes the goroutines waiting in `gcWaitOnMark`.
//!    `runtime.GC()` returns once mark termination of its cycle is done.
//!
//! ## What is simplified
//!
//! - **The heap.** The model does not know which objects are live. A front end reports
//!   the bytes its code allocates ([`crate::code::Cx::alloc_bytes`]); the model counts
//!   them as `heapLive` and takes the marked heap of a cycle to be what was allocated
//!   while it marked (allocate-black), so a program that drops what it allocates has a
//!   heap goal of the 4 MB minimum, as real Go's gctrace shows for such a program. The
//!   goal is `heapMarked × (1 + GOGC/100)` (GOGC=100), at least 4 MB; the trigger is the
//!   pacer's lower bound, 45/64 of the way from the marked heap to the goal (Go's
//!   runway estimate usually puts it a little later).
//! - **Mark work** is CPU time: a fixed cost per cycle plus a cost per goroutine stack
//!   ([`crate::consts::GC_MARK_BASE_NS`], [`crate::consts::GC_MARK_STACK_NS`]).
//! - **Mutator assists**: a goroutine that allocates during the mark phase does mark
//!   work in proportion (`assistWorkPerByte` = work left / bytes left to the goal),
//!   charged as its CPU time; there is no assist credit or assist queue.
//! - **Sweeping** is not modelled beyond readying `bgsweep`; `runtime.GC()` does not wait
//!   for the sweep (Go's `sweepone` loop calls `Gosched` only while spans are left).
//! - While a worker marks it stays `_Grunning` (Go puts it in `_Gwaiting`,
//!   `waitReasonGCWorkerActive`, so its stack can be scanned).

use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU32, AtomicU64, AtomicU8, Ordering};

use crate::consts::*;
use crate::g::{GIdx, GKind, GStatus, WaitReason};
use crate::runtime::{MCont, MId, PId, Runtime, Wait};
use crate::sync::SpinLock;
use crate::trace::EvKind;

/// `gcphase`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum GcPhase {
    Off = 0,
    Mark = 1,
    MarkTermination = 2,
}

/// `gcMarkWorkerMode` of a P.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum MarkWorkerMode {
    NotWorker = 0,
    Dedicated = 1,
    Fractional = 2,
    Idle = 3,
}

impl MarkWorkerMode {
    pub fn from_u8(v: u8) -> MarkWorkerMode {
        match v {
            1 => MarkWorkerMode::Dedicated,
            2 => MarkWorkerMode::Fractional,
            3 => MarkWorkerMode::Idle,
            _ => MarkWorkerMode::NotWorker,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            MarkWorkerMode::NotWorker => "",
            MarkWorkerMode::Dedicated => "dedicated",
            MarkWorkerMode::Fractional => "fractional",
            MarkWorkerMode::Idle => "idle",
        }
    }
}

/// Why a cycle starts (`gcTriggerKind`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GcTrigger {
    /// The heap reached the trigger (an allocation).
    Heap,
    /// `forcegcperiod` passed since the last cycle (sysmon → forcegchelper).
    Time,
    /// `runtime.GC()`: start cycle `n` unless it has started.
    Cycle(u32),
}

/// Where a goroutine is in `runtime.GC()` / `gcStart` (kept in its [`crate::g::GExec`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GcCall {
    /// `gcWaitOnMark(n)`; then, if `start`, `gcStart(cycle n+1)`.
    WaitOnMark { n: u32, start: bool },
    /// `gcStart`: re-check the trigger, take `work.startSema`, start the workers.
    Start { trigger: GcTrigger, wait: bool },
    /// `gcBgMarkStartWorkers`: waiting on `<-ready` for the worker just started.
    StartWorkers {
        trigger: GcTrigger,
        wait: bool,
        readied: bool,
    },
    /// Waiting for the sweep-termination stop-the-world.
    SweepTerm { trigger: GcTrigger, wait: bool },
}

/// What the stop-the-world in progress is for (`stwReason`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum StwFor {
    Gomaxprocs = 0,
    GcSweepTerm = 1,
    GcMarkTerm = 2,
}

/// Figures of one cycle for `GODEBUG=gctrace=1`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CycleStats {
    pub n: u32,
    pub t_sweep_term: i64,
    pub t_mark: i64,
    pub t_mark_term: i64,
    pub t_end: i64,
    pub heap0: u64,
    pub heap1: u64,
    pub heap2: u64,
    pub goal: u64,
    pub stacks: u64,
    pub procs: u32,
    pub forced: bool,
    pub assist_ns: i64,
    pub dedicated_ns: i64,
    pub fractional_ns: i64,
    pub idle_ns: i64,
}

/// `work` and `gcController`: the collector's state.
pub struct GcState {
    pub phase: AtomicU8,
    /// `gcBlackenEnabled`.
    pub blacken_enabled: AtomicBool,
    /// `work.cycles`: cycles started.
    pub cycles: AtomicU32,
    /// `gcBgMarkWorkerCount`.
    pub worker_count: AtomicU32,
    /// `gcBgMarkWorkerPool`: parked workers (a LIFO stack, as Go's lfstack).
    pub pool: SpinLock<Vec<GIdx>>,
    /// `work.startSema`, held by the goroutine in `gcStart` (raw GIdx, 0 = free).
    pub starting: AtomicU32,
    /// `work.sweepWaiters`: goroutines in `gcWaitOnMark`.
    pub sweep_waiters: SpinLock<Vec<GIdx>>,
    /// `dedicatedMarkWorkersNeeded`.
    pub dedicated_needed: AtomicI64,
    /// `fractionalUtilizationGoal` (f64 bits).
    pub fractional_goal: AtomicU64,
    /// `idleMarkWorkers`: running idle workers and their maximum.
    pub idle_workers: AtomicI64,
    pub max_idle_workers: AtomicI64,
    /// `markStartTime`.
    pub mark_start: AtomicI64,
    /// Mark work (CPU ns) left in this cycle, and whether the roots were scanned.
    pub work_left: AtomicI64,
    pub work_total: AtomicI64,
    pub roots_done: AtomicBool,
    /// `work.markDoneSema` taken: one goroutine runs `gcMarkDone` per cycle (the others
    /// that saw the work end find it taken, as Go's re-check under the sema fails).
    pub mark_done: AtomicBool,
    /// Workers and assists doing mark work now (`work.nproc - work.nwait`).
    pub active: AtomicI64,
    /// `heapLive`, `heapMarked`, the heap at the start of the mark, the goal and trigger.
    pub heap_live: AtomicU64,
    pub heap_marked: AtomicU64,
    pub heap_mark_start: AtomicU64,
    pub heap_goal: AtomicU64,
    pub heap_trigger: AtomicU64,
    /// CPU time of the cycle's workers and assists, by kind.
    pub assist_ns: AtomicI64,
    pub dedicated_ns: AtomicI64,
    pub fractional_ns: AtomicI64,
    pub idle_ns: AtomicI64,
    /// The cycle in progress and the finished ones (for gctrace and tests).
    pub current: SpinLock<CycleStats>,
    pub done: SpinLock<Vec<CycleStats>>,
    /// `forcegc.g` (raw GIdx) and `forcegc.idle`.
    pub forcegc_g: AtomicU32,
    /// The stop-the-world in progress ([`StwFor`]).
    pub stw_for: AtomicU8,
}

impl Default for GcState {
    fn default() -> Self {
        let (goal, trigger) = heap_goal_and_trigger(0);
        GcState {
            phase: AtomicU8::new(GcPhase::Off as u8),
            blacken_enabled: AtomicBool::new(false),
            cycles: AtomicU32::new(0),
            worker_count: AtomicU32::new(0),
            pool: SpinLock::new(Vec::new()),
            starting: AtomicU32::new(0),
            sweep_waiters: SpinLock::new(Vec::new()),
            dedicated_needed: AtomicI64::new(0),
            fractional_goal: AtomicU64::new(0f64.to_bits()),
            idle_workers: AtomicI64::new(0),
            max_idle_workers: AtomicI64::new(0),
            mark_start: AtomicI64::new(0),
            work_left: AtomicI64::new(0),
            work_total: AtomicI64::new(0),
            roots_done: AtomicBool::new(true),
            mark_done: AtomicBool::new(false),
            active: AtomicI64::new(0),
            heap_live: AtomicU64::new(0),
            heap_marked: AtomicU64::new(0),
            heap_mark_start: AtomicU64::new(0),
            heap_goal: AtomicU64::new(goal),
            heap_trigger: AtomicU64::new(trigger),
            assist_ns: AtomicI64::new(0),
            dedicated_ns: AtomicI64::new(0),
            fractional_ns: AtomicI64::new(0),
            idle_ns: AtomicI64::new(0),
            current: SpinLock::new(CycleStats::default()),
            done: SpinLock::new(Vec::new()),
            forcegc_g: AtomicU32::new(0),
            stw_for: AtomicU8::new(StwFor::Gomaxprocs as u8),
        }
    }
}

impl GcState {
    /// A copy for a checkpoint of the deterministic driver ([`crate::fork`]): the
    /// goroutine indices it holds stay valid, as the fork keeps every G at its index.
    pub fn fork(&self) -> GcState {
        use crate::fork::ForkAtomic;
        GcState {
            phase: self.phase.fork(),
            blacken_enabled: self.blacken_enabled.fork(),
            cycles: self.cycles.fork(),
            worker_count: self.worker_count.fork(),
            pool: crate::fork::fork_spin(&self.pool),
            starting: self.starting.fork(),
            sweep_waiters: crate::fork::fork_spin(&self.sweep_waiters),
            dedicated_needed: self.dedicated_needed.fork(),
            fractional_goal: self.fractional_goal.fork(),
            idle_workers: self.idle_workers.fork(),
            max_idle_workers: self.max_idle_workers.fork(),
            mark_start: self.mark_start.fork(),
            work_left: self.work_left.fork(),
            work_total: self.work_total.fork(),
            roots_done: self.roots_done.fork(),
            mark_done: self.mark_done.fork(),
            active: self.active.fork(),
            heap_live: self.heap_live.fork(),
            heap_marked: self.heap_marked.fork(),
            heap_mark_start: self.heap_mark_start.fork(),
            heap_goal: self.heap_goal.fork(),
            heap_trigger: self.heap_trigger.fork(),
            assist_ns: self.assist_ns.fork(),
            dedicated_ns: self.dedicated_ns.fork(),
            fractional_ns: self.fractional_ns.fork(),
            idle_ns: self.idle_ns.fork(),
            current: crate::fork::fork_spin(&self.current),
            done: crate::fork::fork_spin(&self.done),
            forcegc_g: self.forcegc_g.fork(),
            stw_for: self.stw_for.fork(),
        }
    }

    pub fn phase(&self) -> GcPhase {
        match self.phase.load(Ordering::Acquire) {
            1 => GcPhase::Mark,
            2 => GcPhase::MarkTermination,
            _ => GcPhase::Off,
        }
    }
    fn set_phase(&self, p: GcPhase) {
        self.phase.store(p as u8, Ordering::Release);
    }
    pub fn fractional_goal(&self) -> f64 {
        f64::from_bits(self.fractional_goal.load(Ordering::Acquire))
    }
    pub fn stw_for(&self) -> StwFor {
        match self.stw_for.load(Ordering::Acquire) {
            1 => StwFor::GcSweepTerm,
            2 => StwFor::GcMarkTerm,
            _ => StwFor::Gomaxprocs,
        }
    }
    /// `gcMarkWorkAvailable`: is there mark work left?
    pub fn work_available(&self) -> bool {
        self.work_left.load(Ordering::Acquire) > 0
    }
    /// Cycles that finished mark termination.
    pub fn cycles_done(&self) -> Vec<CycleStats> {
        self.done.lock().clone()
    }
}

/// `heapGoalInternal` and `trigger` for GOGC=100 with `marked` bytes marked: the goal is
/// twice the marked heap, at least `heapMinimum` (4 MB); the trigger is the pacer's
/// lower bound, `triggerLowerBound` (45/64 of the way from the marked heap to the goal).
pub fn heap_goal_and_trigger(marked: u64) -> (u64, u64) {
    let goal = (marked + marked * GOGC / 100).max(HEAP_MINIMUM);
    let trigger = (goal - marked) / TRIGGER_RATIO_DEN * MIN_TRIGGER_RATIO_NUM + marked;
    (goal, trigger)
}

/// `gcControllerState.startCycle`'s worker split for `procs` Ps: dedicated workers and
/// the fractional utilization goal.
pub fn mark_workers(procs: u32) -> (i64, f64) {
    let total = procs as f64 * GC_BACKGROUND_UTILIZATION;
    let mut dedicated = (total + 0.5) as i64;
    let err = dedicated as f64 / total - 1.0;
    if !(-0.3..=0.3).contains(&err) {
        if dedicated as f64 > total {
            dedicated -= 1;
        }
        (dedicated, (total - dedicated as f64) / procs as f64)
    } else {
        (dedicated, 0.0)
    }
}

impl Runtime {
    /// `runtime.GC()` from the G on `m` (its pc already past the call).
    pub(crate) fn gc_call_begin(&self, m: MId, gp: GIdx, cont: &mut MCont) -> Wait {
        let n = self.gc.cycles.load(Ordering::Acquire);
        self.exec(gp).gc_call = Some(GcCall::WaitOnMark { n, start: true });
        self.gc_call_step(m, gp, cont)
    }

    /// Another step of the G's `runtime.GC()` / `gcStart` (`ex.gc_call`).
    pub(crate) fn gc_call_step(&self, m: MId, gp: GIdx, cont: &mut MCont) -> Wait {
        let cost = self.cfg.cost.other;
        loop {
            let Some(call) = self.exec(gp).gc_call else {
                return Wait::Run { after: cost as i64 };
            };
            match call {
                GcCall::WaitOnMark { n, start } => {
                    // `gcWaitOnMark(n)`.
                    let mut nmarks = self.gc.cycles.load(Ordering::Acquire);
                    if self.gc.phase() != GcPhase::Mark {
                        nmarks += 1;
                    }
                    if nmarks > n {
                        self.exec(gp).gc_call = start.then_some(GcCall::Start {
                            trigger: GcTrigger::Cycle(n + 1),
                            wait: true,
                        });
                        if !start {
                            return Wait::Run { after: cost as i64 };
                        }
                        continue;
                    }
                    let mut w = self.gc.sweep_waiters.lock();
                    self.park_m(m, gp, WaitReason::WaitForGcCycle);
                    w.push(gp);
                    drop(w);
                    *cont = MCont::Schedule;
                    return Wait::Run { after: cost as i64 };
                }
                GcCall::Start { trigger, wait } => {
                    // `trigger.test()` under `work.startSema`.
                    let held = self
                        .gc
                        .starting
                        .compare_exchange(0, gp.0, Ordering::AcqRel, Ordering::Acquire)
                        .is_err();
                    if held || !self.gc_trigger_test(trigger) {
                        if !held {
                            self.gc.starting.store(0, Ordering::Release);
                        }
                        let n = self.gc.cycles.load(Ordering::Acquire);
                        let target = match trigger {
                            GcTrigger::Cycle(t) => t,
                            _ => n + 1,
                        };
                        self.exec(gp).gc_call = wait.then_some(GcCall::WaitOnMark {
                            n: target.max(1),
                            start: false,
                        });
                        if !wait {
                            return Wait::Run { after: cost as i64 };
                        }
                        continue;
                    }
                    self.exec(gp).gc_call = Some(GcCall::StartWorkers {
                        trigger,
                        wait,
                        readied: false,
                    });
                }
                GcCall::StartWorkers {
                    trigger,
                    wait,
                    readied,
                } => {
                    // `gcBgMarkStartWorkers`: one worker at a time, `<-ready` after each.
                    if readied {
                        self.rmw.add(&self.gc.worker_count, 1);
                        let mut ex = self.exec(gp);
                        // (What `<-ready` received is not the program's.)
                        ex.received = None;
                        ex.gc_call = Some(GcCall::StartWorkers {
                            trigger,
                            wait,
                            readied: false,
                        });
                        drop(ex);
                        continue;
                    }
                    if self.gc.worker_count.load(Ordering::Acquire) < self.gomaxprocs() {
                        let parent = self.g(gp).goid();
                        let w = self.newproc(m, self.rtfuncs.gc_worker, 0, GKind::System, parent);
                        if w.is_nil() {
                            return Wait::Exit;
                        }
                        self.exec(gp).gc_call = Some(GcCall::StartWorkers {
                            trigger,
                            wait,
                            readied: true,
                        });
                        let ch = self.rtfuncs.gc_ready;
                        let out = self.objs.recv(ch, gp, |r| self.park_m(m, gp, r));
                        match out {
                            crate::objects::Outcome::Parked(_) => {
                                *cont = MCont::Schedule;
                                return Wait::Run {
                                    after: self.cfg.cost.go_stmt as i64,
                                };
                            }
                            crate::objects::Outcome::Done { ready, .. } => {
                                for (g, _) in ready {
                                    self.ready(m, g, true);
                                }
                                continue;
                            }
                            crate::objects::Outcome::Panic(_) => unreachable!("gc ready chan"),
                        }
                    }
                    // Sweep termination: stop the world.
                    self.exec(gp).gc_call = Some(GcCall::SweepTerm { trigger, wait });
                    {
                        let mut cur = self.gc.current.lock();
                        *cur = CycleStats {
                            n: self.gc.cycles.load(Ordering::Acquire) + 1,
                            t_sweep_term: self.now(),
                            heap0: self.gc.heap_live.load(Ordering::Acquire),
                            procs: self.gomaxprocs(),
                            forced: matches!(trigger, GcTrigger::Cycle(_)),
                            ..CycleStats::default()
                        };
                    }
                    self.emit(
                        Some(m),
                        EvKind::GCBegin {
                            seq: self.gc.cycles.load(Ordering::Acquire) + 1,
                        },
                    );
                    self.gc
                        .stw_for
                        .store(StwFor::GcSweepTerm as u8, Ordering::Release);
                    if self.stop_the_world(m, "GC sweep termination") {
                        self.gc_sweep_term_stopped(m);
                        continue;
                    }
                    *cont = MCont::StwWait;
                    return Wait::ParkUntil {
                        until: self.abs_time(self.now() + STW_REPREEMPT_NS),
                    };
                }
                GcCall::SweepTerm { .. } => {
                    // (Resumed after the world restarted: `gc_sweep_term_stopped` moved
                    // the call on.)
                    unreachable!("gc_call: SweepTerm is finished by the stop-the-world")
                }
            }
        }
    }

    /// `gcTrigger.test`.
    fn gc_trigger_test(&self, t: GcTrigger) -> bool {
        if self.gc.phase() != GcPhase::Off || self.is_exited() {
            return false;
        }
        match t {
            GcTrigger::Heap => {
                self.gc.heap_live.load(Ordering::Acquire)
                    >= self.gc.heap_trigger.load(Ordering::Acquire)
            }
            // `lastgc != 0 && now-lastgc > forcegcperiod`: never before a first cycle.
            GcTrigger::Time => match self.cfg.gc_period_ns {
                Some(period) => {
                    !self.gc.done.lock().is_empty()
                        && self.now() - self.last_gc.load(Ordering::Acquire) > period
                }
                None => false,
            },
            GcTrigger::Cycle(n) => n as i32 - self.gc.cycles.load(Ordering::Acquire) as i32 > 0,
        }
    }

    /// The sweep-termination stop-the-world is complete (M `m` runs the G in
    /// `gcStart`): `work.cycles++`, `startCycle`, `_GCmark`, blackening on, and start the
    /// world.
    pub(crate) fn gc_sweep_term_stopped(&self, m: MId) {
        let gp = self.m(m).curg();
        let now = self.now();
        self.rmw.add(&self.gc.cycles, 1);
        // `gcController.startCycle`.
        let procs = self.gomaxprocs();
        let (dedicated, fractional) = mark_workers(procs);
        self.gc.dedicated_needed.store(dedicated, Ordering::Release);
        self.gc
            .fractional_goal
            .store(fractional.to_bits(), Ordering::Release);
        let trigger = match self.exec(gp).gc_call {
            Some(GcCall::SweepTerm { trigger, .. }) => trigger,
            _ => GcTrigger::Heap,
        };
        let max_idle = if trigger == GcTrigger::Time {
            i64::from(dedicated == 0)
        } else {
            procs as i64 - dedicated
        };
        self.gc.max_idle_workers.store(max_idle, Ordering::Release);
        self.gc.idle_workers.store(0, Ordering::Release);
        for i in 0..procs {
            self.p(i)
                .gc_fractional_mark_time
                .store(0, Ordering::Release);
        }
        self.gc.mark_start.store(now, Ordering::Release);
        for c in [
            &self.gc.assist_ns,
            &self.gc.dedicated_ns,
            &self.gc.fractional_ns,
            &self.gc.idle_ns,
        ] {
            c.store(0, Ordering::Release);
        }
        // The cycle's mark work: the roots (a cost per goroutine stack) and the rest.
        let stacks = (1..self.allgs.len())
            .filter(|&i| self.g(GIdx(i as u32)).status() != GStatus::Dead)
            .count() as i64;
        let work = GC_MARK_BASE_NS + stacks * GC_MARK_STACK_NS;
        self.gc.work_left.store(work, Ordering::Release);
        self.gc.work_total.store(work, Ordering::Release);
        self.gc.roots_done.store(false, Ordering::Release);
        self.gc.mark_done.store(false, Ordering::Release);
        self.gc.active.store(0, Ordering::Release);
        self.gc
            .heap_mark_start
            .store(self.gc.heap_live.load(Ordering::Acquire), Ordering::Release);
        self.gc.set_phase(GcPhase::Mark);
        self.gc.blacken_enabled.store(true, Ordering::Release);
        self.gc.current.lock().t_mark = now;
        // The caller goes on: `runtime.GC()` waits for the mark; a heap or time trigger
        // returns to its code.
        {
            let mut ex = self.exec(gp);
            let wait = matches!(ex.gc_call, Some(GcCall::SweepTerm { wait: true, .. }));
            let n = self.gc.cycles.load(Ordering::Acquire);
            ex.gc_call = wait.then_some(GcCall::WaitOnMark { n, start: false });
        }
        self.gc.starting.store(0, Ordering::Release);
        self.start_the_world(m);
    }

    /// `assignWaitingGCWorker`: should P `p` run a dedicated or fractional worker? If so
    /// take one from the pool for it (`pp.nextGCMarkWorker`) and set the P's mode.
    pub(crate) fn assign_waiting_gc_worker(&self, p: PId, now: i64) -> bool {
        let pp = self.p(p);
        if pp.next_gc_mark_worker.load(Ordering::Acquire) != 0 {
            return true;
        }
        if !self.gc.work_available() {
            return false;
        }
        let frac = self.gc.fractional_goal();
        if self.gc.dedicated_needed.load(Ordering::Acquire) <= 0 && frac == 0.0 {
            return false;
        }
        let Some(node) = self.gc.pool.lock().pop() else {
            return false;
        };
        let mode = if self.dec_if_positive(&self.gc.dedicated_needed) {
            MarkWorkerMode::Dedicated
        } else if frac == 0.0 {
            self.gc.pool.lock().push(node);
            return false;
        } else {
            let delta = now - self.gc.mark_start.load(Ordering::Acquire);
            if delta > 0
                && pp.gc_fractional_mark_time.load(Ordering::Acquire) as f64 / delta as f64 > frac
            {
                self.gc.pool.lock().push(node);
                return false;
            }
            MarkWorkerMode::Fractional
        };
        pp.gc_mark_worker_mode.store(mode as u8, Ordering::Release);
        pp.next_gc_mark_worker.store(node.0, Ordering::Release);
        true
    }

    fn dec_if_positive(&self, v: &AtomicI64) -> bool {
        loop {
            let x = v.load(Ordering::Acquire);
            if x <= 0 {
                return false;
            }
            if self.rmw.cas(v, x, x - 1).is_ok() {
                return true;
            }
        }
    }

    /// `findRunnableGCWorker`: the worker this P should run now, made runnable.
    pub(crate) fn find_runnable_gc_worker(&self, m: MId, p: PId) -> Option<GIdx> {
        if !self.gc.blacken_enabled.load(Ordering::Acquire) {
            return None;
        }
        let pp = self.p(p);
        if pp.next_gc_mark_worker.load(Ordering::Acquire) == 0
            && !self.assign_waiting_gc_worker(p, self.now())
        {
            return None;
        }
        let gp = GIdx(pp.next_gc_mark_worker.swap(0, Ordering::AcqRel));
        self.unpark(Some(m), gp);
        Some(gp)
    }

    /// `findRunnable`'s idle-time marking: nothing else to run, so mark
    /// (`gcShouldScheduleWorker` and `addIdleMarkWorker`).
    pub(crate) fn find_idle_gc_worker(&self, m: MId, p: PId) -> Option<GIdx> {
        if !self.gc.blacken_enabled.load(Ordering::Acquire) || !self.gc.work_available() {
            return None;
        }
        // `addIdleMarkWorker`.
        loop {
            let n = self.gc.idle_workers.load(Ordering::Acquire);
            if n >= self.gc.max_idle_workers.load(Ordering::Acquire) {
                return None;
            }
            if self.rmw.cas(&self.gc.idle_workers, n, n + 1).is_ok() {
                break;
            }
        }
        let node = self.gc.pool.lock().pop();
        match node {
            Some(gp) => {
                self.p(p)
                    .gc_mark_worker_mode
                    .store(MarkWorkerMode::Idle as u8, Ordering::Release);
                self.unpark(Some(m), gp);
                Some(gp)
            }
            None => {
                self.rmw.add(&self.gc.idle_workers, -1);
                None
            }
        }
    }

    /// A worker's `gopark` into the pool (`waitReasonGCWorkerIdle`).
    pub(crate) fn gc_worker_park(&self, m: MId, gp: GIdx) {
        self.park_m(m, gp, WaitReason::GcWorkerIdle);
        self.gc.pool.lock().push(gp);
    }

    /// The stack scans (`markroot` → `scanstack` → `shrinkstack`): every goroutine not
    /// running may have its stack halved; a running one gets `preemptShrink`.
    fn gc_scan_stacks(&self, m: MId) {
        let me = self.m(m).curg();
        for i in 1..self.allgs.len() {
            let gp = GIdx(i as u32);
            if gp != me {
                self.gc_scan_stack(m, gp);
            }
        }
    }

    /// One G's `scanstack` after `suspendG`: a stopped G (`_Gwaiting`, `_Grunnable`)
    /// is shrunk now, once its M has let go of it (an M parking it still holds its
    /// `exec` for a moment: the scan waits, as `suspendG` does, instead of skipping
    /// it); a running one gets `preemptShrink`.
    fn gc_scan_stack(&self, m: MId, gp: GIdx) {
        let g = self.g(gp);
        // A bound on the wait, so a G held for long (which the model never does) costs
        // a missed shrink, never a hung M.
        for _ in 0..1_000_000 {
            match g.status() {
                GStatus::Waiting | GStatus::Runnable => {
                    if let Some(ex) = g.exec.try_lock() {
                        if matches!(g.status(), GStatus::Waiting | GStatus::Runnable) {
                            let used = ex.stack_used;
                            drop(ex);
                            self.shrink_stack(Some(m), gp, used);
                            return;
                        }
                        // An M took it for running meanwhile: look again (the flag).
                        drop(ex);
                    }
                    std::hint::spin_loop();
                }
                GStatus::Running | GStatus::Syscall => {
                    g.preempt_shrink.store(true, Ordering::SeqCst);
                    std::sync::atomic::fence(Ordering::SeqCst);
                    // It may have stopped meanwhile (its M, parking it, saw no flag yet):
                    // then the flag is taken back and the stopped G scanned as above, or
                    // the flag is its `park_m`'s, never both.
                    if !(matches!(g.status(), GStatus::Waiting | GStatus::Runnable)
                        && g.preempt_shrink.swap(false, Ordering::AcqRel))
                    {
                        return;
                    }
                }
                _ => return,
            }
        }
    }

    /// Takes up to `ns` of mark work (the roots first); returns what was taken.
    fn gc_take_work(&self, m: MId, ns: i64) -> i64 {
        if !self.gc.roots_done.swap(true, Ordering::AcqRel) {
            self.gc_scan_stacks(m);
        }
        loop {
            let left = self.gc.work_left.load(Ordering::Acquire);
            if left <= 0 {
                return 0;
            }
            let take = ns.min(left);
            if self.rmw.cas(&self.gc.work_left, left, left - take).is_ok() {
                return take;
            }
        }
    }

    /// One turn of a mark worker (`gcBgMarkWorker`'s drain, by the P's mode). The pc
    /// stays on the op until the worker stops; then it loops back to park.
    pub(crate) fn gc_mark_work(&self, m: MId, gp: GIdx, cont: &mut MCont) -> Wait {
        let p = self.m(m).p().expect("gcBgMarkWorker: no p");
        let pp = self.p(p);
        let mode = MarkWorkerMode::from_u8(pp.gc_mark_worker_mode.load(Ordering::Acquire));
        let now = self.now();
        if pp.gc_mark_worker_start_time.load(Ordering::Acquire) == 0 {
            // `gcBeginWork`.
            pp.gc_mark_worker_start_time
                .store(now.max(1), Ordering::Release);
            self.rmw.add(&self.gc.active, 1);
        }
        let g = self.g(gp);
        let start = pp.gc_mark_worker_start_time.load(Ordering::Acquire);
        let stop = match mode {
            _ if !self.gc.blacken_enabled.load(Ordering::Acquire) => true,
            // `gcDrain` without `gcDrainUntilPreempt` still stops for a stop-the-world
            // (`gp.preempt && sched.gcwaiting`).
            MarkWorkerMode::Dedicated
                if g.preempt.load(Ordering::Acquire)
                    && self.sched.gcwaiting.load(Ordering::Acquire) =>
            {
                true
            }
            MarkWorkerMode::Dedicated => {
                if g.preempt.swap(false, Ordering::AcqRel) {
                    // Preempted: kick the P's run queue out to the global queue and
                    // drain on, without preemption.
                    let drained = pp.runq.runqdrain();
                    if !drained.is_empty() {
                        let mut s = self.lock_sched();
                        for g in drained {
                            self.globrunqput(&mut s, g);
                        }
                    }
                }
                false
            }
            MarkWorkerMode::Fractional => {
                // `pollFractionalWorkerExit`: over 1.2 × its share.
                let delta = now - self.gc.mark_start.load(Ordering::Acquire);
                let used = pp.gc_fractional_mark_time.load(Ordering::Acquire) + (now - start);
                g.preempt.load(Ordering::Acquire)
                    || (delta > 0 && used as f64 / delta as f64 > 1.2 * self.gc.fractional_goal())
            }
            MarkWorkerMode::Idle | MarkWorkerMode::NotWorker => {
                // `pollWork`: other work is waiting.
                g.preempt.load(Ordering::Acquire)
                    || self.sched.runqsize.load(Ordering::Acquire) != 0
                    || !pp.runq.runqempty()
            }
        };
        let took = if stop {
            0
        } else {
            self.gc_take_work(m, GC_MARK_CHUNK_NS)
        };
        if took > 0 {
            return Wait::Run { after: took };
        }
        // The worker stops: `markWorkerStop`, `gcEndWork`.
        let duration = now - start;
        match mode {
            MarkWorkerMode::Dedicated => {
                self.gc.dedicated_ns.fetch_add(duration, Ordering::AcqRel);
                self.rmw.add(&self.gc.dedicated_needed, 1);
            }
            MarkWorkerMode::Fractional => {
                self.gc.fractional_ns.fetch_add(duration, Ordering::AcqRel);
                pp.gc_fractional_mark_time
                    .fetch_add(duration, Ordering::AcqRel);
            }
            MarkWorkerMode::Idle => {
                self.gc.idle_ns.fetch_add(duration, Ordering::AcqRel);
                self.rmw.add(&self.gc.idle_workers, -1);
            }
            MarkWorkerMode::NotWorker => {}
        }
        pp.gc_mark_worker_mode
            .store(MarkWorkerMode::NotWorker as u8, Ordering::Release);
        pp.gc_mark_worker_start_time.store(0, Ordering::Release);
        {
            let mut ex = self.exec(gp);
            if let Some(f) = ex.frames.last_mut() {
                f.pc += 1;
            }
        }
        let last = self.rmw.add(&self.gc.active, -1) == 0;
        if last && !self.gc.work_available() && self.gc.phase() == GcPhase::Mark {
            return self.gc_mark_done(m, cont);
        }
        Wait::Run {
            after: self.cfg.cost.other as i64,
        }
    }

    /// A mutator assist: G `gp` allocated `bytes` during the mark phase and does mark
    /// work in proportion (`assistWorkPerByte`). Returns the CPU ns it spent; if it did
    /// the last of the work it runs `gcMarkDone` (its M may then wait for the world).
    pub(crate) fn gc_assist_alloc(
        &self,
        m: MId,
        bytes: u64,
        cont: &mut MCont,
    ) -> (i64, Option<Wait>) {
        let left = self.gc.work_left.load(Ordering::Acquire);
        if left <= 0 {
            return (0, None);
        }
        let live = self.gc.heap_live.load(Ordering::Acquire);
        let goal = self.gc.heap_goal.load(Ordering::Acquire);
        let runway = goal.saturating_sub(live).max(1);
        let want = ((left as f64) * (bytes as f64) / runway as f64).ceil() as i64;
        self.rmw.add(&self.gc.active, 1);
        let took = self.gc_take_work(m, want.max(1));
        self.gc.assist_ns.fetch_add(took, Ordering::AcqRel);
        let last = self.rmw.add(&self.gc.active, -1) == 0;
        if last && !self.gc.work_available() && self.gc.phase() == GcPhase::Mark {
            let w = self.gc_mark_done(m, cont);
            return (took, (*cont == MCont::StwWait).then_some(w));
        }
        (took, None)
    }

    /// `gcMarkDone`: no mark work is left; stop the world for mark termination.
    fn gc_mark_done(&self, m: MId, cont: &mut MCont) -> Wait {
        if self.gc.mark_done.swap(true, Ordering::AcqRel) {
            // Another worker or assist got here first.
            return Wait::Run {
                after: self.cfg.cost.other as i64,
            };
        }
        self.gc.current.lock().t_mark_term = self.now();
        self.gc
            .stw_for
            .store(StwFor::GcMarkTerm as u8, Ordering::Release);
        if self.stop_the_world(m, "GC mark termination") {
            self.gc_mark_termination(m);
            return Wait::Run {
                after: self.cfg.cost.other as i64,
            };
        }
        *cont = MCont::StwWait;
        Wait::ParkUntil {
            until: self.abs_time(self.now() + STW_REPREEMPT_NS),
        }
    }

    /// `gcMarkTermination` with the world stopped: `_GCoff`, the next goal, `gcSweep`
    /// (readies bgsweep), start the world, wake `gcWaitOnMark`'s waiters.
    pub(crate) fn gc_mark_termination(&self, m: MId) {
        self.gc.set_phase(GcPhase::MarkTermination);
        self.gc.blacken_enabled.store(false, Ordering::Release);
        let live = self.gc.heap_live.load(Ordering::Acquire);
        // Allocated black during the mark: what the model counts as marked.
        let marked = live.saturating_sub(self.gc.heap_mark_start.load(Ordering::Acquire));
        let (goal, trigger) = heap_goal_and_trigger(marked);
        let old_goal = self.gc.heap_goal.load(Ordering::Acquire);
        self.gc.heap_marked.store(marked, Ordering::Release);
        self.gc.heap_live.store(marked, Ordering::Release);
        self.gc.heap_goal.store(goal, Ordering::Release);
        self.gc.heap_trigger.store(trigger, Ordering::Release);
        // Idle Ps lose their assigned workers (`releaseNextGCMarkWorker`).
        for i in 0..self.gomaxprocs() {
            let pp = self.p(i);
            let node = pp.next_gc_mark_worker.swap(0, Ordering::AcqRel);
            if node != 0 {
                if MarkWorkerMode::from_u8(pp.gc_mark_worker_mode.load(Ordering::Acquire))
                    == MarkWorkerMode::Dedicated
                {
                    self.rmw.add(&self.gc.dedicated_needed, 1);
                }
                pp.gc_mark_worker_mode
                    .store(MarkWorkerMode::NotWorker as u8, Ordering::Release);
                self.gc.pool.lock().push(GIdx(node));
            }
        }
        self.gc.set_phase(GcPhase::Off);
        // `gcMarkTermination` → `freeStackSpans`: stacks freed during the cycle.
        self.stack_alloc.lock().unwrap().free_stack_spans();
        let now = self.now();
        self.last_gc.store(now, Ordering::Release);
        let stats = {
            let mut cur = self.gc.current.lock();
            cur.t_end = now;
            cur.heap1 = live;
            cur.heap2 = marked;
            cur.goal = old_goal;
            cur.stacks = (1..self.allgs.len())
                .map(|i| self.g(GIdx(i as u32)))
                .filter(|g| g.status() != GStatus::Dead)
                .map(|g| g.stack_size.load(Ordering::Acquire))
                .sum();
            cur.assist_ns = self.gc.assist_ns.load(Ordering::Acquire);
            cur.dedicated_ns = self.gc.dedicated_ns.load(Ordering::Acquire);
            cur.fractional_ns = self.gc.fractional_ns.load(Ordering::Acquire);
            cur.idle_ns = self.gc.idle_ns.load(Ordering::Acquire);
            cur.clone()
        };
        if self.cfg.gctrace {
            self.output.push_schedtrace(gctrace_line(&stats).into());
        }
        let seq = stats.n;
        self.gc.done.lock().push(stats);
        // `gcSweep`: the background sweeper goes.
        let sweeper = GIdx(self.gc_bgsweep.load(Ordering::Acquire));
        if !sweeper.is_nil() && self.g(sweeper).status() == GStatus::Waiting {
            self.ready(m, sweeper, true);
        }
        self.start_the_world(m);
        self.emit(Some(m), EvKind::GCEnd { seq });
        let waiters: Vec<GIdx> = std::mem::take(&mut *self.gc.sweep_waiters.lock());
        self.injectglist(Some(m), &waiters);
    }

    /// The allocating G's `mallocgc` bookkeeping after its code ran: count the bytes in
    /// `heapLive`, assist during the mark, start a cycle past the trigger. Returns extra
    /// CPU ns, and a Wait if the G's M must wait for the world to stop.
    pub(crate) fn gc_alloc(
        &self,
        m: MId,
        gp: GIdx,
        bytes: u64,
        cont: &mut MCont,
    ) -> (i64, Option<Wait>) {
        if bytes == 0 {
            return (0, None);
        }
        self.gc.heap_live.fetch_add(bytes, Ordering::AcqRel);
        if self.gc.blacken_enabled.load(Ordering::Acquire) {
            return self.gc_assist_alloc(m, bytes, cont);
        }
        if self.gc_trigger_test(GcTrigger::Heap) {
            let mut ex = self.exec(gp);
            if ex.gc_call.is_none() {
                ex.gc_call = Some(GcCall::Start {
                    trigger: GcTrigger::Heap,
                    wait: false,
                });
            }
        }
        (0, None)
    }

    /// sysmon's periodic trigger: `forcegcperiod` passed and forcegchelper is idle, so
    /// inject it (it runs `gcStart(gcTriggerTime)`).
    pub(crate) fn gc_force_trigger(&self) {
        if !self.gc_trigger_test(GcTrigger::Time) {
            return;
        }
        let g = GIdx(self.gc.forcegc_g.load(Ordering::Acquire));
        if !g.is_nil() && self.g(g).status() == GStatus::Waiting {
            self.injectglist(None, &[g]);
        }
    }

    /// forcegchelper was woken: `gcStart(gcTriggerTime)`, not waiting for the cycle.
    pub(crate) fn gc_forced_start(&self, m: MId, gp: GIdx, cont: &mut MCont) -> Wait {
        if self.cfg.gctrace {
            self.output.push_schedtrace("GC forced".into());
        }
        self.exec(gp).gc_call = Some(GcCall::Start {
            trigger: GcTrigger::Time,
            wait: false,
        });
        self.gc_call_step(m, gp, cont)
    }
}

/// One `GODEBUG=gctrace=1` line (`mgc.go: gcMarkTermination`'s print): `gc N @T s P%:
/// clock phases, cpu phases, heap0->heap1->heap2 MB, goal, stacks, globals, procs`.
/// The STW phases' CPU figures are clock × procs, as Go computes them.
pub fn gctrace_line(s: &CycleStats) -> String {
    let ms = |ns: i64| {
        let v = ns.max(0) as f64 / 1e6;
        // Go prints 2 significant digits (`fmtNSAsMS`): under 10 ms with decimals.
        if v < 10.0 {
            let mut d = 0;
            let mut x = v;
            while x < 10.0 && d < 3 && v != 0.0 {
                x *= 10.0;
                d += 1;
            }
            format!("{:.*}", d, v)
        } else {
            format!("{}", v as i64)
        }
    };
    let sweep = s.t_mark - s.t_sweep_term;
    let mark = s.t_mark_term - s.t_mark;
    let term = s.t_end - s.t_mark_term;
    let procs = s.procs as i64;
    let gc_cpu =
        s.assist_ns + s.dedicated_ns + s.fractional_ns + s.idle_ns + (sweep + term) * procs;
    let total = (s.t_end.max(1)) * procs;
    let pct = (gc_cpu as f64 * 100.0 / total as f64) as i64;
    let mb = |b: u64| b >> 20;
    let mut line = format!(
        "gc {} @{:.3}s {}%: {}+{}+{} ms clock, {}+{}/{}/{}+{} ms cpu, {}->{}->{} MB, {} MB goal, {} MB stacks, 0 MB globals, {} P",
        s.n,
        s.t_sweep_term as f64 / 1e9,
        pct,
        ms(sweep),
        ms(mark),
        ms(term),
        ms(sweep * procs),
        ms(s.assist_ns),
        ms(s.dedicated_ns + s.fractional_ns),
        ms(s.idle_ns),
        ms(term * procs),
        mb(s.heap0),
        mb(s.heap1),
        mb(s.heap2),
        mb(s.goal),
        mb(s.stacks),
        s.procs
    );
    if s.forced {
        line.push_str(" (forced)");
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `startCycle`: 25% of GOMAXPROCS as dedicated workers, fractional when rounding is
    /// more than 30% off (GOMAXPROCS ≤ 3 or 6).
    #[test]
    fn start_cycle_worker_split() {
        assert_eq!(mark_workers(1), (0, 0.25));
        assert_eq!(mark_workers(2), (0, 0.25));
        let (d, f) = mark_workers(3);
        assert_eq!(d, 0);
        assert!((f - 0.25).abs() < 1e-9);
        assert_eq!(mark_workers(4), (1, 0.0));
        let (d, f) = mark_workers(6);
        assert_eq!(d, 1);
        assert!((f - (1.5 - 1.0) / 6.0).abs() < 1e-9);
        assert_eq!(mark_workers(8), (2, 0.0));
    }

    /// `heapGoalInternal`/`trigger`: 4 MB minimum goal, twice the marked heap above it.
    #[test]
    fn heap_goal_is_twice_the_marked_heap_at_least_4mb() {
        let (g, t) = heap_goal_and_trigger(0);
        assert_eq!(g, 4 << 20);
        assert_eq!(t, (4 << 20) / 64 * 45);
        let (g, t) = heap_goal_and_trigger(10 << 20);
        assert_eq!(g, 20 << 20);
        assert_eq!(t, (10 << 20) / 64 * 45 + (10 << 20));
    }
}
