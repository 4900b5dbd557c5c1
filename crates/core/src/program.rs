//! # G programs: what a goroutine runs
//!
//! A G runs a small program: functions made of operations. The operations are the ones
//! that matter to the scheduler: CPU work, function calls (the prologue is a safe point
//! and may grow the stack), loops, `runtime.Gosched`, blocking system calls, network
//! reads through the netpoller, sleeps, channels, mutexes, WaitGroups, `go`, and prints.
//! The core's own tests build programs in Rust with [`ProgramBuilder`]
//! ([`crate::workloads`]); the Go front end's code runs behind one op, [`Op::Code`].
//!
//! ## Safe points
//! - [`Op::Work`] is call-free code (Go's `for {}` or an arithmetic loop): it has no
//!   safe point, so only an asynchronous preemption (a signal, delivered between two
//!   "instructions" of the work) can stop it. With `asyncpreemptoff=1` it runs to the end.
//! - [`Op::Call`] runs the callee's prologue: the stack check (`morestack` →
//!   `newstack`), which is also where a cooperative preemption request is noticed.
//! - Every other op enters the runtime and schedules as Go would there.
//!
//! Every op also costs a little CPU time ([`OpCost`]), so virtual time always advances
//! and ping-pong or spawn loops take realistic time.

use std::fmt;

pub type FuncId = u32;
pub type ObjId = u32;

/// Virtual-time durations in nanoseconds.
pub type Nanos = u64;

