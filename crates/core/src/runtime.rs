//! # The runtime: M, P, the scheduler (`schedt`), and how drivers run it
//!
//! [`Runtime`] holds what Go keeps in globals: `sched`, `allp`, `allm`, `allgs`, plus the
//! program's objects (channels, mutexes, WaitGroups), timers, the netpoller and the event
//! log. Every M runs the same scheduler code on it, so it is shared (`&Runtime` from any
//! thread) and every field is either atomic, behind a lock, or owned by one M as Go's
//! comments say. Two parts are the explorer's rather than Go's: what the program and
//! the runtime print ([`crate::output::Output`]) and what the explorer asks of the
//! running program ([`crate::requests`]).
//!
//! The fields are `pub(crate)`. Outside the core (drivers, the CLI, the page, tests) a
//! run is read through [`Runtime::snapshot`] (the machine), [`Runtime::output_since`]
//! (what was printed, by cursor), [`Runtime::events`] (the event log) and a few small
//! accessors ([`Runtime::cfg`], [`Runtime::allgs`] ...), and acted on through
//! [`Runtime::step_m`] (drivers) and the requests.
//!
//! ## How an M runs: steps
//! An M is a state machine ([`MCont`]). A driver calls [`Runtime::step_m`]; the M does one
//! scheduler event (one `schedule()` pass, one op of its G's program, one syscall exit...)
//! and returns a [`Wait`] saying what the thread does next: run again after some CPU
//! time, burn CPU on call-free work until a deadline (a preemption signal may cut it
//! short), block in a syscall, park on its note (`stopm`), block in `netpoll`, or exit.
//! - The deterministic driver (`sim`) keeps a virtual clock and runs the M whose next
//!   event is earliest; ties and every random choice go through one seeded chooser.
//! - The live driver runs each M on a real thread that really burns CPU, sleeps in
//!   syscalls and waits on a futex when parked.
//!
//! Side effects that reach other threads go through the [`Env`] the driver supplies:
//! waking a parked M (`notewakeup`), starting a thread (`newm`), sending a preemption
//! signal (`preemptM`), breaking a blocked `netpoll`.
//!
//! ## M states (`MCont`) and who changes them
//! Only the M's own thread (or the one driver thread, deterministically) steps an M, so
//! `cont` is owner-only. Other Ms change an M only through its atomics (`nextp`,
//! `spinning` before a wake-up) and its note.

use std::collections::VecDeque;
use std::sync::atomic::{
    AtomicBool, AtomicI32, AtomicI64, AtomicU32, AtomicU64, AtomicU8, Ordering,
};
use std::sync::{Arc, Mutex, MutexGuard};

use crate::arena::AppendVec;
use crate::consts::*;
use crate::g::{GExec, GIdx, GKind, GStatus, G};
use crate::objects::Objects;
use crate::optid::OptId;
use crate::output::Output;
pub use crate::output::{ExitStatus, OutMark, StackCopy};
use crate::program::{OpCost, Program};
use crate::requests::Requests;
use crate::runq::RunQueue;
use crate::trace::{EvKind, Event, EventLog, Keep};

pub type MId = u32;
pub type PId = u32;

/// What an M's thread does after a step.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Wait {
    /// Step again after `after` ns of CPU time (scheduler work or a cheap op).
    Run { after: i64 },
    /// Run call-free code until `until`; a preemption signal may end it early.
    Busy { until: i64 },
    /// Blocked in a system call until `until`.
    Syscall { until: i64 },
    /// Asleep on the M's note (`stopm`) until `notewakeup`.
    Park,
    /// Asleep on a note with a timeout (STW waiting for Ps; sysmon's sleeps).
    ParkUntil { until: i64 },
    /// Blocked in `netpoll` until I/O is ready, `until` (`i64::MAX`: no timeout), or a
    /// `netpollBreak`.
    Netpoll { until: i64 },
    /// The thread exits (the program ended).
    Exit,
}

/// Where an M is in the scheduler (its continuation).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MCont {
    /// A new thread: `mstart1` → `acquirep(nextp)` → `schedule`.
    Start,
    /// The top of `schedule()`.
    Schedule,
    /// Running `curg`'s program.
    Run,
    /// `curg` is in call-free work until the deadline in its `GExec`.
    Work,
    /// `curg` is in a blocking syscall; on wake-up, `exitsyscall`.
    Syscall,
    /// Parked in `stopm`; on wake-up, `acquirep(nextp)` and back to `schedule`.
    Stopped,
    /// Blocked in `findRunnable`'s `netpoll`; on wake-up, the code after it.
    Netpoll { was_spinning: bool },
    /// `curg` is stopping the world and waits for the Ps to stop.
    StwWait,
    /// The program is over.
    Dead,
}

impl MCont {
    pub const fn to_u8(self) -> u8 {
        match self {
            MCont::Start => 0,
            MCont::Schedule => 1,
            MCont::Run => 2,
            MCont::Work => 3,
            MCont::Syscall => 4,
            MCont::Stopped => 5,
            MCont::Netpoll {
                was_spinning: false,
            } => 6,
            MCont::Netpoll { was_spinning: true } => 7,
            MCont::StwWait => 8,
            MCont::Dead => 9,
        }
    }
    /// Decodes `M.cont`; a value `to_u8` never writes panics.
    pub const fn from_u8(v: u8) -> MCont {
        match v {
            0 => MCont::Start,
            1 => MCont::Schedule,
            2 => MCont::Run,
            3 => MCont::Work,
            4 => MCont::Syscall,
            5 => MCont::Stopped,
            6 => MCont::Netpoll {
                was_spinning: false,
            },
            7 => MCont::Netpoll { was_spinning: true },
            8 => MCont::StwWait,
            9 => MCont::Dead,
            // Only `to_u8` writes `M.cont`: anything else is memory corruption.
            _ => panic!("MCont::from_u8: not a value to_u8 writes"),
        }
    }
}

