//! # G: a goroutine (`runtime2.go: type g`)
//!
//! A G is a program being run, plus what the scheduler needs to know about it: its
//! status, why it waits, which M runs it, whether a preemption was requested, and its
//! stack. The scheduler state that other threads read (status, wait reason, M, stack
//! bounds) is atomic; the interpreter state of the G's program ([`GExec`]) belongs to
//! whoever runs the G and sits behind a lock that only that M takes.
//!
//! ## Status (`_Gidle` … `_Gdeadextra`) and who owns the G
//! - `_Grunnable`: on a run queue (a P's ring or runnext, or the global queue); nobody
//!   runs it; it does not own its stack.
//! - `_Grunning`: an M runs it and holds a P; the G owns its stack.
//! - `_Gsyscall`: an M runs it inside a system call; the M may still be wired to a P,
//!   which sysmon may take away (`retake`).
//! - `_Gwaiting`: parked (`gopark`) on a channel, mutex, WaitGroup, timer or the
//!   netpoller; whoever readies it (`goready`) puts it back on a run queue.
//! - `_Gdead`: exited, on a free list (`gFree`) for reuse by `newproc`.
//! - `_Gcopystack`: its stack is being moved (`newstack` → `copystack`).
//!
//! Legal transitions are checked by [`G::casgstatus`], which panics with Go's wording on
//! an illegal one (Go's `casgstatus` throws).

use crate::optid::OptId;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU32, AtomicU64, AtomicU8, Ordering};

pub use crate::runq::GIdx;

/// Go's `_G*` status values (`runtime2.go`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[repr(u32)]
pub enum GStatus {
    Idle = 0,
    Runnable = 1,
    Running = 2,
    Syscall = 3,
    Waiting = 4,
    Dead = 6,
    Copystack = 8,
    Preempted = 9,
}

impl GStatus {
    pub fn from_u32(v: u32) -> GStatus {
        match v & !G_SCAN {
            0 => GStatus::Idle,
            1 => GStatus::Runnable,
            2 => GStatus::Running,
            3 => GStatus::Syscall,
            4 => GStatus::Waiting,
            6 => GStatus::Dead,
            8 => GStatus::Copystack,
            9 => GStatus::Preempted,
            other => panic!("bad g status {other}"),
        }
    }

    /// Go's constant name, e.g. `_Grunnable`.
    pub fn go_name(self) -> &'static str {
        match self {
            GStatus::Idle => "_Gidle",
            GStatus::Runnable => "_Grunnable",
            GStatus::Running => "_Grunning",
            GStatus::Syscall => "_Gsyscall",
            GStatus::Waiting => "_Gwaiting",
            GStatus::Dead => "_Gdead",
            GStatus::Copystack => "_Gcopystack",
            GStatus::Preempted => "_Gpreempted",
        }
    }

    /// The word a goroutine dump prints (`goroutine 1 [running]:`).
    pub fn dump_word(self) -> &'static str {
        match self {
            GStatus::Idle => "idle",
            GStatus::Runnable => "runnable",
            GStatus::Running => "running",
            GStatus::Syscall => "syscall",
            GStatus::Waiting => "waiting",
            GStatus::Dead => "dead",
            GStatus::Copystack => "copystack",
            GStatus::Preempted => "preempted",
        }
    }
}

/// `_Gscan`: set while sysmon (or an STW) owns a syscalling G's P hand-off.
pub const G_SCAN: u32 = 0x1000;

/// Is `from → to` one of the runtime's transitions (`casgstatus` and its callers)?
pub fn legal_transition(from: GStatus, to: GStatus) -> bool {
    use GStatus::*;
    matches!(
        (from, to),
        (Idle, Dead)
            | (Dead, Runnable)
            | (Dead, Waiting)
            | (Runnable, Running)
            | (Running, Runnable)
            | (Running, Waiting)
            | (Waiting, Runnable)
            | (Running, Syscall)
            | (Syscall, Running)
            | (Running, Copystack)
            | (Copystack, Running)
            | (Running, Dead)
    )
}

/// `waitReason` values the model uses, with Go's strings (`runtime2.go: waitReasonStrings`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum WaitReason {
    Zero = 0,
    ChanReceive,
    ChanSend,
    ChanReceiveNilChan,
    ChanSendNilChan,
    SelectNoCases,
    Select,
    SyncMutexLock,
    SyncWaitGroupWait,
    Sleep,
    IoWait,
    GcStackScan,
    Preempted,
    GomaxprocsUpdater,
    StopTheWorld,
    ForceGcIdle,
    GcSweepWait,
    GcScavengeWait,
    FinalizerWait,
    SyncCondWait,
    SyncRWMutexRLock,
    SyncRWMutexLock,
    GcWorkerIdle,
    WaitForGcCycle,
}