/// One operation of a G's program.
#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    /// Call-free CPU work for this many ns (`u64::MAX`: forever, Go's `for {}`).
    Work(Nanos),
    /// Call a function (prologue: stack check and cooperative preemption point).
    Call(FuncId),
    /// Repeat the next `body` ops `times` times (`u32::MAX`: forever).
    Loop {
        times: u32,
        body: u32,
    },
    /// `runtime.Gosched()`.
    Gosched,
    /// A blocking system call lasting this long (`entersyscall` … `exitsyscall`).
    Syscall(Nanos),
    /// A system call the runtime knows will block: hands the P off at once
    /// (`entersyscallblock`).
    SyscallBlock(Nanos),
    /// A network read whose data arrives after this long: parks on the netpoller.
    NetRead(Nanos),
    /// `time.Sleep`.
    Sleep(Nanos),
    /// `ch <- v`.
    Send {
        ch: ObjId,
        val: Val,
    },
    /// `<-ch`.
    Recv {
        ch: ObjId,
    },
    /// `close(ch)`.
    Close {
        ch: ObjId,
    },
    /// `mu.Lock()` / `mu.Unlock()`.
    Lock(ObjId),
    Unlock(ObjId),
    /// `c.Wait()`, `c.Signal()`, `c.Broadcast()` on a `sync.Cond` (its `L` is the mutex
    /// named in its [`ObjDecl::Cond`]).
    CondWait(ObjId),
    CondSignal(ObjId),
    CondBroadcast(ObjId),
    /// `rw.RLock()` / `rw.RUnlock()` on a `sync.RWMutex` (`Lock`/`Unlock` on one are
    /// [`Op::Lock`]/[`Op::Unlock`]).
    RLock(ObjId),
    RUnlock(ObjId),
    /// `once.Do(f)` is three ops: `OnceDo(once)`, `Call(f)`, `OnceEnd(once)`
    /// ([`ProgramBuilder::once_do`]). `OnceDo` is `Do` and `doSlow` up to `f()`: when the
    /// Once is done it skips the other two; `OnceEnd` is `doSlow`'s deferred
    /// `done.Store(true)` and `m.Unlock()`.
    OnceDo(ObjId),
    OnceEnd(ObjId),
    /// `runtime/time.go: timer.modify` (`newTimer`, `resetTimer`) of a runtime timer
    /// object ([`crate::code::Host::new_timer`]): due at `when` (ns on the program's
    /// clock), then every `period` ns if it is positive. The code receives whether the
    /// timer was pending (Reset's result).
    TimerModify {
        timer: ObjId,
        when: i64,
        period: i64,
    },
    /// `timer.stop` (`stopTimer`): the code receives whether it was pending.
    TimerStop(ObjId),
    /// `runtime.Goexit` after the G's deferred calls ran: the G ends (`goexit1`), the
    /// main goroutine too (then `checkdead` says `main called runtime.Goexit`).
    Goexit,
    /// `notifyListWait(l, ticket)` (`sync.Cond.Wait` after it unlocked `c.L`): park
    /// unless the ticket was notified already.
    NotifyListWait {
        list: ObjId,
        ticket: u64,
    },
    /// `wg.Add(n)`, `wg.Done()`, `wg.Wait()`.
    WgAdd(ObjId, i64),
    WgDone(ObjId),
    WgWait(ObjId),
    /// `go f(arg)`.
    Go {
        func: FuncId,
        arg: Val,
        kind: crate::g::GKind,
    },
    /// Print a line to stdout (`fmt.Println`-like), formatted with [`Fmt`].
    Print(Fmt),
    /// Print a line to stderr (the builtin `println`).
    PrintErr(Fmt),
    /// Append a formatted label to the program's shared record (`order = append(...)`).
    Record(Fmt),
    /// Print the record as Go prints a `[]string`: `[B0 A0 ...]`.
    PrintRecord,
    /// Print the stack-growth report (the chapter's "stack copy near depth" lines).
    PrintStackReport,
    /// Record the address of a local `off` bytes above SP, while fewer than `limit`
    /// addresses are recorded (the recursion example's `addrs[depth] = &local`).
    RecordStackAddr {
        off: u64,
        limit: u32,
    },
    /// Call `func` while fewer than `limit` addresses are recorded (the recursion's
    /// `if depth+1 < maxDepth`).
    CallIfBelow {
        func: FuncId,
        limit: u32,
    },
    /// `runtime.GOMAXPROCS(n)`.
    SetMaxProcs(u32),
    /// `runtime.GC()`: run a whole GC cycle and wait for its mark termination
    /// ([`crate::gc`]; stacks may shrink at the scan).
    Gc,
    /// `gcBgMarkWorker`: park in the worker pool until `findRunnableGCWorker` or idle
    /// marking picks this worker.
    GcWorkerPark,
    /// `gcBgMarkWorker`: mark in the P's worker mode until told to stop.
    GcMarkWork,
    /// `forcegchelper`: `gcStart(gcTriggerTime)` (sysmon woke it).
    GcForced,
    /// `select {}`: block forever.
    BlockForever,
    /// A runtime goroutine parks until the runtime readies it (forcegc, bgsweep, ...).
    ParkIdle(crate::g::WaitReason),
    /// `runtime.main`: start sysmon on its own M and set `mainStarted`.
    StartSysmon,
    /// `runtime.LockOSThread()` (`internal`: the runtime's own `lockOSThread`).
    LockOSThread {
        internal: bool,
    },
    /// `runtime.UnlockOSThread()` (`internal`: `unlockOSThread`).
    UnlockOSThread {
        internal: bool,
    },
    /// `os.Exit(code)`; `runtime.main` ends with `Exit(0)`.
    Exit(i32),
    /// Wait on the network for a request from outside the program (the explorer's
    /// Spawn buttons): the G parks on the netpoller until one arrives, like an accept
    /// loop waiting for a client.
    Accept,
    /// Start the goroutines the pending requests ask for: CPU-bound ones run `cpu`,
    /// blocking-syscall ones `blocking`, network ones `network`.
    SpawnRequested {
        cpu: FuncId,
        blocking: FuncId,
        network: FuncId,
    },
    /// Run the G's code ([`crate::code::GCode`], a front end's program) until it returns;
    /// `main.main` of a front end's program is this one op.
    Code,
    /// `write(fd, text)`: a program's output, a short system call as in Go
    /// (`entersyscall` ... `exitsyscall`). fd 1 is stdout, 2 stderr.
    Write {
        fd: u8,
        text: String,
    },
}

/// An operand: a constant, the G's start argument, or the innermost loop index.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Val {
    Const(i64),
    Arg,
    LoopIndex,
    /// The last value a receive delivered.
    Received,
}

/// A tiny format: literal text with `{arg}`, `{i}` (innermost loop index), `{recv}`,
/// `{goid}`, `{name}` (the goroutine's label), `{count}` (labels recorded so far) and
/// `{elapsed_ms}` (virtual ms since start) placeholders.
#[derive(Clone, Debug, PartialEq)]
pub struct Fmt(pub String);

