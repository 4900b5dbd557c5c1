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
//! - [`timers`], [`netpoll`], [`objects`] (channels, mutexes, WaitGroups), [`stack`].
//! - [`program`]: what a G runs; [`scenarios`]: the course chapters' programs.
//! - [`output`]: what the program and runtime print, read by cursor.
//! - [`trace`]: the event log (the execution tracer's names) and [`export`] (Chrome /
//!   Perfetto JSON); [`schedtrace`]: `GODEBUG=schedtrace` lines.
//! - [`sim`]: the deterministic driver.

pub mod arena;
pub mod consts;
pub mod exec;
pub mod export;
pub mod g;
pub mod invariants;
pub mod netpoll;
pub mod objects;
pub mod output;
pub mod proc;
pub mod program;
pub mod runq;
pub mod runtime;
pub mod scenarios;
pub mod schedtrace;
pub mod sim;
pub mod snapshot;
pub mod stack;
pub mod stw;
pub mod sync;
pub mod sysmon;
pub mod timers;
pub mod trace;

pub use g::{GIdx, GKind, GStatus, WaitReason};
pub use program::{Op, Program, ProgramBuilder};
pub use runtime::{Config, Env, MCont, MId, PId, Runtime, Wait};
pub use sim::{Sim, Stop};