/// The hooks a driver gives the runtime for effects on other threads.
pub trait Env: Send + Sync {
    /// `nanotime()`: ns since the program started.
    fn now(&self) -> i64;
    /// `notewakeup(&mp.park)`: the M's note was set; wake its thread if parked.
    fn notewakeup(&self, m: MId);
    /// `newm`: start a thread for a new M (its first step is [`MCont::Start`]).
    fn newm(&self, m: MId);
    /// `preemptM`: send a preemption signal to the M (interrupt a [`Wait::Busy`]).
    fn preempt_m(&self, m: MId);
    /// `netpollBreak`: wake the M blocked in `netpoll`.
    fn netpoll_break(&self);
    /// A network read will complete at `when`: the netpoller should wake by then.
    fn io_at(&self, when: i64);
    /// `notewakeup(&sched.sysmonnote)`.
    fn sysmon_wake(&self);
    /// A random number for this M (`cheaprand`).
    fn rand(&self, m: MId) -> u32;
    /// True when a single thread makes every call into the runtime (the deterministic
    /// driver). Counters and status words then change with a load and a store instead
    /// of a read-modify-write ([`crate::sync::Rmw`]). Never unsafe; a wrong `true`
    /// would only lose counts.
    fn single_threaded(&self) -> bool {
        false
    }
    /// A virtual clock the runtime may read directly: its value must always equal
    /// [`Env::now`]. Live drivers have none.
    fn virtual_clock(&self) -> Option<Arc<AtomicI64>> {
        None
    }
    /// Live drivers sleep for real (`usleep(3)` before stealing runnext); the
    /// deterministic driver returns false and the M retries after virtual time instead.
    fn usleep(&self, _ns: i64) -> bool {
        false
    }
    /// A latency of `l`'s distribution: the deterministic driver draws it with its
    /// seeded chooser; others take the median.
    fn draw(&self, l: &crate::program::Latency) -> i64 {
        l.median() as i64
    }
}

/// A driver usually keeps its own handle on its `Env`; the runtime gets a clone.
impl<T: Env + ?Sized> Env for Arc<T> {
    fn now(&self) -> i64 {
        (**self).now()
    }
    fn notewakeup(&self, m: MId) {
        (**self).notewakeup(m)
    }
    fn newm(&self, m: MId) {
        (**self).newm(m)
    }
    fn preempt_m(&self, m: MId) {
        (**self).preempt_m(m)
    }
    fn netpoll_break(&self) {
        (**self).netpoll_break()
    }
    fn io_at(&self, when: i64) {
        (**self).io_at(when)
    }
    fn sysmon_wake(&self) {
        (**self).sysmon_wake()
    }
    fn rand(&self, m: MId) -> u32 {
        (**self).rand(m)
    }
    fn single_threaded(&self) -> bool {
        (**self).single_threaded()
    }
    fn virtual_clock(&self) -> Option<Arc<AtomicI64>> {
        (**self).virtual_clock()
    }
    fn usleep(&self, ns: i64) -> bool {
        (**self).usleep(ns)
    }
    fn draw(&self, l: &crate::program::Latency) -> i64 {
        (**self).draw(l)
    }
}

/// `type p`.
pub struct P {
    pub id: PId,
    pub status: AtomicU32,
    /// The M holding it (`p.m`).
    pub m: OptId,
    /// `p.oldm`: the last M that held it (procresize prefers it).
    pub oldm: OptId,
    pub schedtick: AtomicU32,
    pub syscalltick: AtomicU32,
    pub runq: RunQueue,
    /// `p.preempt`: enter the scheduler as soon as possible.
    pub preempt: AtomicBool,
    /// Owner-only state (the M holding the P).
    pub own: crate::sync::SpinLock<POwned>,
    pub timers: crate::timers::Timers,
    /// `p.gcMarkWorkerMode` ([`crate::gc::MarkWorkerMode`]), `p.nextGCMarkWorker` (raw
    /// GIdx, 0 = none), `p.gcFractionalMarkTime` and `p.gcMarkWorkerStartTime`.
    pub gc_mark_worker_mode: AtomicU8,
    pub next_gc_mark_worker: AtomicU32,
    pub gc_fractional_mark_time: AtomicI64,
    pub gc_mark_worker_start_time: AtomicI64,
}

/// State of a P that only its owner touches (`gFree`, `goidcache`).
#[derive(Clone, Default)]
pub struct POwned {
    pub gfree: Vec<GIdx>,
    pub goidcache: u64,
    pub goidcacheend: u64,
}

/// `_P*` statuses.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum PStatus {
    Idle = 0,
    Running = 1,
    SyscallUnused = 2,
    Gcstop = 3,
    Dead = 4,
}

impl PStatus {
    pub fn from_u32(v: u32) -> PStatus {
        match v {
            0 => PStatus::Idle,
            1 => PStatus::Running,
            2 => PStatus::SyscallUnused,
            3 => PStatus::Gcstop,
            4 => PStatus::Dead,
            v => panic!("PStatus::from_u32: bad P status {v}"),
        }
    }
}

impl P {
    fn new(id: PId) -> P {
        P {
            id,
            status: AtomicU32::new(PStatus::Gcstop as u32),
            m: OptId::none(),
            oldm: OptId::none(),
            schedtick: AtomicU32::new(0),
            syscalltick: AtomicU32::new(0),
            runq: RunQueue::new(),
            preempt: AtomicBool::new(false),
            own: crate::sync::SpinLock::new(POwned::default()),
            timers: crate::timers::Timers::default(),
            gc_mark_worker_mode: AtomicU8::new(0),
            next_gc_mark_worker: AtomicU32::new(0),
            gc_fractional_mark_time: AtomicI64::new(0),
            gc_mark_worker_start_time: AtomicI64::new(0),
        }
    }
    pub fn status(&self) -> PStatus {
        PStatus::from_u32(self.status.load(Ordering::Acquire))
    }
    pub fn m(&self) -> Option<MId> {
        self.m.load(Ordering::Acquire)
    }
}