impl Fmt {
    pub fn new(s: impl Into<String>) -> Fmt {
        Fmt(s.into())
    }
}

impl fmt::Display for Fmt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A function: a name, its frame size (bytes the prologue checks for) and a body.
#[derive(Clone, Debug, PartialEq)]
pub struct Func {
    pub name: String,
    /// Frame size including the return address, as the prologue sees it.
    pub frame: u64,
    pub body: Vec<Op>,
}

/// Kinds of synchronisation objects a program declares up front.
#[derive(Clone, Debug, PartialEq)]
pub enum ObjDecl {
    /// `make(chan T, cap)`; a cap of [`CAP_GOMAXPROCS`] means `runtime.GOMAXPROCS(0)`.
    Chan {
        cap: usize,
    },
    Mutex,
    WaitGroup,
    /// `sync.NewCond(&mu)`: a condition variable whose `L` is the mutex `mutex`.
    Cond {
        mutex: ObjId,
    },
    /// `sync.RWMutex`.
    RWMutex,
    /// `sync.Once`.
    Once,
}

/// Channel capacity placeholder: GOMAXPROCS when the program starts.
pub const CAP_GOMAXPROCS: usize = usize::MAX;

/// A whole program: functions (0 is `main.main`) and the objects they share.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Program {
    pub funcs: Vec<Func>,
    pub objs: Vec<ObjDecl>,
    /// Display names of functions started with `go` (labels like "A", "B").
    pub labels: Vec<String>,
    /// Stack bytes in use below `main.main` when it starts (runtime.main, goexit).
    pub main_base_stack: u64,
    /// The program's code, when a front end compiled it (`main.main` is then [`Op::Code`]).
    pub code: Option<CodeRef>,
}

/// A shared handle on a front end's program.
#[derive(Clone)]
pub struct CodeRef(pub std::sync::Arc<dyn crate::code::Code>);

impl fmt::Debug for CodeRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("CodeRef")
    }
}

impl PartialEq for CodeRef {
    fn eq(&self, o: &CodeRef) -> bool {
        std::sync::Arc::ptr_eq(&self.0, &o.0)
    }
}

impl Program {
    /// A program whose `main.main` is a front end's code.
    pub fn from_code(code: std::sync::Arc<dyn crate::code::Code>) -> Program {
        // The code's own frames account for main.main's frame (and its return
        // address); this entry only runs the code.
        let _ = code.main_frame();
        Program {
            funcs: vec![
                Func {
                    name: "main.main".into(),
                    frame: 0,
                    body: vec![Op::Code],
                },
                Func {
                    name: "go.code".into(),
                    frame: 0,
                    body: vec![Op::Code],
                },
            ],
            objs: vec![],
            labels: vec![],
            main_base_stack: 480,
            code: Some(CodeRef(code)),
        }
    }
}

/// Function id of the entry of every goroutine a front end's `go` statement starts.
pub const CODE_GO_FUNC: FuncId = 1;

/// Function ids of the runtime's own goroutines, appended to every program by
/// [`with_runtime`].
#[derive(Clone, Debug, PartialEq)]
pub struct RuntimeFuncs {
    pub main: FuncId,
    pub pkg_init: FuncId,
    pub updater: FuncId,
    /// `runtime.gcBgMarkWorker`, `forcegchelper`, `bgsweep`, and the channel
    /// `gcBgMarkStartWorkers` waits on (`ready`).
    pub gc_worker: FuncId,
    pub forcegc: FuncId,
    pub bgsweep: FuncId,
    pub gc_ready: ObjId,
}

/// Frame of `runtime.main` (`goexit`'s return address sits below it).
pub const RUNTIME_MAIN_FRAME: u64 = 288;
/// Frame of the package initialisation `runtime.main` runs before `main.main`: large
/// enough that the main goroutine's stack grows from 2 KiB to 4 KiB first, as it does
/// in real programs on linux/amd64 (fmt, os, unicode init).
pub const PKG_INIT_FRAME: u64 = 1200;
/// Frame of `runtime.gcBgMarkWorker` (an estimate; it runs its drain on the system
/// stack).
pub const GC_BG_MARK_WORKER_FRAME: u64 = 96;