impl WaitReason {
    pub fn from_u8(v: u8) -> WaitReason {
        use WaitReason::*;
        [
            Zero,
            ChanReceive,
            ChanSend,
            ChanReceiveNilChan,
            ChanSendNilChan,
            SelectNoCases,
            Select,
            SyncMutexLock,
            SyncWaitGroupWait,
            Sleep,
            IoWait,
            GcStackScan,
            Preempted,
            GomaxprocsUpdater,
            StopTheWorld,
            ForceGcIdle,
            GcSweepWait,
            GcScavengeWait,
            FinalizerWait,
            SyncCondWait,
            SyncRWMutexRLock,
            SyncRWMutexLock,
            GcWorkerIdle,
            WaitForGcCycle,
        ][v as usize]
    }

    pub fn as_str(self) -> &'static str {
        use WaitReason::*;
        match self {
            Zero => "",
            ChanReceive => "chan receive",
            ChanSend => "chan send",
            ChanReceiveNilChan => "chan receive (nil chan)",
            ChanSendNilChan => "chan send (nil chan)",
            SelectNoCases => "select (no cases)",
            Select => "select",
            SyncMutexLock => "sync.Mutex.Lock",
            SyncWaitGroupWait => "sync.WaitGroup.Wait",
            Sleep => "sleep",
            IoWait => "IO wait",
            GcStackScan => "garbage collection scan",
            Preempted => "preempted",
            GomaxprocsUpdater => "GOMAXPROCS updater (idle)",
            StopTheWorld => "stopping the world",
            ForceGcIdle => "force gc (idle)",
            GcSweepWait => "GC sweep wait",
            GcScavengeWait => "GC scavenge wait",
            FinalizerWait => "finalizer wait",
            SyncCondWait => "sync.Cond.Wait",
            SyncRWMutexRLock => "sync.RWMutex.RLock",
            SyncRWMutexLock => "sync.RWMutex.Lock",
            GcWorkerIdle => "GC worker (idle)",
            WaitForGcCycle => "wait for GC cycle",
        }
    }

    /// The execution tracer's GoBlock reason for this wait (`traceBlockReason`).
    pub fn trace_block_reason(self) -> &'static str {
        use WaitReason::*;
        match self {
            ChanReceive | ChanReceiveNilChan => "chan receive",
            ChanSend | ChanSendNilChan => "chan send",
            SelectNoCases => "forever",
            Select => "select",
            SyncMutexLock | SyncWaitGroupWait | SyncRWMutexRLock | SyncRWMutexLock => "sync",
            SyncCondWait => "sync.(*Cond).Wait",
            Sleep => "sleep",
            IoWait => "network",
            Preempted => "preempted",
            // runtime.bgsweep parks with traceBlockGCSweep; forcegchelper, bgscavenge
            // and the GOMAXPROCS updater with traceBlockSystemGoroutine.
            GcSweepWait => "GC background sweeper wait",
            ForceGcIdle | GcScavengeWait | GomaxprocsUpdater | FinalizerWait | GcWorkerIdle => {
                "system goroutine wait"
            }
            // `gcWaitOnMark` parks with traceBlockUntilGCEnds.
            WaitForGcCycle => "wait until GC ends",
            _ => "unspecified",
        }
    }
}

/// What kind of work a G stands for: the UI colours tokens by it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[repr(u8)]
pub enum GKind {
    #[default]
    Main = 0,
    Cpu,
    Blocking,
    Network,
    Example,
    System,
}

impl GKind {
    pub fn from_u8(v: u8) -> GKind {
        [
            GKind::Main,
            GKind::Cpu,
            GKind::Blocking,
            GKind::Network,
            GKind::Example,
            GKind::System,
        ][v as usize % 6]
    }
    pub fn name(self) -> &'static str {
        match self {
            GKind::Main => "main",
            GKind::Cpu => "cpu",
            GKind::Blocking => "blocking",
            GKind::Network => "network",
            GKind::Example => "example",
            GKind::System => "system",
        }
    }
}