/// `type m`.
pub struct M {
    pub id: i64,
    /// The G it runs (raw [`GIdx`], 0 = none).
    pub curg: AtomicU32,
    /// P ids (`m.p`, `m.nextp`, `m.oldp`).
    pub p: OptId,
    pub nextp: OptId,
    pub oldp: OptId,
    pub spinning: AtomicBool,
    /// Parked on its note.
    pub blocked: AtomicBool,
    /// `m.park`: the note `stopm` sleeps on (1 = woken).
    pub park: AtomicU32,
    pub syscalltick: AtomicU32,
    /// `m.signalPending`: a preemption signal is in flight.
    pub signal_pending: AtomicBool,
    pub is_sysmon: bool,
    /// Where the M's thread resumes ([`MCont`], encoded by [`MCont::to_u8`]). Only the M's
    /// own thread writes it (at the end of each `step_m`), so plain loads and stores do:
    /// no lock and no read-modify-write on the per-step path. Others only read it.
    pub cont: AtomicU8,
    /// The deterministic stand-in for `usleep(3)` in `runqgrab`: where the M's
    /// `stealWork` resumes after the 3 µs (owner-only).
    pub steal_resume: crate::sync::SpinLock<Option<StealResume>>,
    /// `m.lockedg`: the G locked to this M (raw [`GIdx`], 0 = none), and the
    /// `LockOSThread` counts: `lockedExt` (the program's calls) and `lockedInt` (the
    /// runtime's own, as `runtime.main` during init). Written only by the M's own G.
    pub lockedg: AtomicU32,
    pub locked_ext: AtomicU32,
    pub locked_int: AtomicU32,
}

/// A `stealWork` suspended in `runqgrab`'s `usleep(3)` (deterministic driver only): the
/// M resumes at the same victim, in the same pass and visiting order, and CASes the
/// victim's runnext as Go does after the sleep.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct StealResume {
    /// `findRunnable`'s `now` and the `pollUntil` of its own P's timers.
    pub now: i64,
    pub local_poll_until: i64,
    /// The pass (0..4), the random start of its order, and the position in that order.
    pub pass: u32,
    pub rand: u32,
    pub pos: u32,
    /// The victim and the runnext G seen before the sleep.
    pub victim: PId,
    pub next: GIdx,
    /// `stealWork`'s `ranTimer` and `pollUntil` so far.
    pub ran_timer: bool,
    pub poll_until: i64,
}

impl M {
    fn new(id: i64, is_sysmon: bool) -> M {
        M {
            id,
            curg: AtomicU32::new(0),
            p: OptId::none(),
            nextp: OptId::none(),
            oldp: OptId::none(),
            spinning: AtomicBool::new(false),
            blocked: AtomicBool::new(false),
            park: AtomicU32::new(0),
            syscalltick: AtomicU32::new(0),
            signal_pending: AtomicBool::new(false),
            is_sysmon,
            cont: AtomicU8::new(MCont::Start.to_u8()),
            steal_resume: crate::sync::SpinLock::new(None),
            lockedg: AtomicU32::new(0),
            locked_ext: AtomicU32::new(0),
            locked_int: AtomicU32::new(0),
        }
    }
    pub fn p(&self) -> Option<PId> {
        self.p.load(Ordering::Acquire)
    }
    pub fn curg(&self) -> GIdx {
        GIdx(self.curg.load(Ordering::Acquire))
    }
    pub fn cont(&self) -> MCont {
        MCont::from_u8(self.cont.load(Ordering::Acquire))
    }
    /// Sets where the M resumes; only the M's own thread calls this.
    pub(crate) fn set_cont(&self, c: MCont) {
        self.cont.store(c.to_u8(), Ordering::Release);
    }
}

/// `schedt`: the fields under `sched.lock`.
#[derive(Clone, Default)]
pub struct SchedLocked {
    /// The global run queue (`sched.runq`), FIFO.
    pub runq: VecDeque<GIdx>,
    /// Idle Ms (`sched.midle`), LIFO.
    pub midle: Vec<MId>,
    /// Idle Ps (`sched.pidle`), LIFO.
    pub pidle: Vec<PId>,
    /// Global free Gs (`sched.gFree`).
    pub gfree: Vec<GIdx>,
    /// `sched.stopwait`: Ps an STW still waits for.
    pub stopwait: i32,
    /// M waiting for the world to stop.
    pub stw_m: Option<MId>,
    /// `newprocs`: GOMAXPROCS to apply at the next start-the-world.
    pub newprocs: u32,
    /// `sched.nmidlelocked`: Ms parked in `stoplockedm`, waiting for their locked G.
    pub nmidlelocked: i32,
}

/// `schedt`.
pub struct Sched {
    pub lock: Mutex<SchedLocked>,
    /// `sched.runq.size`, readable without the lock (Go reads it racily too).
    pub runqsize: AtomicU32,
    pub nmspinning: AtomicI32,
    pub needspinning: AtomicU32,
    pub npidle: AtomicI32,
    pub nmidle: AtomicI32,
    /// `sched.mnext`: Ms created (also the next M id).
    pub mnext: AtomicI64,
    pub nmsys: AtomicI32,
    pub goidgen: AtomicU64,
    /// `sched.lastpoll`: 0 while an M is blocked in netpoll.
    pub lastpoll: AtomicI64,
    pub poll_until: AtomicI64,
    pub polling_net: AtomicU32,
    pub gcwaiting: AtomicBool,
    pub sysmonwait: AtomicBool,
    pub gomaxprocs: AtomicI32,
    /// `idlepMask`, `timerpMask`: one bit per P.
    pub idlep_mask: Vec<AtomicBool>,
    pub timerp_mask: Vec<AtomicBool>,
}

