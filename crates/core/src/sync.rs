//! Loom shim: the atomics and thread hooks the lock-free parts of the model use.
//!
//! Built normally, everything here is `std`. Built with `RUSTFLAGS="--cfg loom"`, the same names
//! resolve to [`loom`]'s instrumented types, so a `loom::model` can explore every interleaving
//! (and every weak-memory outcome loom models) of the code written against them.
//!
//! Go's runtime spins with `procyield` and backs off with `usleep`/`osyield`. Loom cannot model
//! time, and it needs every busy-wait to yield to the scheduler so that a spinning thread lets the
//! others make progress. [`spin_hint`] and [`usleep_hint`] are therefore
//! `loom::thread::yield_now` under loom.

#![allow(unused_imports, dead_code)]

#[cfg(loom)]
pub(crate) use loom::sync::atomic::{fence, AtomicBool, AtomicU32, AtomicU64, Ordering};
#[cfg(loom)]
pub(crate) use loom::thread;

#[cfg(not(loom))]
pub(crate) use std::sync::atomic::{fence, AtomicBool, AtomicU32, AtomicU64, Ordering};
#[cfg(not(loom))]
pub(crate) use std::thread;

/// One iteration of a busy-wait (Go's `procyield`): a CPU pause hint, or a loom yield.
#[inline]
pub(crate) fn spin_hint() {
    #[cfg(loom)]
    loom::thread::yield_now();
    #[cfg(not(loom))]
    std::hint::spin_loop();
}

/// A short sleep of about `usec` microseconds (Go's `usleep`, e.g. `runqgrab`'s `usleep(3)`).
///
/// * loom: `loom::thread::yield_now()` (loom has no clock).
/// * native: `std::thread::sleep` (like Go's `usleep`, the kernel may round it up).
/// * wasm32: the browser's main thread may not block, so this spins a bounded number of
///   pause hints instead.
#[inline]
pub(crate) fn usleep_hint(usec: u32) {
    #[cfg(loom)]
    {
        let _ = usec;
        loom::thread::yield_now();
    }
    #[cfg(all(not(loom), not(target_arch = "wasm32")))]
    std::thread::sleep(std::time::Duration::from_micros(u64::from(usec)));
    #[cfg(all(not(loom), target_arch = "wasm32"))]
    for _ in 0..u64::from(usec) * 64 {
        std::hint::spin_loop();
    }
}