/// The interpreter state of a G's program: owned by the M running the G.
#[derive(Default)]
pub struct GExec {
    /// The G's code when it runs a front end's program ([`crate::code::GCode`]).
    pub code: Option<Box<dyn crate::code::GCode>>,
    /// The top frame is running `code` (its op does not advance until the code returns).
    pub in_code: bool,
    /// Stack bytes in use below the code's frames.
    pub code_base: u64,
    /// The case of a select that fired, for the code to read when it resumes.
    pub selected: Option<usize>,
    /// The op the G's code yielded did not complete (a `Lock` that spun or parked):
    /// the code must yield it again.
    pub retry: bool,
    /// The op the G's code yielded panicked (`close of closed channel`, `send on closed
    /// channel`): the code panics with this run-time error when it resumes, where a
    /// deferred `recover` can stop it as in Go.
    pub panic: Option<&'static str>,
    /// A parked select: the case that wakes it records itself here.
    pub sel_wait: Option<std::sync::Arc<crate::objects::SelState>>,
    pub func: u32,
    /// Call stack: each frame's function, resume pc, loop counters and frame size.
    pub frames: Vec<crate::program::Frame>,
    /// ns of the current `Work` op still to do (set when a preemption interrupts it).
    pub work_left: Option<u64>,
    /// The value the G was started with (`go f(arg)`); shown as `{arg}` in prints.
    pub arg: i64,
    /// The value a channel receive delivered while the G was parked.
    pub received: Option<i64>,
    /// Bytes of stack in use (sum of live frames plus the base).
    pub stack_used: u64,
    /// Deadline of a syscall or CPU burst in progress (driver clock).
    pub until: i64,
    /// The entry call has been made (an empty call stack then means "returned").
    pub started: bool,
    /// The G is in `runtime.GC()` / `gcStart` ([`crate::gc::GcCall`]): its next step
    /// continues there before its program.
    pub gc_call: Option<crate::gc::GcCall>,
    /// Runtime timers whose channels the G blocked on (`blockTimerChan`): it unblocks
    /// them when it runs again (`unblockTimerChan`, after `gopark` returns).
    pub blocked_timers: Vec<u32>,
}

impl GExec {
    /// A copy for a checkpoint (see [`crate::fork`]): the code's state through
    /// [`crate::code::GCode::clone_code`], a parked select's state shared as before.
    pub fn fork(&self, f: &mut crate::fork::Forker) -> GExec {
        GExec {
            code: self.code.as_ref().map(|c| c.clone_code(f)),
            in_code: self.in_code,
            code_base: self.code_base,
            selected: self.selected,
            retry: self.retry,
            panic: self.panic,
            sel_wait: self
                .sel_wait
                .as_ref()
                .map(|s| crate::objects::SelState::fork(s, f)),
            func: self.func,
            frames: self.frames.clone(),
            work_left: self.work_left,
            arg: self.arg,
            received: self.received,
            stack_used: self.stack_used,
            until: self.until,
            started: self.started,
            gc_call: self.gc_call,
            blocked_timers: self.blocked_timers.clone(),
        }
    }
}

impl G {
    /// A copy for a checkpoint (see [`crate::fork`]).
    pub fn fork(&self, f: &mut crate::fork::Forker) -> G {
        use crate::fork::ForkAtomic;
        G {
            goid: self.goid.fork(),
            parent_goid: self.parent_goid.fork(),
            atomicstatus: self.atomicstatus.fork(),
            waitreason: self.waitreason.fork(),
            preempt: self.preempt.fork(),
            preempt_shrink: self.preempt_shrink.fork(),
            m: self.m.fork(),
            stack_lo: self.stack_lo.fork(),
            stack_size: self.stack_size.fork(),
            stack_used: self.stack_used.fork(),
            kind: self.kind.fork(),
            startfn: self.startfn.fork(),
            startarg: self.startarg.fork(),
            since: self.since.fork(),
            exec: crate::sync::SpinLock::new(self.exec.lock().fork(f)),
            lockedm: self.lockedm.fork(),
            gopc_func: self.gopc_func.fork(),
            gopc: crate::fork::fork_mutex(&self.gopc),
        }
    }
}

impl std::fmt::Debug for GExec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GExec")
            .field("func", &self.func)
            .field("frames", &self.frames)
            .field("code", &self.code.as_ref().map(|c| c.line()))
            .field("stack_used", &self.stack_used)
            .finish_non_exhaustive()
    }
}