/// Settings of one run (the GODEBUG knobs and the model's costs).
#[derive(Clone, Debug)]
pub struct Config {
    pub gomaxprocs: u32,
    /// `GODEBUG=asyncpreemptoff=1`.
    pub asyncpreemptoff: bool,
    /// `GODEBUG=schedtrace=N` (ms; 0 = off) and `scheddetail=1`.
    pub schedtrace_ms: i64,
    pub scheddetail: bool,
    /// `debug.SetMaxThreads` (default 10000).
    pub max_threads: i64,
    /// The explorer's own guard: at most this many Gs (memory), with a clear message.
    pub max_goroutines: usize,
    /// `debug.SetMaxStack` (default 1e9).
    pub max_stack: u64,
    /// `forcegcperiod`: sysmon starts a GC cycle (through forcegchelper) when this long
    /// has passed since the last one (None: never; Go's is 2 minutes).
    pub gc_period_ns: Option<i64>,
    /// `GODEBUG=gctrace=1`: a line per GC cycle on stderr.
    pub gctrace: bool,
    pub cost: OpCost,
    pub keep_events: Keep,
    /// `runtime.NumCPU()` as the program sees it.
    pub ncpu: u32,
    /// Keep every write to stdout and stderr in the order it was made (the program's,
    /// schedtrace's and gctrace's), for a reader that prints them as a terminal shows
    /// them ([`Runtime::take_writes`]; the CLI).
    pub write_journal: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            gomaxprocs: 2,
            asyncpreemptoff: false,
            schedtrace_ms: 0,
            scheddetail: false,
            max_threads: MAX_M_COUNT,
            max_goroutines: 4_000_000,
            max_stack: MAX_STACK_SIZE,
            gc_period_ns: None,
            gctrace: false,
            cost: OpCost::default(),
            keep_events: Keep::All,
            ncpu: 2,
            write_journal: false,
        }
    }
}

/// The whole runtime of one program.
pub struct Runtime {
    pub(crate) cfg: Config,
    pub(crate) prog: Arc<Program>,
    /// Ids of the runtime's own functions in `prog` (`runtime.main` ...).
    pub(crate) rtfuncs: crate::program::RuntimeFuncs,
    pub(crate) sched: Sched,
    /// How counters and status words change (see [`crate::sync::Rmw`]).
    pub(crate) rmw: crate::sync::Rmw,
    /// `allp`: every P ever made. Like Go's `procresize`, a GOMAXPROCS larger than any
    /// before allocates the new Ps; they are never freed (a P beyond GOMAXPROCS is
    /// `_Pdead` and kept for reuse). Entries never move, so lookups take no lock.
    pub(crate) allp: AppendVec<P>,
    pub(crate) allm: AppendVec<M>,
    pub(crate) allgs: AppendVec<G>,
    pub(crate) objs: Objects,
    pub(crate) netpoll: crate::netpoll::Netpoll,
    pub(crate) events: EventLog,
    pub(crate) env: Box<dyn Env>,
    /// The driver's virtual clock, read directly instead of through `env.now()` (a
    /// virtual call on the hottest path), when the driver has one.
    clock: Option<Arc<AtomicI64>>,
    /// What the program and the runtime print, and how the program ended
    /// ([`crate::output`]); read through [`Runtime::output_since`].
    pub(crate) output: Output,
    /// `mainStarted`.
    pub(crate) main_started: AtomicBool,
    pub(crate) sysmon: Mutex<crate::sysmon::SysmonState>,
    /// `sched.sysmonnote` was signalled (sysmon woken from its deep sleep).
    pub(crate) sysmon_note: AtomicBool,
    /// Bump allocator for simulated stack addresses.
    pub(crate) stack_alloc: Mutex<crate::stack::StackAllocator>,
    pub(crate) start_time: i64,
    pub(crate) last_gc: AtomicI64,
    /// The garbage collector ([`crate::gc`]).
    pub(crate) gc: crate::gc::GcState,
    /// `sweep.g`: the background sweeper (raw GIdx).
    pub(crate) gc_bgsweep: AtomicU32,
    /// What the explorer asks of the program from outside: goroutines for its accept
    /// loop, GOMAXPROCS changes ([`crate::requests`]).
    pub(crate) requests: Requests,
}

/// What `findRunnable` decided.
pub(crate) enum Found {
    /// A G to run; `inherit_time`: it came from runnext and keeps the current time slice;
    /// `try_wakep`: `findRunnable`'s tryWakeP, which Go sets for the trace reader and GC
    /// workers (set here for GC workers).
    G {
        gp: GIdx,
        inherit_time: bool,
        try_wakep: bool,
    },
    Wait(Wait),
}

