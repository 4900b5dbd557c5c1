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

/// Services of the runtime the code may call while it runs.
pub trait Host {
    fn new_chan(&self, cap: usize) -> u32;
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