/// A goroutine (`type g`).
pub struct G {
    pub goid: AtomicU64,
    pub parent_goid: AtomicU64,
    /// `atomicstatus` (a [`GStatus`], possibly with [`G_SCAN`]).
    pub atomicstatus: AtomicU32,
    pub waitreason: AtomicU8,
    /// `gp.preempt`: a preemption was requested (mirrors `stackguard0 == stackPreempt`).
    pub preempt: AtomicBool,
    /// `preemptShrink`: shrink the stack at the next synchronous safe point.
    pub preempt_shrink: AtomicBool,
    /// The M running it (`gp.m`).
    pub m: OptId,
    /// `stack.lo`: simulated address of the stack's low end.
    pub stack_lo: AtomicU64,
    /// `stack.hi - stack.lo`.
    pub stack_size: AtomicU64,
    /// Bytes in use, for the UI and for shrink decisions (`hi - sp`).
    pub stack_used: AtomicU64,
    pub kind: AtomicU8,
    /// The function it was started with (`startpc`) and its argument, for labels.
    pub startfn: AtomicU32,
    pub startarg: AtomicI64,
    /// `waitsince`-like: virtual time of the last status change (for the UI).
    pub since: AtomicI64,
    pub exec: crate::sync::SpinLock<GExec>,
    /// `g.lockedm`: the M this G is locked to (`LockOSThread`).
    /// Written only by the G itself while it runs; read by any M in `schedule`.
    pub lockedm: OptId,
    /// The function (index) whose `go` statement created this G, for the
    /// traceback's `created by` line (Go keeps the PC, `g.gopc`).
    pub gopc_func: OptId,
    /// For a G a front end's code created: that function's name and the `go`
    /// statement's `file:line`, as its traceback gave them.
    pub gopc: std::sync::Mutex<Option<(String, String)>>,
}

impl G {
    pub fn new() -> G {
        G {
            goid: AtomicU64::new(0),
            parent_goid: AtomicU64::new(0),
            atomicstatus: AtomicU32::new(GStatus::Idle as u32),
            waitreason: AtomicU8::new(0),
            preempt: AtomicBool::new(false),
            preempt_shrink: AtomicBool::new(false),
            m: OptId::none(),
            stack_lo: AtomicU64::new(0),
            stack_size: AtomicU64::new(0),
            stack_used: AtomicU64::new(0),
            kind: AtomicU8::new(0),
            startfn: AtomicU32::new(0),
            startarg: AtomicI64::new(0),
            since: AtomicI64::new(0),
            exec: crate::sync::SpinLock::new(GExec::default()),
            lockedm: OptId::none(),
            gopc_func: OptId::none(),
            gopc: std::sync::Mutex::new(None),
        }
    }

    pub fn status(&self) -> GStatus {
        GStatus::from_u32(self.atomicstatus.load(Ordering::Acquire))
    }

    pub fn goid(&self) -> u64 {
        self.goid.load(Ordering::Relaxed)
    }

    pub fn waitreason(&self) -> WaitReason {
        WaitReason::from_u8(self.waitreason.load(Ordering::Relaxed))
    }

    pub fn kind(&self) -> GKind {
        GKind::from_u8(self.kind.load(Ordering::Relaxed))
    }

    /// `casgstatus`: moves `from → to`, spinning while the scan bit is held (sysmon or an
    /// STW owns the G for a moment). Panics on a transition the runtime never makes.
    pub fn casgstatus(&self, from: GStatus, to: GStatus, rmw: crate::sync::Rmw) {
        assert!(
            legal_transition(from, to),
            "casgstatus: bad incoming values: {} -> {}",
            from.go_name(),
            to.go_name()
        );
        loop {
            match rmw.cas(&self.atomicstatus, from as u32, to as u32) {
                Ok(_) => return,
                Err(cur) if cur == from as u32 | G_SCAN => std::hint::spin_loop(),
                Err(cur) => panic!(
                    "casgstatus: gp->status={} expected {} (to {})",
                    GStatus::from_u32(cur).go_name(),
                    from.go_name(),
                    to.go_name()
                ),
            }
        }
    }

    /// `castogscanstatus`: try to take the scan bit on a G in `status`.
    pub fn try_scan(&self, status: GStatus) -> bool {
        self.atomicstatus
            .compare_exchange(
                status as u32,
                status as u32 | G_SCAN,
                Ordering::AcqRel,
                Ordering::Relaxed,
            )
            .is_ok()
    }

    /// `casfrom_Gscanstatus`: give the scan bit back.
    pub fn release_scan(&self, status: GStatus) {
        let ok = self
            .atomicstatus
            .compare_exchange(
                status as u32 | G_SCAN,
                status as u32,
                Ordering::AcqRel,
                Ordering::Relaxed,
            )
            .is_ok();
        assert!(ok, "casfrom_Gscanstatus: gp->status is not in scan state");
    }
}

impl Default for G {
    fn default() -> Self {
        G::new()
    }
}
