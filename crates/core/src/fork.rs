//! # Forking a deterministic run: a deep copy of the whole state
//!
//! A checkpoint of the deterministic driver ([`crate::seek`]) is a copy of everything a
//! run is: the runtime's Gs, Ms, Ps and `sched`, the program's objects, timers, the
//! netpoller, and each goroutine's code state. The live driver's structures (atomics,
//! spin locks, the lock-free ring) are not `Clone`: a copy is only meaningful when no
//! other thread is changing them, which is the deterministic driver's case (one thread
//! steps every M). So each part has a hand-written `fork` that reads its atomics with
//! plain loads and builds fresh ones.
//!
//! State shared between two holders stays shared in the copy: a parked `select`'s
//! [`crate::objects::SelState`] is held by its G and by the channels' wait queues, and a
//! front end's heap objects (a Go slice's backing array, a captured variable) by
//! several goroutines. [`Forker`] maps each original `Arc` to its copy, so the second
//! holder gets the copy the first made.

use std::any::Any;
use std::sync::atomic::{
    AtomicBool, AtomicI32, AtomicI64, AtomicU32, AtomicU64, AtomicU8, AtomicUsize, Ordering,
};
use std::sync::{Arc, Mutex};

/// The identity map of one deep copy: original `Arc` (by address) to its copy. A
/// checkpoint of 100,000 goroutines looks up each one's shared state (its channel
/// values, globals, captured cells), so the map is keyed by the one-multiply hash and
/// holds the copies themselves (an `Arc` as `dyn Any`: no box per entry).
#[derive(Default)]
pub struct Forker {
    map: crate::hash::IntMap<usize, Arc<dyn Any + Send + Sync>>,
}

impl Forker {
    pub fn new() -> Forker {
        Forker::default()
    }

    /// The copy of `a` made earlier in this fork, if any.
    pub fn get<T: Send + Sync + 'static>(&self, a: &Arc<T>) -> Option<Arc<T>> {
        let key = Arc::as_ptr(a) as *const () as usize;
        self.map
            .get(&key)
            .and_then(|c| c.clone().downcast::<T>().ok())
    }

    /// Records `copy` as the copy of `a`.
    pub fn put<T: Send + Sync + 'static>(&mut self, a: &Arc<T>, copy: Arc<T>) {
        let key = Arc::as_ptr(a) as *const () as usize;
        self.map.insert(key, copy);
    }

    /// The copy of `a`: made by `make` the first time, the same `Arc` after. `make` may
    /// not reach `a` again (use [`Forker::cell`] for what can hold itself).
    pub fn arc<T: Send + Sync + 'static>(
        &mut self,
        a: &Arc<T>,
        make: impl FnOnce(&mut Forker, &T) -> T,
    ) -> Arc<T> {
        if let Some(c) = self.get(a) {
            return c;
        }
        let c = Arc::new(make(self, a));
        // A cycle through a cell may have copied `a` already while `make` ran: one
        // copy is kept and shared from here on.
        if let Some(first) = self.get(a) {
            return first;
        }
        self.put(a, c.clone());
        c
    }

    /// The copy of a mutable shared cell, which may (through what it holds) reach itself:
    /// the copy is registered empty first, then filled.
    pub fn cell<T: Default + Send + Sync + 'static>(
        &mut self,
        a: &Arc<Mutex<T>>,
        make: impl FnOnce(&mut Forker, &T) -> T,
    ) -> Arc<Mutex<T>> {
        if let Some(c) = self.get(a) {
            return c;
        }
        let c = Arc::new(Mutex::new(T::default()));
        self.put(a, c.clone());
        let v = {
            let g = a.lock().unwrap_or_else(|e| e.into_inner());
            make(self, &g)
        };
        *c.lock().unwrap_or_else(|e| e.into_inner()) = v;
        c
    }
}

/// A copy of an atomic holding the same value (deterministic driver: nobody else writes).
pub trait ForkAtomic {
    fn fork(&self) -> Self;
}

macro_rules! fork_atomic {
    ($($t:ty),*) => {$(
        impl ForkAtomic for $t {
            #[inline]
            fn fork(&self) -> Self {
                <$t>::new(self.load(Ordering::Relaxed))
            }
        }
    )*};
}
fork_atomic!(
    AtomicBool,
    AtomicI32,
    AtomicI64,
    AtomicU32,
    AtomicU64,
    AtomicU8,
    AtomicUsize
);

/// A copy of a `std::sync::Mutex`'s value in a new mutex.
pub fn fork_mutex<T: Clone>(m: &Mutex<T>) -> Mutex<T> {
    Mutex::new(m.lock().unwrap_or_else(|e| e.into_inner()).clone())
}

/// A copy of a [`crate::sync::SpinLock`]'s value in a new lock.
pub fn fork_spin<T: Clone>(m: &crate::sync::SpinLock<T>) -> crate::sync::SpinLock<T> {
    crate::sync::SpinLock::new(m.lock().clone())
}