/// Appends the runtime's goroutines to a program:
///
/// ```text
/// runtime.main:  start sysmon; go forcegchelper()            (runtime's init)
///                gcenable(): go bgsweep(c); go bgscavenge(c); <-c; <-c
///                go updateMaxProcsGoroutine()                  (Go 1.25+)
///                package init; main.main(); exit(0)
/// ```
///
/// They run like any goroutine, so P0's `schedtick`, the goids and the main
/// goroutine's stack are what they are in a real program when `main.main` starts.
pub fn with_runtime(mut prog: Program) -> (Program, RuntimeFuncs) {
    use crate::g::{GKind, WaitReason};
    let c = prog.objs.len() as ObjId;
    prog.objs.push(ObjDecl::Chan { cap: 2 });
    // `gcBgMarkStartWorkers`'s `ready := make(chan struct{}, 1)`.
    let gc_ready = prog.objs.len() as ObjId;
    prog.objs.push(ObjDecl::Chan { cap: 1 });
    let mut add = |name: &str, frame: u64, body: Vec<Op>| {
        prog.funcs.push(Func {
            name: name.into(),
            frame,
            body,
        });
        (prog.funcs.len() - 1) as FuncId
    };
    // `proc.go: forcegchelper`: park; when sysmon injects it, `gcStart(gcTriggerTime)`.
    let forcegc = add(
        "runtime.forcegchelper",
        40,
        vec![
            Op::Loop {
                times: u32::MAX,
                body: 2,
            },
            Op::ParkIdle(WaitReason::ForceGcIdle),
            Op::GcForced,
        ],
    );
    let bgsweep = add(
        "runtime.bgsweep",
        56,
        vec![
            Op::Send {
                ch: c,
                val: Val::Const(1),
            },
            // `mgcsweep.go: bgsweep`: park; `gcSweep` readies it after each cycle.
            Op::Loop {
                times: u32::MAX,
                body: 1,
            },
            Op::ParkIdle(WaitReason::GcSweepWait),
        ],
    );
    let bgscavenge = add(
        "runtime.bgscavenge",
        56,
        vec![
            Op::Send {
                ch: c,
                val: Val::Const(1),
            },
            Op::ParkIdle(WaitReason::GcScavengeWait),
        ],
    );
    let updater = add(
        "runtime.updateMaxProcsGoroutine",
        64,
        vec![
            Op::Loop {
                times: u32::MAX,
                body: 2,
            },
            Op::ParkIdle(WaitReason::GomaxprocsUpdater),
            Op::SetMaxProcs(0),
        ],
    );
    // The finalizer goroutine: package os sets finalizers during its init
    // (`mfinal.go: createfing`), so every program that imports fmt or os has it.
    let finalizers = add(
        "runtime.runFinalizers",
        56,
        vec![Op::ParkIdle(WaitReason::FinalizerWait)],
    );
    // `mgc.go: gcBgMarkWorker`: `ready <- struct{}{}`, then park in the pool and mark
    // when picked, forever.
    let gc_worker = add(
        "runtime.gcBgMarkWorker",
        GC_BG_MARK_WORKER_FRAME,
        vec![
            Op::Send {
                ch: gc_ready,
                val: Val::Const(1),
            },
            Op::Loop {
                times: u32::MAX,
                body: 2,
            },
            Op::GcWorkerPark,
            Op::GcMarkWork,
        ],
    );
    let pkg_init = add("main.init", PKG_INIT_FRAME, vec![]);
    let sys = |func| Op::Go {
        func,
        arg: Val::Const(0),
        kind: GKind::System,
    };
    let main = add(
        "runtime.main",
        RUNTIME_MAIN_FRAME,
        // `proc.go: main`: sysmon; `lockOSThread` for init; the runtime's init
        // (forcegchelper); `gcenable` (bgsweep, bgscavenge, and wait for both);
        // `defaultGOMAXPROCSUpdateEnable`; the packages' init (os: the finalizer
        // goroutine; main.init); `unlockOSThread`; main.main.
        vec![
            Op::StartSysmon,
            Op::LockOSThread { internal: true },
            sys(forcegc),
            sys(bgsweep),
            sys(bgscavenge),
            Op::Recv { ch: c },
            Op::Recv { ch: c },
            sys(updater),
            sys(finalizers),
            Op::Call(pkg_init),
            Op::UnlockOSThread { internal: true },
            Op::Call(0),
            Op::Exit(0),
        ],
    );
    (
        prog,
        RuntimeFuncs {
            main,
            pkg_init,
            updater,
            gc_worker,
            forcegc,
            bgsweep,
            gc_ready,
        },
    )
}

