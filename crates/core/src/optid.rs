//! [`OptId`]: an optional small id (a P, an M or a function index) in one atomic word.
//!
//! Go keeps pointers (`m.p`, `m.nextp`, `g.m`, `g.lockedm`, ...) that may be nil; the model
//! keeps ids instead, stored as `id + 1` with 0 for none. That encoding lives only here.

use std::sync::atomic::{AtomicU32, Ordering};

/// An `Option<u32>` in an [`AtomicU32`]: `None` is 0, `Some(id)` is `id + 1`. Every
/// operation takes the memory ordering the caller would give the raw atomic.
#[derive(Default)]
pub struct OptId(AtomicU32);

#[inline]
fn enc(v: Option<u32>) -> u32 {
    match v {
        None => 0,
        Some(id) => {
            debug_assert!(id < u32::MAX, "OptId: id {id} does not fit");
            id + 1
        }
    }
}

#[inline]
fn dec(raw: u32) -> Option<u32> {
    raw.checked_sub(1)
}

impl OptId {
    /// `None`.
    pub const fn none() -> Self {
        OptId(AtomicU32::new(0))
    }
    /// A copy holding the same id (see [`crate::fork`]).
    pub fn fork(&self) -> Self {
        OptId(AtomicU32::new(self.0.load(Ordering::Relaxed)))
    }
    pub fn load(&self, order: Ordering) -> Option<u32> {
        dec(self.0.load(order))
    }
    pub fn store(&self, v: Option<u32>, order: Ordering) {
        self.0.store(enc(v), order)
    }
    pub fn swap(&self, v: Option<u32>, order: Ordering) -> Option<u32> {
        dec(self.0.swap(enc(v), order))
    }
    pub fn is_some(&self, order: Ordering) -> bool {
        self.0.load(order) != 0
    }
    pub fn is_none(&self, order: Ordering) -> bool {
        self.0.load(order) == 0
    }
}

impl std::fmt::Debug for OptId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.load(Ordering::Relaxed).fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        let o = OptId::none();
        assert_eq!(o.load(Ordering::Relaxed), None);
        assert!(!o.is_some(Ordering::Relaxed) && o.is_none(Ordering::Relaxed));
        o.store(Some(0), Ordering::Relaxed);
        assert_eq!(o.load(Ordering::Relaxed), Some(0));
        assert!(o.is_some(Ordering::Relaxed));
        assert_eq!(o.swap(Some(7), Ordering::AcqRel), Some(0));
        assert_eq!(o.swap(None, Ordering::AcqRel), Some(7));
        assert_eq!(o.load(Ordering::Relaxed), None);
        assert_eq!(format!("{o:?}"), "None");
    }
}
