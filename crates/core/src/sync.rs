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

/// A small spin lock for state that one thread owns almost all the time: a P's own fields
/// (`gFree`, the goid cache), a G's interpreter state, a P's timer heap, a channel.
///
/// Go's runtime reaches such state without a lock because ownership of the P or the G is
/// the guard; this model keeps a lock so that other threads (a thief, the UI's snapshot)
/// can look safely. Those locks are almost never contended, and then the price is the
/// atomic instructions themselves: `std::sync::Mutex` costs a compare-and-swap to lock
/// and a swap to unlock (it must know whether to wake a sleeper). This lock never
/// sleeps, so unlocking is a plain release store: one read-modify-write per critical
/// section instead of two. Waiters spin with a pause hint and yield the thread after a
/// while. Critical sections are short; the longest (a P's `own` while `gfget` refills
/// from the global free list) take `sched.lock` inside, never the other way round
/// except at stop-the-world, when no M owns the P.
///
/// The browser's main thread uses `try_lock` to look. It calls [`SpinLock::lock`] only
/// when stopping a live run (the final `Exit` event goes into the event queue), where a
/// worker holds the lock for a few instructions at most; spinning is allowed there,
/// blocking (`Atomics.wait`) is not.
///
/// Poisoning is not modelled: a panic while holding the lock ends the run anyway.
pub struct SpinLock<T> {
    /// The loom shim's `AtomicBool`, so `tests/loom_spin.rs` can explore the protocol.
    locked: AtomicBool,
    value: std::cell::UnsafeCell<T>,
}

// Safety: the lock gives exclusive access to `value`, so `T: Send` is enough, as for
// `std::sync::Mutex`.
unsafe impl<T: Send> Sync for SpinLock<T> {}
unsafe impl<T: Send> Send for SpinLock<T> {}

impl<T: Default> Default for SpinLock<T> {
    fn default() -> Self {
        SpinLock::new(T::default())
    }
}

impl<T: std::fmt::Debug> std::fmt::Debug for SpinLock<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.try_lock() {
            Some(v) => f.debug_tuple("SpinLock").field(&*v).finish(),
            None => f.write_str("SpinLock(<locked>)"),
        }
    }
}

impl<T> SpinLock<T> {
    pub fn new(v: T) -> Self {
        SpinLock {
            locked: AtomicBool::new(false),
            value: std::cell::UnsafeCell::new(v),
        }
    }

    /// Takes the lock, spinning (then yielding the thread) while another holds it.
    #[inline]
    pub fn lock(&self) -> SpinGuard<'_, T> {
        if self
            .locked
            .compare_exchange_weak(false, true, Ordering::Acquire, Ordering::Relaxed)
            .is_err()
        {
            self.lock_slow();
        }
        SpinGuard {
            lock: self,
            _marker: std::marker::PhantomData,
        }
    }

    #[cold]
    fn lock_slow(&self) {
        let mut spins = 0u32;
        loop {
            while self.locked.load(Ordering::Relaxed) {
                spins += 1;
                if spins < 64 {
                    spin_hint();
                } else {
                    thread::yield_now();
                }
            }
            if self
                .locked
                .compare_exchange_weak(false, true, Ordering::Acquire, Ordering::Relaxed)
                .is_ok()
            {
                return;
            }
        }
    }

    /// Takes the lock if it is free.
    #[inline]
    pub fn try_lock(&self) -> Option<SpinGuard<'_, T>> {
        self.locked
            .compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed)
            .is_ok()
            .then(|| SpinGuard {
                lock: self,
                _marker: std::marker::PhantomData,
            })
    }

    pub fn into_inner(self) -> T {
        self.value.into_inner()
    }

    pub fn get_mut(&mut self) -> &mut T {
        self.value.get_mut()
    }
}

pub struct SpinGuard<'a, T> {
    lock: &'a SpinLock<T>,
    /// The guard hands out `&mut T`, so it is `Send`/`Sync` exactly when `&mut T` is
    /// (a `&SpinGuard` shared between threads must not expose a non-`Sync` `T`).
    _marker: std::marker::PhantomData<&'a mut T>,
}

impl<T> std::ops::Deref for SpinGuard<'_, T> {
    type Target = T;
    fn deref(&self) -> &T {
        // Safety: the guard holds the lock.
        unsafe { &*self.lock.value.get() }
    }
}