impl Runtime {
    /// `schedinit` + `newproc(runtime.main)`: M0 with P0, G1 ready to run main.main,
    /// `procresize(gomaxprocs)`. sysmon is started when main begins (`runtime.main`).
    pub fn new(prog: Program, cfg: Config, env: Box<dyn Env>) -> Result<Arc<Runtime>, String> {
        prog.validate()?;
        let (prog, rtfuncs) = crate::program::with_runtime(prog);
        if cfg.gomaxprocs == 0 || cfg.gomaxprocs as usize > MAX_MODEL_PROCS {
            return Err(format!(
                "GOMAXPROCS must be between 1 and {MAX_MODEL_PROCS}, not {}",
                cfg.gomaxprocs
            ));
        }
        let nprocs = cfg.gomaxprocs as usize;
        let start_time = env.now();
        let rmw = if env.single_threaded() {
            crate::sync::Rmw::SingleThread
        } else {
            crate::sync::Rmw::Atomic
        };
        let objs = Objects::new(&prog.objs, cfg.gomaxprocs as usize, rmw);
        let rt = Arc::new(Runtime {
            sched: Sched {
                lock: Mutex::new(SchedLocked::default()),
                runqsize: AtomicU32::new(0),
                nmspinning: AtomicI32::new(0),
                needspinning: AtomicU32::new(0),
                npidle: AtomicI32::new(0),
                nmidle: AtomicI32::new(0),
                mnext: AtomicI64::new(0),
                nmsys: AtomicI32::new(0),
                goidgen: AtomicU64::new(0),
                lastpoll: AtomicI64::new(start_time.max(1)),
                poll_until: AtomicI64::new(0),
                polling_net: AtomicU32::new(0),
                gcwaiting: AtomicBool::new(false),
                sysmonwait: AtomicBool::new(false),
                gomaxprocs: AtomicI32::new(0),
                idlep_mask: (0..MAX_MODEL_PROCS)
                    .map(|_| AtomicBool::new(false))
                    .collect(),
                timerp_mask: (0..MAX_MODEL_PROCS)
                    .map(|_| AtomicBool::new(false))
                    .collect(),
            },
            rmw,
            allp: AppendVec::default(),
            allm: AppendVec::default(),
            allgs: AppendVec::default(),
            objs,
            netpoll: crate::netpoll::Netpoll::default(),
            events: EventLog::new(cfg.keep_events, rmw),
            clock: env.virtual_clock(),
            env,
            output: Output::with_journal(cfg.write_journal),
            main_started: AtomicBool::new(false),
            sysmon: Mutex::new(crate::sysmon::SysmonState::new(MAX_MODEL_PROCS)),
            sysmon_note: AtomicBool::new(false),
            stack_alloc: Mutex::new(crate::stack::StackAllocator::default()),
            start_time,
            last_gc: AtomicI64::new(start_time),
            gc: crate::gc::GcState::default(),
            gc_bgsweep: AtomicU32::new(0),
            requests: Requests::new(),
            prog: Arc::new(prog),
            rtfuncs,
            cfg,
        });
        // G index 0 is nil: park a placeholder there.
        rt.allgs.push(G::new());
        // M0: the main thread.
        let m0 = rt.new_m_struct(false);
        debug_assert_eq!(m0, 0);
        {
            let mut s = rt.sched.lock.lock().unwrap();
            rt.procresize(&mut s, nprocs as u32, Some(0));
        }
        // G1 runs runtime.main → main.main on P0.
        let g1 = rt.newproc1(Some(0), 0, rt.rtfuncs.main, 0, GKind::Main, 0, None);
        rt.allp[0].runq.runqput(g1, true, &mut |_| unreachable!());
        Ok(rt)
    }

    // ---- small accessors ----
    //
    // The fields are the core's own; outside (drivers, the CLI, the page, tests) reads
    // the run through these, `snapshot()` and `output_since()`.

    /// The run's settings.
    pub fn cfg(&self) -> &Config {
        &self.cfg
    }
    /// The program, with the runtime's own functions added ([`Runtime::rtfuncs`]).
    pub fn prog(&self) -> &Program {
        &self.prog
    }
    /// Ids of the runtime's own functions in [`Runtime::prog`].
    pub fn rtfuncs(&self) -> &crate::program::RuntimeFuncs {
        &self.rtfuncs
    }
    /// `sched`.
    pub fn sched(&self) -> &Sched {
        &self.sched
    }
    /// `allp`, `allm`, `allgs` (append-only; index 0 of `allgs` is nil).
    pub fn allp(&self) -> &AppendVec<P> {
        &self.allp
    }
    pub fn allm(&self) -> &AppendVec<M> {
        &self.allm
    }
    pub fn allgs(&self) -> &AppendVec<G> {
        &self.allgs
    }
    /// The event log ([`crate::trace`]).
    pub fn events(&self) -> &EventLog {
        &self.events
    }
    /// When the netpoller next has something ready (absolute time; `i64::MIN`: now, a
    /// request waits for the accept loop), for a driver's netpoll wait.
    pub fn netpoll_next_ready(&self) -> i64 {
        self.netpoll.next_ready()
    }
    /// The garbage collector's state ([`crate::gc`]).
    pub fn gc(&self) -> &crate::gc::GcState {
        &self.gc
    }

