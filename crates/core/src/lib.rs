//! # gmp-core: Go's GMP scheduler, modelled faithfully
//!
//! A real implementation of the Go 1.27 scheduler (`runtime/proc.go`) with Go's names
//! (snake_cased) and constants, no web dependencies, runnable by two drivers:
//! [`sim`] (deterministic, virtual time) and the live driver in `gmp-live` (real
//! threads). Read the modules in this order:
//!
//! - [`consts`]: the runtime's constants (stack sizes, 10 ms preemption, 61, 256 ...).
//! - [`runq`]: the per-P lock-free ring and runnext (`runqput`, `runqget`, `runqsteal`).
//! - [`g`]: goroutines, their statuses and wait reasons.
//! - [`runtime`]: M, P, `schedt`, and how drivers step an M.
//! - [`proc`]: `schedule`, `findRunnable`, stealing, spinning Ms, `handoffp`,
//!   `newproc`, `Gosched`, `gopark`/`ready`, syscalls, `checkdead`.
//! - [`sysmon`]: retake, preemption requests, netpoll from sysmon, schedtrace.
//! - [`stw`]: stop-the-world and `procresize` (GOMAXPROCS changes).
//! - [`exec`]: running a G's program op by op; stacks growing and shrinking.
//! - [`gc`]: the GC cycle as the scheduler sees it (`gcStart`, mark workers in
//!   `findRunnable`, the two stop-the-worlds, stack shrinking at the scan, the pacer's
//!   trigger).
//! - [`timers`], [`netpoll`], [`objects`] (channels, mutexes, WaitGroups), [`stack`].
//! - [`program`]: what a G runs; [`scenarios`]: parameters of a program run by name
//!   (the built-in ones are gmp-go's Go files); [`workloads`]: op-list programs for the
//!   core's own tests and benches.
//! - [`output`]: what the program and runtime print, read by cursor.
//! - [`requests`]: what the explorer asks of a running program (goroutines for its
//!   accept loop, GOMAXPROCS changes).
//! - [`trace`]: the event log (the execution tracer's names) and [`export`] (Chrome /
//!   Perfetto JSON); [`schedtrace`]: `GODEBUG=schedtrace` lines.
//! - [`sim`]: the deterministic driver.
//!
//! ## Where the model simplifies on purpose
//!
//! Each of these changes timing or bookkeeping a learner could compare with real Go;
//! none changes the order in which the scheduler's own rules pick Gs, Ps and Ms.
//!
//! - **The GOMAXPROCS updater's path.** Go 1.25+ has sysmon wake
//!   `updateMaxProcsGoroutine` (by `injectglist`, so it can wait behind a busy program)
//!   when the CPU limit changes. The explorer's outside requests (the page's control,
//!   `gmp run --procs`) use the same goroutine, but when no P is idle the first M to
//!   reach the scheduler readies it into its runnext (see [`sysmon`]), so the change
//!   shows at once.
//! - **CPU contention.** Every M runs as if it had a CPU to itself. When Ms outnumber
//!   the machine's cores, real threads queue for the OS scheduler and run late; the
//!   deterministic driver never delays one for that.
//! - **The free-G list.** Go's `sched.gFree` is two lists, Gs that kept their stack and
//!   Gs whose stack was freed (`noStack`), and `gfget` prefers the first. The model keeps
//!   one global list (a G whose stack grew still has its stack freed in `gfput`).
//! - **Kernel timing.** `epoll_wait`'s whole-millisecond timeout is modelled
//!   ([`proc::netpoll_timeout`]), Linux's timer slack on top of it (some 70-90 µs per
//!   wait) is not; thread wake-ups and creation cost fixed figures
//!   ([`program::OpCost`]).
//! - **`sync.Mutex` spinning** assumes a multicore machine (`numCPUStartup > 1`), and
//!   one `procyield(30)` costs a fixed estimate ([`consts::ACTIVE_SPIN_NS`]).
//! - **The runtime's goroutines** are those of a program that imports `os` (as any
//!   program printing with `fmt` does), so the finalizer goroutine always exists and
//!   takes a goid. A goroutine that exits while locked to its thread leaves the M
//!   alive (Go ends the thread).
//! - **The garbage collector** does not trace the heap ([`gc`] says what it models):
//!   the front end reports the bytes its code allocates and the model takes what was
//!   allocated during a cycle's mark as that cycle's marked heap (so garbage-producing
//!   loops keep the 4 MB minimum goal, as in real Go); the trigger is the pacer's lower
//!   bound (45/64 of the way from the marked heap to the goal), where Go's runway
//!   estimate usually sits a little later; mark work is CPU time (a fixed cost plus
//!   one per goroutine stack); mutator assists do mark work in proportion to what they
//!   allocate, with no assist credit; sweeping is only bgsweep being readied. A running
//!   goroutine whose stack the mark scans is not stopped and resumed (`suspendG`/
//!   `resumeG`): it shrinks at its next synchronous safe point (`preemptShrink`).
//! - **Tracebacks** of built-in programs have no `file:line` lines (they carry no
//!   source positions); a Go program's come from its code ([`code::GCode::traceback`]),
//!   without argument words and `+0x` offsets.

pub mod arena;
pub mod atof;
pub mod code;
pub mod consts;
pub mod exec;
pub mod export;
pub mod fork;
pub mod g;
pub mod gc;
pub mod hash;
pub mod invariants;
pub mod netpoll;
pub mod objects;
pub mod optid;
pub mod output;
pub mod proc;
pub mod program;
pub mod requests;
pub mod runq;
pub mod runtime;
pub mod scenarios;
pub mod schedtrace;
pub mod seek;
pub mod sim;
pub mod snapshot;
pub mod stack;
pub mod stw;
pub mod sync;
pub mod sysmon;
pub mod timers;
pub mod trace;
pub mod workloads;

pub use g::{GIdx, GKind, GStatus, WaitReason};
pub use program::{Op, Program, ProgramBuilder};
pub use runtime::{Config, Env, MCont, MId, PId, Runtime, Wait};
pub use sim::{Sim, Stop};