impl<T> std::ops::DerefMut for SpinGuard<'_, T> {
    fn deref_mut(&mut self) -> &mut T {
        // Safety: the guard holds the lock.
        unsafe { &mut *self.lock.value.get() }
    }
}

impl<T> Drop for SpinGuard<'_, T> {
    #[inline]
    fn drop(&mut self) {
        self.lock.locked.store(false, Ordering::Release);
    }
}

#[cfg(all(test, not(loom)))]
mod spin_tests {
    use super::SpinLock;
    use std::sync::Arc;

    #[test]
    fn try_lock_fails_while_held() {
        let l = SpinLock::new(1);
        let g = l.lock();
        assert!(l.try_lock().is_none());
        drop(g);
        assert_eq!(*l.try_lock().unwrap(), 1);
    }

    /// Four threads increment a plain integer under the lock: no increment is lost,
    /// which a missing acquire/release or a broken exclusion would show.
    #[test]
    fn excludes_between_threads() {
        let l = Arc::new(SpinLock::new(0u64));
        let hs: Vec<_> = (0..4)
            .map(|_| {
                let l = l.clone();
                std::thread::spawn(move || {
                    for _ in 0..20_000 {
                        *l.lock() += 1;
                    }
                })
            })
            .collect();
        for h in hs {
            h.join().unwrap();
        }
        assert_eq!(*l.lock(), 80_000);
    }
}

/// How the runtime's counters and status words change: with atomic read-modify-writes
/// (any driver), or, when one thread makes every call into the runtime (the
/// deterministic driver), with a load and a store, which on x86 and wasm are plain moves
/// instead of locked instructions.
///
/// [`Rmw::SingleThread`] is also right in any driver for a value whose writers are
/// already serialized: counters only changed under `sched.lock` (`npidle`, `nmidle`),
/// or only by the owner of a P (`schedtick`, which Go increments with a plain `++`).
///
/// Both are memory-safe: the values are atomics either way. Claiming
/// [`Rmw::SingleThread`] while several threads step Ms would lose updates, so only
/// [`crate::Sim`] asks for it (through `Env::single_threaded`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Rmw {
    Atomic,
    SingleThread,
}

impl Rmw {
    /// `a += n` (wrapping), returning the new value.
    #[inline]
    pub fn add<A: RmwAtomic>(self, a: &A, n: A::V) -> A::V {
        a.rmw_add(self, n)
    }

    /// Compare-and-swap: `Ok(old)` if `a` held `old` and now holds `new`, else
    /// `Err(current)`.
    #[inline]
    pub fn cas<A: RmwAtomic>(self, a: &A, old: A::V, new: A::V) -> Result<A::V, A::V> {
        a.rmw_cas(self, old, new)
    }
}

/// The atomics [`Rmw`] works on.
pub trait RmwAtomic {
    type V: Copy;
    fn rmw_add(&self, mode: Rmw, n: Self::V) -> Self::V;
    fn rmw_cas(&self, mode: Rmw, old: Self::V, new: Self::V) -> Result<Self::V, Self::V>;
}

macro_rules! rmw_atomic {
    ($($atomic:ty => $v:ty),*) => {$(
        impl RmwAtomic for $atomic {
            type V = $v;
            #[inline]
            fn rmw_add(&self, mode: Rmw, n: $v) -> $v {
                use std::sync::atomic::Ordering;
                match mode {
                    Rmw::Atomic => self.fetch_add(n, Ordering::AcqRel).wrapping_add(n),
                    Rmw::SingleThread => {
                        let v = self.load(Ordering::Relaxed).wrapping_add(n);
                        self.store(v, Ordering::Release);
                        v
                    }
                }
            }
            #[inline]
            fn rmw_cas(&self, mode: Rmw, old: $v, new: $v) -> Result<$v, $v> {
                use std::sync::atomic::Ordering;
                match mode {
                    Rmw::Atomic => {
                        self.compare_exchange(old, new, Ordering::AcqRel, Ordering::Acquire)
                    }
                    Rmw::SingleThread => {
                        let cur = self.load(Ordering::Acquire);
                        if cur == old {
                            self.store(new, Ordering::Release);
                            Ok(cur)
                        } else {
                            Err(cur)
                        }
                    }
                }
            }
        }
    )*};
}

rmw_atomic!(
    std::sync::atomic::AtomicU32 => u32,
    std::sync::atomic::AtomicI32 => i32,
    std::sync::atomic::AtomicU64 => u64,
    std::sync::atomic::AtomicI64 => i64
);
