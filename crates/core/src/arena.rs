//! An append-only table with stable entries: `allgs` and `allm`.
//!
//! Go keeps every G ever allocated in `allgs` (dead ones are reused through the free
//! lists, never freed) and every M in `allm`. Both only grow, and any thread may look an
//! entry up while another appends. This table gives that: entries live in buckets of
//! doubling size that are never moved or freed, so a `&T` stays valid for the table's
//! life; lookups are two loads and no lock; appends take a short lock.

use std::sync::atomic::{AtomicPtr, AtomicUsize, Ordering};
use std::sync::Mutex;

const BUCKETS: usize = 32;
const FIRST: usize = 64;

pub struct AppendVec<T> {
    buckets: [AtomicPtr<T>; BUCKETS],
    len: AtomicUsize,
    push_lock: Mutex<()>,
}

// Safety: entries are only reachable through `&self` and are `Sync` themselves; a bucket
// is published with a release store after its entries are written.
unsafe impl<T: Send + Sync> Sync for AppendVec<T> {}
unsafe impl<T: Send + Sync> Send for AppendVec<T> {}

fn locate(i: usize) -> (usize, usize) {
    let j = i + FIRST;
    let b = (usize::BITS - 1 - j.leading_zeros()) as usize - FIRST.trailing_zeros() as usize;
    (b, j - (FIRST << b))
}

impl<T> Default for AppendVec<T> {
    fn default() -> Self {
        AppendVec {
            buckets: std::array::from_fn(|_| AtomicPtr::new(std::ptr::null_mut())),
            len: AtomicUsize::new(0),
            push_lock: Mutex::new(()),
        }
    }
}

impl<T> AppendVec<T> {
    pub fn len(&self) -> usize {
        self.len.load(Ordering::Acquire)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Appends `v`, returning its index.
    pub fn push(&self, v: T) -> usize {
        let _g = self.push_lock.lock().unwrap_or_else(|e| e.into_inner());
        let i = self.len.load(Ordering::Relaxed);
        let (b, off) = locate(i);
        let mut ptr = self.buckets[b].load(Ordering::Acquire);
        if ptr.is_null() {
            let cap = FIRST << b;
            let mut v: Vec<std::mem::MaybeUninit<T>> = Vec::with_capacity(cap);
            // Safety: MaybeUninit needs no initialisation.
            unsafe { v.set_len(cap) };
            ptr = Box::into_raw(v.into_boxed_slice()) as *mut T;
            self.buckets[b].store(ptr, Ordering::Release);
        }
        // Safety: slot `off` of bucket `b` is in bounds and not yet initialised or shared
        // (len has not passed it); we hold the push lock.
        unsafe { ptr.add(off).write(v) };
        self.len.store(i + 1, Ordering::Release);
        i
    }

    pub fn get(&self, i: usize) -> Option<&T> {
        if i >= self.len() {
            return None;
        }
        let (b, off) = locate(i);
        let ptr = self.buckets[b].load(Ordering::Acquire);
        // Safety: i < len, so the bucket is published and the slot initialised; entries
        // never move or drop before the table does.
        Some(unsafe { &*ptr.add(off) })
    }

    /// A new table holding a copy of each entry, made by `f` in order (a checkpoint of
    /// the deterministic driver, see [`crate::fork`]).
    pub fn fork_with(&self, mut f: impl FnMut(&T) -> T) -> AppendVec<T> {
        let v = AppendVec::default();
        for e in self.iter() {
            v.push(f(e));
        }
        v
    }

    /// Entries the allocated buckets have room for.
    pub fn capacity(&self) -> usize {
        let n = self.len();
        if n == 0 {
            return 0;
        }
        let (b, _) = locate(n - 1);
        (FIRST << (b + 1)) - FIRST
    }

    pub fn iter(&self) -> impl Iterator<Item = &T> {
        (0..self.len()).map(move |i| self.get(i).unwrap())
    }
}

impl<T> std::ops::Index<usize> for AppendVec<T> {
    type Output = T;
    fn index(&self, i: usize) -> &T {
        self.get(i).expect("AppendVec: index out of range")
    }
}

impl<T> Drop for AppendVec<T> {
    fn drop(&mut self) {
        let len = *self.len.get_mut();
        for b in 0..BUCKETS {
            let ptr = *self.buckets[b].get_mut();
            if ptr.is_null() {
                continue;
            }
            let cap = FIRST << b;
            let start = (FIRST << b) - FIRST;
            let live = len.saturating_sub(start).min(cap);
            // Safety: the first `live` slots of this bucket were initialised by push.
            unsafe {
                for k in 0..live {
                    std::ptr::drop_in_place(ptr.add(k));
                }
                drop(Box::from_raw(std::ptr::slice_from_raw_parts_mut(
                    ptr as *mut std::mem::MaybeUninit<T>,
                    cap,
                )));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_are_stable_across_bucket_growth() {
        let v = AppendVec::default();
        for i in 0..10_000usize {
            assert_eq!(v.push(i * 3), i);
        }
        let first: *const usize = &v[0];
        for i in 10_000..20_000usize {
            v.push(i * 3);
        }
        assert_eq!(first, &v[0] as *const usize, "entries never move");
        assert!((0..20_000).all(|i| v[i] == i * 3));
        assert_eq!(v.get(20_000), None);
    }
}