    pub fn now(&self) -> i64 {
        match &self.clock {
            Some(c) => c.load(Ordering::Acquire) - self.start_time,
            None => self.env.now() - self.start_time,
        }
    }
    pub fn g(&self, g: GIdx) -> &G {
        &self.allgs[g.0 as usize]
    }
    pub fn m(&self, m: MId) -> &M {
        &self.allm[m as usize]
    }
    pub fn p(&self, p: PId) -> &P {
        &self.allp[p as usize]
    }
    /// Makes sure `allp` has at least `n` Ps (`procresize`'s growth of `allp`).
    pub(crate) fn grow_allp(&self, n: usize) {
        while self.allp.len() < n {
            self.allp.push(P::new(self.allp.len() as PId));
        }
    }
    pub fn gomaxprocs(&self) -> u32 {
        self.sched.gomaxprocs.load(Ordering::Acquire) as u32
    }
    pub fn lock_sched(&self) -> MutexGuard<'_, SchedLocked> {
        self.sched.lock.lock().unwrap_or_else(|e| e.into_inner())
    }
    pub fn goid(&self, g: GIdx) -> u64 {
        if g.is_nil() {
            0
        } else {
            self.g(g).goid()
        }
    }
    /// `mcount()`: threads that exist (including sysmon).
    pub fn mcount(&self) -> i64 {
        self.sched.mnext.load(Ordering::Acquire)
    }

    pub(crate) fn emit(&self, m: Option<MId>, kind: EvKind) {
        if self.events.keep() == crate::trace::Keep::None {
            // Nothing is stored: count it without stamping time, M and P.
            self.events.count_only(&kind);
            return;
        }
        let (mid, p) = match m {
            Some(m) => (self.m(m).id, self.m(m).p().map(|p| p as i32).unwrap_or(-1)),
            None => (-1, -1),
        };
        self.events.emit(Event {
            t: self.now(),
            m: mid,
            p,
            kind,
        });
    }

    /// Allocates a new M struct (not yet a thread). `sched.mnext++`.
    pub(crate) fn new_m_struct(&self, is_sysmon: bool) -> MId {
        let id = self.sched.mnext.fetch_add(1, Ordering::AcqRel);
        let idx = self.allm.push(M::new(id, is_sysmon));
        idx as MId
    }

    /// Stores a program line on stdout.
    pub(crate) fn print_line(&self, m: Option<MId>, line: String) {
        let n = self.output.push_stdout(line);
        self.emit(m, EvKind::Print { line: n as u32 });
    }

    /// A program's `write(fd, text)`: stdout (1) or stderr (2), kept line by line; a
    /// write that does not end its line leaves it open for the next one.
    pub(crate) fn write_out(&self, m: Option<MId>, fd: u8, text: &str) {
        let first = self.output.write(fd, text);
        if fd != 2 {
            if let Some(n) = first {
                self.emit(m, EvKind::Print { line: n as u32 });
            }
        }
    }

    /// Ends the program (`exit(code)`), with runtime messages for stderr.
    pub fn exit(&self, m: Option<MId>, code: i32, stderr: String) {
        if self.output.set_exit(code, stderr) {
            self.emit(m, EvKind::Exit { code });
        }
    }

    /// `throw`/`fatal`: prints Go's `fatal error:` text and exits with status 2.
    pub fn fatal(&self, m: Option<MId>, pre: &str, msg: &str) {
        let mut text = String::new();
        if !pre.is_empty() {
            text.push_str(pre);
            text.push('\n');
        }
        text.push_str(&format!("fatal error: {msg}\n"));
        text.push_str(&self.goroutine_dump());
        self.exit(m, 2, text);
    }

    pub fn is_exited(&self) -> bool {
        self.output.is_exited()
    }

    /// How the program ended, once it has (takes the lock).
    pub fn exit_status(&self) -> Option<ExitStatus> {
        self.output.exit_status()
    }

    /// The goroutine dump after a fatal error, as `GOTRACEBACK=single` (the default)
    /// prints it (`traceback.go: tracebackothers`, `goroutineheader`, `showfuncinfo`):
    /// every user G (`isSystemGoroutine` ones left out), a header
    /// `goroutine N [status, M minutes, locked to thread]:`, its frames innermost first
    /// without the runtime's own (`runtime.main`, `runtime.goexit`, ...), and
    /// `created by F in goroutine P`, each followed by its `file:line` when a front end's
    /// code gives it (Go adds `+0xoff` too). A built-in program has no source positions,
    /// so its frames stand alone.
    pub fn goroutine_dump(&self) -> String {
        let mut s = String::new();
        let now = self.now();
        for (i, g) in self.allgs.iter().enumerate() {
            if i == 0 || g.kind() == GKind::System {
                continue;
            }
            let st = g.status();
            if st == GStatus::Dead || st == GStatus::Idle {
                continue;
            }
            let word = if st == GStatus::Waiting {
                g.waitreason().as_str().to_string()
            } else {
                st.dump_word().to_string()
            };
            s.push_str(&format!("\ngoroutine {} [{}", g.goid(), word));
            if matches!(st, GStatus::Waiting | GStatus::Syscall) {
                let minutes = (now - g.since.load(Ordering::Relaxed)) / 60_000_000_000;
                if minutes >= 1 {
                    s.push_str(&format!(", {minutes} minutes"));
                }
            }
            if g.lockedm.is_some(Ordering::Acquire) {
                s.push_str(", locked to thread");
            }
            s.push_str("]:\n");
            if let Some(ex) = g.exec.try_lock() {
                match ex.code.as_ref().filter(|_| ex.in_code) {
                    // A front end's code knows its frames and their file:line.
                    Some(code) => {
                        for (name, at) in code.traceback() {
                            let bare = name.split('(').next().unwrap_or(&name);
                            if show_frame(bare) {
                                s.push_str(&format!("{name}\n\t{at}\n"));
                            }
                        }
                    }
                    None => {
                        for f in ex.frames.iter().rev() {
                            let name = &self.prog.funcs[f.func as usize].name;
                            if show_frame(name) {
                                s.push_str(&format!("{name}(...)\n"));
                            }
                        }
                    }
                }
            }
            s.push_str(&self.created_by(GIdx(i as u32)));
        }
        s
    }

    /// A traceback's last lines for G `gp`: `created by F in goroutine P` and where
    /// (`traceback.go: printcreatedby`); empty for the main goroutine.
    pub fn created_by(&self, gp: GIdx) -> String {
        let g = self.g(gp);
        let creator = g.gopc_func.load(Ordering::Acquire);
        let parent = g.parent_goid.load(Ordering::Relaxed);
        let by_code = g.gopc.lock().unwrap_or_else(|e| e.into_inner()).clone();
        if let Some((name, at)) = by_code {
            let bare = name.split('(').next().unwrap_or(&name);
            format!("created by {bare} in goroutine {parent}\n\t{at}\n")
        } else if let Some(creator) = creator {
            let name = &self.prog.funcs[creator as usize].name;
            let mut s = format!("created by {name}");
            if parent != 0 {
                s.push_str(&format!(" in goroutine {parent}"));
            }
            s.push('\n');
            s
        } else {
            String::new()
        }
    }

    /// The next goid from P `p`'s cache, refilled with a batch of 16 from `goidgen`
    /// when it runs out (`newproc1`).
    pub(crate) fn next_goid(&self, own: &mut POwned) -> u64 {
        if own.goidcache == own.goidcacheend {
            let end = self
                .sched
                .goidgen
                .fetch_add(GOID_CACHE_BATCH, Ordering::AcqRel)
                + GOID_CACHE_BATCH;
            own.goidcache = end - GOID_CACHE_BATCH + 1;
            own.goidcacheend = end + 1;
        }
        let id = own.goidcache;
        own.goidcache += 1;
        id
    }

    /// The G's program state (owner-only lock).
    pub fn exec(&self, g: GIdx) -> crate::sync::SpinGuard<'_, GExec> {
        self.g(g).exec.lock()
    }
}

