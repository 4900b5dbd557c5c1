//! # Code the core does not know: how a language front end's goroutines run
//!
//! The core schedules Gs; it does not know what language their code is in. A front end
//! (the Go VM of `gmp-go`) implements [`Code`] for a whole program and [`GCode`] for
//! one goroutine's execution state. The core resumes a G's code with [`GCode::resume`];
//! the code runs until its next *scheduling point* and says which one with a [`Yield`]:
//!
//! - a function prologue whose stack check failed ([`Yield::Morestack`]): Go's
//!   `morestack`, which is where a cooperative preemption request is noticed
//!   (`stackguard0 == stackPreempt`) and where the stack grows (`newstack`);
//! - an operation that enters the runtime ([`Yield::Op`]: channels, `go`, Gosched,
//!   sleeps, syscalls, writes, sync objects, `os.Exit` ...);
//! - the end of its CPU budget ([`Yield::Budget`]): a point between two instructions,
//!   where an asynchronous preemption signal may land;
//! - the return of its entry function ([`Yield::Return`]).
//!
//! The code charges the virtual CPU time it used in [`Cx::used_ns`] and the heap bytes
//! it allocated in [`Cx::alloc_bytes`]. It performs the
//! stack check of a prologue itself while the check passes (as compiled Go does, with one
//! compare), so only calls that need the runtime cost a trip through the scheduler.
//!
//! Objects the code creates at run time (channels, mutexes, WaitGroups) come from the
//! [`Host`], and values travel through channels as opaque `i64` tokens the code gives
//! meaning to.

use crate::g::GKind;
use std::sync::atomic::AtomicBool;

use crate::program::Op;

/// A whole program in some language.
pub trait Code: Send + Sync {
    /// The main goroutine's code: `main.main` (after package initialisation).
    fn start_main(&self) -> Box<dyn GCode>;
    /// The name of a function the code gave as a `go` statement's entry (`main.worker`).
    fn func_name(&self, entry: u32) -> &str;
    /// Frame size of `main.main` (bytes the prologue checks for).
    fn main_frame(&self) -> u64;
}

/// One goroutine's execution state.
pub trait GCode: Send {
    /// Runs until the next scheduling point.
    fn resume(&mut self, cx: &mut Cx<'_>) -> Yield;
    /// Bytes of stack this code's frames use.
    fn stack_used(&self) -> u64;
    /// Where the goroutine is, innermost frame first: (function, file:line).
    fn traceback(&self) -> Vec<(String, String)>;
    /// The source line the goroutine is at (0 if unknown).
    fn line(&self) -> u32;
    /// How many of the code's frames are on the stack (for the stack-copy report).
    fn depth(&self) -> usize {
        self.traceback().len()
    }
    /// What the program calls this goroutine, if it names it (`go worker("A")`).
    fn label(&self) -> Option<std::sync::Arc<str>> {
        None
    }
    /// A copy of this state for a checkpoint of the deterministic driver
    /// ([`crate::fork`]): what several goroutines share (heap objects, globals,
    /// values in flight) must stay shared among the copies made with the same `f`.
    fn clone_code(&self, f: &mut crate::fork::Forker) -> Box<dyn GCode>;
    /// Host bytes this state holds, roughly (for the checkpoints' memory budget).
    fn host_bytes(&self) -> usize {
        0
    }
}

/// What a goroutine's code stopped for.
pub enum Yield {
    /// The CPU budget ran out (an instruction boundary).
    Budget,
    /// A prologue's stack check failed: `frame` bytes needed above what is in use.
    /// The code retries the call when resumed.
    Morestack { frame: u64 },
    /// An operation that enters the runtime.
    Op(Op),
    /// `go f(...)`: a new goroutine with this state; `entry` names its function and
    /// `kind` is what the front end says it does (its colour; not used to schedule).
    Go {
        code: Box<dyn GCode>,
        entry: u32,
        kind: GKind,
    },
    /// `select`: cases (channel, Some(token) to send / None to receive); `block` is
    /// false when the select has a default case.
    Select {
        cases: Vec<(u32, Option<i64>)>,
        block: bool,
    },
    /// A Go panic that nothing recovered, or a runtime error: the process ends with
    /// `text` on stderr (already in Go's words) and exit status `code`.
    Fatal { text: String, code: i32 },
    /// The entry function returned.
    Return,
}

/// What a runtime timer made by `time.AfterFunc` starts each time it fires
/// (`time/sleep.go: goFunc`: `go f()`, from the M that runs the timer).
pub trait TimerFunc: Send + Sync {
    /// A new goroutine's code calling `f`, its entry function, and its kind.
    fn start(&self) -> (Box<dyn GCode>, u32, GKind);
    /// The copy for a checkpoint ([`GCode::clone_code`]'s rules).
    fn fork(&self, f: &mut crate::fork::Forker) -> std::sync::Arc<dyn TimerFunc>;
}

/// What a runtime timer does when it fires (`runtime/time.go: timer.f`).
#[derive(Clone)]
pub enum TimerKind {
    /// `sendTime` on this channel: a non-blocking send of the time the timer was due
    /// ([`time_token`]); the channel is the timer's (`c.timer`: `len` and `cap` 0,
    /// values undone by Stop and Reset).
    Chan(u32),
    /// `goFunc`: start a goroutine.
    Func(std::sync::Arc<dyn TimerFunc>),
}

/// The token a timer channel receives: the monotonic instant (ns since the start) the
/// timer was due, which the front end turns into its time value (`sendTime` sends
/// `Now().Add(-delta)`). Tokens of values the code sends itself are positive.
pub fn time_token(when: i64) -> i64 {
    -2 - when.clamp(0, 1 << 62)
}

/// The instant a [`time_token`] stands for.
pub fn token_time(tok: i64) -> Option<i64> {
    (tok <= -2 && tok >= -2 - (1 << 62)).then(|| -2 - tok)
}

/// Services of the runtime the code may call while it runs.
pub trait Host {
    fn new_chan(&self, cap: usize) -> u32;
    /// `runtime/time.go: newTimer`'s object, not yet running: [`Op::TimerModify`]
    /// starts it. A channel timer makes its channel a timer channel.
    fn new_timer(&self, kind: TimerKind) -> u32 {
        let _ = kind;
        unimplemented!("this host has no runtime timers")
    }
    /// `sync.Cond`'s `notifyList` (`sema.go`): a list with no mutex of its own
    /// ([`Op::NotifyListWait`]; Signal and Broadcast are [`Op::CondSignal`] and
    /// [`Op::CondBroadcast`] on it).
    fn new_notify_list(&self) -> u32 {
        unimplemented!("this host has no notify lists")
    }
    /// `notifyListAdd`: the ticket of a waiter that has not parked yet.
    fn notify_list_add(&self, id: u32) -> u64 {
        let _ = id;
        unimplemented!("this host has no notify lists")
    }
    /// A new `sync.RWMutex`.
    fn new_rwmutex(&self) -> u32 {
        unimplemented!("this host has no RWMutex")
    }
    /// `TryLock` (`rw` false: a `sync.Mutex`; true: an RWMutex's writer side) and an
    /// RWMutex's `TryRLock` (`read`): never parks.
    fn try_lock(&self, id: u32, rw: bool, read: bool) -> bool {
        let _ = (id, rw, read);
        unimplemented!("this host has no TryLock")
    }
    /// How many GC cycles have started (`sync.Pool`'s `poolCleanup` runs at each).
    fn gc_cycles(&self) -> u64 {
        0
    }