/// A live call frame of a G.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Frame {
    pub func: FuncId,
    pub pc: u32,
    /// Active loops in this frame: (first op of the body, one past its end, iterations
    /// left, current index).
    pub loops: Vec<LoopState>,
    pub frame_size: u64,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct LoopState {
    pub start: u32,
    pub end: u32,
    pub left: u32,
    pub index: i64,
}

/// Nominal CPU cost of each op, in ns (Go 1.27 on a 2-CPU amd64 VM, rounded):
/// a runtime call is tens of ns; `go` about 200 ns with its G setup.
#[derive(Clone, Debug)]
pub struct OpCost {
    pub call: Nanos,
    pub chan_op: Nanos,
    pub mutex_op: Nanos,
    pub wg_op: Nanos,
    pub go_stmt: Nanos,
    pub gosched: Nanos,
    pub print: Nanos,
    pub other: Nanos,
    /// One pass of the scheduler (`schedule` → `findRunnable` → `execute`).
    pub schedule: Nanos,
    /// Waking a parked thread: `notewakeup` (futexwakeup) until the woken M runs.
    pub wake: Latency,
    /// Creating a thread: `newm` → `clone` until `mstart` runs.
    pub create: Latency,
    /// What `runqgrab`'s `usleep(3)` before stealing a running P's runnext really
    /// takes (nanosleep(3 µs): the kernel's timer slack makes it ~90 µs).
    pub usleep3: Latency,
}

/// A latency's distribution as measured on these machines (`tools/wake-latency`):
/// its quantiles at 0, 10, ..., 90 and 99 %, in ns. The deterministic driver draws
/// from it with its seeded chooser: the same seed, the same latencies.
#[derive(Clone, Debug, PartialEq)]
pub struct Latency(pub [Nanos; 11]);

impl Latency {
    /// Always `n`.
    pub const fn fixed(n: Nanos) -> Latency {
        Latency([n; 11])
    }

    /// The latency at `u` in [0, 1 000 000): between the quantiles, linearly.
    pub fn at(&self, u: u64) -> Nanos {
        let x = u.min(999_999) * 10;
        let (i, f) = ((x / 1_000_000) as usize, x % 1_000_000);
        let (a, b) = (self.0[i], self.0[i + 1]);
        if b >= a {
            a + (b - a) * f / 1_000_000
        } else {
            a
        }
    }

    /// The median.
    pub fn median(&self) -> Nanos {
        self.0[5]
    }
}

impl Default for OpCost {
    fn default() -> Self {
        OpCost {
            call: 2,
            chan_op: 60,
            mutex_op: 20,
            wg_op: 15,
            go_stmt: 200,
            gosched: 90,
            print: 1_000,
            other: 10,
            schedule: 60,
            // tools/wake-latency, Go 1.27.3 at GOMAXPROCS=2 on a 2-CPU VM of this
            // kind, 40 runs of 200 hand-offs (docs/ARCHITECTURE.md, "Thread hand-offs")
            wake: Latency([
                960, 20_224, 29_568, 33_344, 37_760, 40_832, 43_648, 47_040, 51_584, 58_944, 89_728,
            ]),
            create: Latency([
                7_936, 25_664, 36_352, 40_640, 47_552, 61_184, 70_272, 90_240, 110_528, 147_584,
                220_480,
            ]),
            usleep3: Latency([
                37_951, 84_567, 86_170, 88_886, 90_379, 95_278, 96_670, 100_357, 106_499, 113_331,
                156_963,
            ]),
        }
    }
}

/// Builds a [`Program`] function by function.
#[derive(Default)]
pub struct ProgramBuilder {
    prog: Program,
}

impl ProgramBuilder {
    pub fn new() -> Self {
        let mut b = ProgramBuilder::default();
        b.prog.main_base_stack = 480;
        // Function 0 is main.main; filled by `main`.
        b.prog.funcs.push(Func {
            name: "main.main".into(),
            frame: 0,
            body: vec![],
        });
        b
    }

