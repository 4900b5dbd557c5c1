//! # Goroutine stacks (`stack.go`)
//!
//! A G starts with a 2 KiB stack (`stackMin`). Every function prologue compares the
//! stack pointer with `stackguard0` (`lo + stackGuard`, 928 bytes above the low end);
//! when the new frame would not fit, `morestack` → `newstack` allocates a stack twice as
//! big, copies the used part (`copystack`, status `_Gcopystack`), and the G carries on.
//! Sizes are always powers of two; past `maxstacksize` (1e9 bytes) the runtime prints
//! "runtime: goroutine stack exceeds 1000000000-byte limit" and throws "stack overflow".
//!
//! At a GC stack scan (`shrinkstack`), a stack using less than a quarter of its size
//! (counting `stackNosplit` as used) is halved, never below 2 KiB.
//!
//! Addresses are simulated: a bump allocator hands out blocks in a Go-like arena, so a
//! copy shows up as a jump in the address of a local, which is what the chapter's
//! recursion example detects.

use crate::consts::*;

/// Hands out simulated stack addresses from one growing arena, aligned to their size
/// (as Go's span-backed stacks are), reusing freed blocks of the same size. A stack
/// that doubles therefore lands about two of its new sizes away, as measured on
/// linux/amd64 (e.g. 64 KiB → 128 KiB: a jump of ~262 000 bytes).
#[derive(Clone)]
pub struct StackAllocator {
    next: u64,
    free: Vec<(u64, u64)>,
}

impl Default for StackAllocator {
    fn default() -> Self {
        StackAllocator {
            next: 0xc000_0a0_000,
            free: Vec::new(),
        }
    }
}

impl StackAllocator {
    /// `stackalloc(size)`: the low address of a new block.
    pub fn alloc(&mut self, size: u64) -> u64 {
        assert!(
            size.is_power_of_two(),
            "stackalloc: stack size not a power of 2"
        );
        if let Some(i) = self.free.iter().position(|&(_, s)| s == size) {
            return self.free.swap_remove(i).0;
        }
        let lo = self.next.next_multiple_of(size);
        self.next = lo + size;
        lo
    }

    /// `stackfree`.
    pub fn free(&mut self, lo: u64, size: u64) {
        if self.free.len() < 4096 {
            self.free.push((lo, size));
        }
    }
}

/// Does the prologue of a function with a `frame`-byte frame call `morestack`, with
/// `used` bytes of a `size`-byte stack in use (the return address already pushed)?
///
/// The three prologues of `cmd/internal/obj/x86`: small frames compare SP with the
/// guard; medium frames compare `SP - (frame - StackSmall)`; huge frames also guard
/// against wrap-around (same condition here).
pub fn needs_morestack(used: u64, size: u64, frame: u64) -> bool {
    let sp = size.saturating_sub(used); // offset of SP above lo
    if frame <= STACK_SMALL {
        sp <= STACK_GUARD
    } else {
        sp <= STACK_GUARD + (frame - STACK_SMALL)
    }
}

/// `newstack`'s size choice: double, and keep doubling while the frame would still not
/// fit with the guard (`newsize - used < max + stackGuard`).
pub fn grown_size(old: u64, used: u64, frame: u64) -> u64 {
    let mut new = old * 2;
    while new - used.min(new) < frame + STACK_GUARD {
        new *= 2;
    }
    new
}

/// `shrinkstack`'s test: halve if less than a quarter is used (`stackNosplit` counted
/// as used) and the result stays ≥ `fixedStack`.
pub fn should_shrink(used: u64, size: u64) -> bool {
    size / 2 >= FIXED_STACK && used + STACK_NOSPLIT < size / 4
}

#[cfg(test)]
mod tests {
    use super::*;

    /// stack.go: stacks double on growth (`newsize := oldsize * 2`).
    #[test]
    fn growth_doubles() {
        assert_eq!(grown_size(2048, 1500, 100), 4096);
        assert_eq!(grown_size(4096, 3500, 280), 8192);
        // A frame bigger than the doubled stack keeps doubling.
        assert_eq!(grown_size(2048, 1000, 10_000), 16_384);
    }

    /// The small-frame prologue: `CMPQ SP, stackguard0; JLS morestack`.
    #[test]
    fn small_frames_check_sp_against_the_guard() {
        assert!(!needs_morestack(2048 - 929, 2048, 64));
        assert!(needs_morestack(2048 - 928, 2048, 64));
    }

    /// `stack.go: shrinkstack`: shrink only under 1/4 use and never below 2 KiB.
    #[test]
    fn shrink_rule() {
        assert!(should_shrink(100, 8192));
        assert!(!should_shrink(1300, 8192)); // 1300 + 800 ≥ 2048
        assert!(!should_shrink(0, 2048)); // never below fixedStack
    }

    #[test]
    fn allocator_gives_aligned_power_of_two_blocks() {
        let mut a = StackAllocator::default();
        let x = a.alloc(2048);
        let y = a.alloc(4096);
        assert_eq!(x % 2048, 0);
        assert_eq!(y % 4096, 0);
        assert_ne!(x, y);
        a.free(x, 2048);
        assert_eq!(a.alloc(2048), x);
    }
}