    fn new_mutex(&self) -> u32;
    fn new_waitgroup(&self) -> u32;
    /// `len(ch)` and `cap(ch)`.
    fn chan_len(&self, ch: u32) -> (usize, usize);
    /// A random number from the run's seeded source (`cheaprand`).
    fn rand(&self) -> u64;
    /// `runtime.NumGoroutine()`.
    fn num_goroutine(&self) -> u64;
    /// `runtime.GOMAXPROCS(0)`.
    fn gomaxprocs(&self) -> u32;
    /// `runtime.NumCPU()`.
    fn ncpu(&self) -> u32;
    /// The goroutines the explorer's requests ask for (CPU-bound, blocking-syscall,
    /// network; [`crate::Runtime::request_spawn`]) since the last call, taken: what an
    /// accept loop reads from the connection [`Op::Accept`] gave it.
    fn take_requests(&self) -> [u32; 3] {
        [0; 3]
    }
}

/// What the code sees of its G and the runtime while it runs.
pub struct Cx<'a> {
    pub host: &'a dyn Host,
    /// Virtual time since the program started, ns (`time.Now` / `nanotime`).
    pub now: i64,
    pub goid: u64,
    /// The P the G runs on (`procPin`'s result).
    pub p: u32,
    /// The G's stack: lowest address and size (simulated addresses).
    pub stack_lo: u64,
    pub stack_size: u64,
    /// Stack bytes in use below this code's frames (runtime.main, goexit).
    pub stack_base: u64,
    /// `gp.preempt` (`stackguard0 == stackPreempt`): a prologue must call morestack.
    pub preempt: &'a AtomicBool,
    /// The token a receive delivered (`None`: nothing pending), and whether the channel
    /// delivered a sent value (`v, ok`: false when closed).
    pub received: Option<(i64, bool)>,
    /// For a select: the case that fired.
    pub selected: Option<usize>,
    /// The last op yielded did not complete (`sync.Mutex.Lock` spun or parked and
    /// runs `lockSlow` again): yield it again.
    pub retry: bool,
    /// The op the code yielded panicked in the runtime (a Go run-time error such as
    /// `send on closed channel`, `chan.go: chansend`): the code panics with it.
    pub panic: Option<&'static str>,
    /// CPU ns the code may use before yielding [`Yield::Budget`].
    pub budget_ns: u64,
    /// Out: CPU ns the code used.
    pub used_ns: u64,
    /// Out: heap bytes the code allocated (what `mallocgc` would count in `heapLive`;
    /// the GC's pacer triggers cycles from it, see [`crate::gc`]).
    pub alloc_bytes: u64,
}

impl Cx<'_> {
    /// Would a prologue needing `frame` bytes, with `used` bytes of code frames in use,
    /// call morestack (`stack.go`/the compiler's prologue check, or a preemption)?
    pub fn morestack(&self, used: u64, frame: u64) -> bool {
        self.preempt.load(std::sync::atomic::Ordering::Relaxed)
            || crate::stack::needs_morestack(self.stack_base + used, self.stack_size, frame)
    }
}