/// GOMAXPROCS values the explorer accepts (Go's own limit is 1024).
pub const MAX_MODEL_PROCS: usize = 256;

/// The GOMAXPROCS a Go 1.25+ program starts with when `GOMAXPROCS` is not set in its
/// environment (`defaultGOMAXPROCS` in `runtime/cgroup_linux.go`): the logical CPUs in
/// the affinity mask, lowered to the cgroup's CPU limit (`quota/period`) rounded up but
/// never below 2. `cpu_max` is the cgroup v2 `cpu.max` file ("max 100000" means no
/// limit, "150000 100000" means 1.5 CPUs); `None` or an unreadable value means no
/// cgroup limit, as in Go. The explorer then caps it at [`MAX_MODEL_PROCS`].
///
/// Go re-checks this every second (sysmon wakes `updateMaxProcsGoroutine`) unless
/// GOMAXPROCS was set explicitly; the model's CPU count never changes, so it does not.
pub fn default_gomaxprocs(affinity_cpus: u32, cpu_max: Option<&str>) -> u32 {
    let mut procs = affinity_cpus.max(1);
    if let Some(limit) = cpu_max.and_then(cgroup_cpu_limit) {
        let limit = limit.ceil().max(2.0);
        if limit < f64::from(procs) {
            procs = limit as u32;
        }
    }
    procs.min(MAX_MODEL_PROCS as u32)
}

/// `cgroup.ReadCPULimit` for cgroup v2: quota/period from `cpu.max`, `None` for "max"
/// or anything malformed.
fn cgroup_cpu_limit(cpu_max: &str) -> Option<f64> {
    let mut it = cpu_max.split_whitespace();
    let quota = crate::atof::parse_float(it.next()?, false)?;
    let period = crate::atof::parse_float(it.next()?, false)?;
    (quota > 0.0 && period > 0.0).then(|| quota / period)
}

/// `traceback.go: showfuncinfo` at the default traceback level: a frame is shown unless
/// it is the runtime's own (`runtime.` and not exported, e.g. `runtime.main`,
/// `runtime.gopark`); exported ones (`runtime.Gosched`) are shown.
fn show_frame(name: &str) -> bool {
    if !name.contains('.') {
        return false;
    }
    match name.strip_prefix("runtime.") {
        None => true,
        Some(rest) => {
            // `isExportedRuntime`: the name after any receiver starts upper-case.
            let last = rest.rsplit('.').next().unwrap_or(rest);
            last.starts_with(|c: char| c.is_ascii_uppercase())
        }
    }
}

impl crate::code::Host for Runtime {
    fn new_chan(&self, cap: usize) -> u32 {
        self.objs.new_chan(cap)
    }
    fn new_mutex(&self) -> u32 {
        self.objs.new_mutex()
    }
    fn new_waitgroup(&self) -> u32 {
        self.objs.new_waitgroup()
    }
    fn new_timer(&self, kind: crate::code::TimerKind) -> u32 {
        self.objs.new_timer(kind)
    }
    fn new_notify_list(&self) -> u32 {
        self.objs.new_notify_list()
    }
    fn notify_list_add(&self, id: u32) -> u64 {
        self.objs.notify_list_add(id)
    }
    fn new_rwmutex(&self) -> u32 {
        self.objs.new_rwmutex()
    }
    fn try_lock(&self, id: u32, rw: bool, read: bool) -> bool {
        self.objs.try_lock(id, rw, read)
    }
    fn gc_cycles(&self) -> u64 {
        self.gc.cycles.load(Ordering::Acquire) as u64
    }
    fn chan_len(&self, ch: u32) -> (usize, usize) {
        self.objs.chan_len(ch)
    }
    fn rand(&self) -> u64 {
        ((self.env.rand(0) as u64) << 32) | self.env.rand(0) as u64
    }
    fn num_goroutine(&self) -> u64 {
        // `gcount`: every G not dead, less the runtime's own (system) goroutines.
        (1..self.allgs.len())
            .map(|i| self.g(GIdx(i as u32)))
            .filter(|g| g.status() != GStatus::Dead && g.kind() != GKind::System)
            .count() as u64
    }
    fn gomaxprocs(&self) -> u32 {
        self.sched.gomaxprocs.load(Ordering::Acquire) as u32
    }
    fn ncpu(&self) -> u32 {
        self.cfg.ncpu
    }
    fn take_requests(&self) -> [u32; 3] {
        self.requests.take_spawns()
    }
}

impl Sched {
    fn fork(&self) -> Sched {
        use crate::fork::ForkAtomic;
        Sched {
            lock: crate::fork::fork_mutex(&self.lock),
            runqsize: self.runqsize.fork(),
            nmspinning: self.nmspinning.fork(),
            needspinning: self.needspinning.fork(),
            npidle: self.npidle.fork(),
            nmidle: self.nmidle.fork(),
            mnext: self.mnext.fork(),
            nmsys: self.nmsys.fork(),
            goidgen: self.goidgen.fork(),
            lastpoll: self.lastpoll.fork(),
            poll_until: self.poll_until.fork(),
            polling_net: self.polling_net.fork(),
            gcwaiting: self.gcwaiting.fork(),
            sysmonwait: self.sysmonwait.fork(),
            gomaxprocs: self.gomaxprocs.fork(),
            idlep_mask: self.idlep_mask.iter().map(|a| a.fork()).collect(),
            timerp_mask: self.timerp_mask.iter().map(|a| a.fork()).collect(),
        }
    }
}

