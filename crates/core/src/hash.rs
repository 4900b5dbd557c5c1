//! # A hash for maps keyed by the runtime's own integers
//!
//! Goids, channel tokens: counters the runtime hands out, never chosen by an adversary,
//! looked up on hot paths (every frame looks up each goroutine of a snapshot; each
//! channel send and receive one token). One multiplication (Fibonacci hashing), not
//! SipHash.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A map keyed by one runtime integer, hashed with [`IntHasher`].
pub type IntMap<K, V> = HashMap<K, V, BuildHasherDefault<IntHasher>>;

#[derive(Clone, Copy, Default)]
pub struct IntHasher(u64);

impl Hasher for IntHasher {
    /// The product's upper half, where the multiplication mixes every bit of the key,
    /// turned to the low bits the table indexes by: addresses (the fork's keys) have
    /// their low bits zero, which would leave most buckets empty.
    #[inline]
    fn finish(&self) -> u64 {
        self.0.rotate_left(32)
    }
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0 ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    #[inline]
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64)
    }
    #[inline]
    fn write_i64(&mut self, x: i64) {
        self.write_u64(x as u64)
    }
}