    pub fn chan(&mut self, cap: usize) -> ObjId {
        self.prog.objs.push(ObjDecl::Chan { cap });
        (self.prog.objs.len() - 1) as ObjId
    }
    pub fn mutex(&mut self) -> ObjId {
        self.prog.objs.push(ObjDecl::Mutex);
        (self.prog.objs.len() - 1) as ObjId
    }
    /// `sync.NewCond(&mu)` for the mutex `mu`.
    pub fn cond(&mut self, mu: ObjId) -> ObjId {
        self.prog.objs.push(ObjDecl::Cond { mutex: mu });
        (self.prog.objs.len() - 1) as ObjId
    }
    pub fn rwmutex(&mut self) -> ObjId {
        self.prog.objs.push(ObjDecl::RWMutex);
        (self.prog.objs.len() - 1) as ObjId
    }
    pub fn once(&mut self) -> ObjId {
        self.prog.objs.push(ObjDecl::Once);
        (self.prog.objs.len() - 1) as ObjId
    }
    /// The three ops of `once.Do(f)`.
    pub fn once_do(once: ObjId, f: FuncId) -> [Op; 3] {
        [Op::OnceDo(once), Op::Call(f), Op::OnceEnd(once)]
    }
    pub fn waitgroup(&mut self) -> ObjId {
        self.prog.objs.push(ObjDecl::WaitGroup);
        (self.prog.objs.len() - 1) as ObjId
    }

    /// Declares a function (body may be set later with [`Self::set_body`]).
    pub fn func(&mut self, name: &str, frame: u64, body: Vec<Op>) -> FuncId {
        self.prog.funcs.push(Func {
            name: name.into(),
            frame,
            body,
        });
        (self.prog.funcs.len() - 1) as FuncId
    }

    pub fn set_body(&mut self, f: FuncId, body: Vec<Op>) {
        self.prog.funcs[f as usize].body = body;
    }

    pub fn main(mut self, frame: u64, body: Vec<Op>) -> Program {
        self.prog.funcs[0].frame = frame;
        self.prog.funcs[0].body = body;
        self.prog.validate().expect("built-in program is valid");
        self.prog
    }

    pub fn label(&mut self, name: &str) -> i64 {
        self.prog.labels.push(name.into());
        (self.prog.labels.len() - 1) as i64
    }
}

impl Program {
    /// Checks that every function, object and loop referenced exists.
    pub fn validate(&self) -> Result<(), String> {
        for f in &self.funcs {
            for (i, op) in f.body.iter().enumerate() {
                let bad_obj = |o: &ObjId| (*o as usize) >= self.objs.len();
                let err = match op {
                    Op::Call(t)
                    | Op::Go { func: t, .. }
                    | Op::CallIfBelow { func: t, .. }
                    | Op::SpawnRequested { cpu: t, .. }
                        if *t as usize >= self.funcs.len() =>
                    {
                        Some(format!("calls unknown function #{t}"))
                    }
                    Op::OnceDo(o)
                        if !matches!(
                            (f.body.get(i + 1), f.body.get(i + 2)),
                            (Some(Op::Call(_)), Some(Op::OnceEnd(e))) if e == o
                        ) =>
                    {
                        Some("once.Do must be OnceDo, Call(f), OnceEnd".to_string())
                    }
                    Op::Loop { body, .. } if i + 1 + *body as usize > f.body.len() => {
                        Some("loop body runs past the end of the function".to_string())
                    }
                    Op::Send { ch, .. } | Op::Recv { ch } | Op::Close { ch } if bad_obj(ch) => {
                        Some(format!("uses unknown channel #{ch}"))
                    }
                    Op::Lock(o)
                    | Op::Unlock(o)
                    | Op::CondWait(o)
                    | Op::CondSignal(o)
                    | Op::CondBroadcast(o)
                    | Op::RLock(o)
                    | Op::RUnlock(o)
                    | Op::OnceDo(o)
                    | Op::OnceEnd(o)
                    | Op::WgAdd(o, _)
                    | Op::WgDone(o)
                    | Op::WgWait(o)
                        if bad_obj(o) =>
                    {
                        Some(format!("uses unknown object #{o}"))
                    }
                    _ => None,
                };
                if let Some(e) = err {
                    return Err(format!("{} op {i}: {e}", f.name));
                }
            }
        }
        Ok(())
    }
}