impl P {
    fn fork(&self) -> P {
        use crate::fork::ForkAtomic;
        P {
            id: self.id,
            status: self.status.fork(),
            m: self.m.fork(),
            oldm: self.oldm.fork(),
            schedtick: self.schedtick.fork(),
            syscalltick: self.syscalltick.fork(),
            runq: self.runq.fork(),
            preempt: self.preempt.fork(),
            own: crate::fork::fork_spin(&self.own),
            timers: self.timers.fork(),
            gc_mark_worker_mode: self.gc_mark_worker_mode.fork(),
            next_gc_mark_worker: self.next_gc_mark_worker.fork(),
            gc_fractional_mark_time: self.gc_fractional_mark_time.fork(),
            gc_mark_worker_start_time: self.gc_mark_worker_start_time.fork(),
        }
    }
}

impl M {
    fn fork(&self) -> M {
        use crate::fork::ForkAtomic;
        M {
            id: self.id,
            curg: self.curg.fork(),
            p: self.p.fork(),
            nextp: self.nextp.fork(),
            oldp: self.oldp.fork(),
            spinning: self.spinning.fork(),
            blocked: self.blocked.fork(),
            park: self.park.fork(),
            syscalltick: self.syscalltick.fork(),
            signal_pending: self.signal_pending.fork(),
            is_sysmon: self.is_sysmon,
            cont: self.cont.fork(),
            steal_resume: crate::fork::fork_spin(&self.steal_resume),
            lockedg: self.lockedg.fork(),
            locked_ext: self.locked_ext.fork(),
            locked_int: self.locked_int.fork(),
        }
    }
}

impl Runtime {
    /// A copy of the whole runtime for a checkpoint of the deterministic driver, run by
    /// `env` from now on: every G (its code through [`crate::code::GCode::clone_code`]),
    /// M, P, `sched`, object, timer and the netpoller, with the identity map `f`. The
    /// output streams and the kept events are not copied (a run's output only grows):
    /// the copy starts with none, and the returned mark says how long each was, for
    /// [`Runtime::adopt_output`] or [`Runtime::copy_output`] on restore.
    ///
    /// Only valid while no other thread steps the runtime (the deterministic driver).
    pub fn fork(&self, env: Box<dyn Env>, f: &mut crate::fork::Forker) -> (Runtime, OutMark) {
        use crate::fork::{fork_mutex, ForkAtomic};
        let mark = self.out_mark();
        let rt = Runtime {
            cfg: self.cfg.clone(),
            prog: self.prog.clone(),
            rtfuncs: self.rtfuncs.clone(),
            sched: self.sched.fork(),
            rmw: self.rmw,
            allp: self.allp.fork_with(P::fork),
            allm: self.allm.fork_with(M::fork),
            allgs: self.allgs.fork_with(|g| g.fork(f)),
            objs: self.objs.fork(f),
            netpoll: self.netpoll.fork(),
            events: self.events.fork_counters(),
            clock: env.virtual_clock(),
            env,
            output: self.output.fork(),
            main_started: self.main_started.fork(),
            sysmon: fork_mutex(&self.sysmon),
            sysmon_note: self.sysmon_note.fork(),
            stack_alloc: fork_mutex(&self.stack_alloc),
            start_time: self.start_time,
            last_gc: self.last_gc.fork(),
            gc: self.gc.fork(),
            gc_bgsweep: self.gc_bgsweep.fork(),
            requests: self.requests.fork(),
        };
        (rt, mark)
    }

    /// How long each output stream is now.
    pub fn out_mark(&self) -> OutMark {
        self.output.mark()
    }

    /// Gives this runtime (a fork taken at `mark`) the output and kept events of `from`,
    /// the same run at or after that point, cut back to `mark`; `from` is left without
    /// them. Costs only what is cut.
    pub fn adopt_output(&self, from: &Runtime, mark: &OutMark) {
        self.output.adopt(&from.output, mark);
        self.events.adopt(&from.events);
    }

    /// Like [`Runtime::adopt_output`], but copies what this fork needs from `from`,
    /// which keeps its own.
    pub fn copy_output(&self, from: &Runtime, mark: &OutMark) {
        self.output.copy_prefix(&from.output, mark);
        self.events.copy_prefix(&from.events);
    }

    /// Host bytes a fork of this runtime holds, roughly (the checkpoint budget).
    pub fn fork_bytes(&self) -> usize {
        let gs = self.allgs.capacity() * std::mem::size_of::<G>();
        let frames: usize = self
            .allgs
            .iter()
            .map(|g| {
                let ex = g.exec.lock();
                ex.frames.len() * std::mem::size_of::<crate::program::Frame>()
                    + ex.code.as_ref().map_or(0, |c| c.host_bytes())
            })
            .sum();
        let ps = self.allp.capacity() * std::mem::size_of::<P>();
        let ms = self.allm.capacity() * std::mem::size_of::<M>();
        let objs = self.objs.objs.capacity() * std::mem::size_of::<crate::objects::Obj>();
        let masks = 2 * MAX_MODEL_PROCS * std::mem::size_of::<AtomicBool>();
        let sysmon = MAX_MODEL_PROCS * std::mem::size_of::<crate::sysmon::SysmonTick>();
        std::mem::size_of::<Runtime>() + gs + frames + ps + ms + objs + masks + sysmon + 4096
    }
}
