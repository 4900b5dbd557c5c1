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
//! Addresses are simulated by a model of where Go's allocators put stacks, so a copy
//! shows up as the jump in the address of a local that the chapter's recursion example
//! detects, with the numbers real Go prints ([`StackAllocator`]).

use std::collections::HashMap;

use crate::consts::*;

const PAGE: u64 = 8192;
/// Simulated address of heap page 0.
const ARENA: u64 = 0xc000_000_000;
/// `_StackCacheSize`: a P's stack cache holds up to this much per order, and a stack
/// pool span is this big (4 pages).
const STACK_CACHE_SIZE: u64 = 32 << 10;
/// `pageCachePages`: a P's page cache is one 64-page block; allocations of fewer than
/// a quarter of that use it (`mheap.allocSpan`).
const PAGE_CACHE_PAGES: u64 = 64;

/// Where stacks live, as Go 1.27 places them on linux/amd64 (`runtime/stack.go`,
/// `mheap.go`, `mpagecache.go`, `mpagealloc.go`):
///
/// - the page heap: 8 KiB pages, an allocation takes the lowest-addressed run of free
///   pages that fits (`pageAlloc.alloc`), a free returns them (neighbours coalesce);
/// - each P's page cache: one 64-page aligned block taken whole when the cache is empty
///   (`allocToCache`: the block holding the lowest free page); allocations under 16
///   pages come from it while it has room (`findBitRange64`);
/// - stacks under 32 KiB (orders 0-3: 2, 4, 8, 16 KiB): each P's `stackcache` per
///   order, refilled with 16 KiB of stacks from `stackpool[order]` (the last taken is
///   handed out first) and released down to 16 KiB when a free finds 32 KiB; a pool
///   span is 32 KiB whose free list starts at its highest stack; a span whose stacks
///   all came back while the GC is off goes back to the heap;
/// - larger stacks: `stackLarge` (filled only by frees during a GC cycle, given back
///   to the heap when it ends) or the heap (through the P's page cache under 16 pages).
///
/// A stack copy allocates the new stack, then frees the old one (`copystack`).
///
/// The state when `main.main` starts is calibrated to real Go's most common run of
/// the chapter's recursion (instrumented runtime, 1,200 runs: the model placed every
/// logged stack where Go did): pages 0-63 in use, the page cache of main's P the first
/// block with pages 55-63 free, a 4 KiB pool span at pages 42-45 whose upper four
/// stacks are in that P's cache (main's first 4 KiB stack is the lowest of them), a
/// 2 KiB pool span at pages 38-41 for the first goroutines. Real Go's heap base is randomized and the P
/// main runs on varies, so its runs differ (see the stack-growth lesson's record).
#[derive(Clone)]
pub struct StackAllocator {
    /// In-use pages, a bit each.
    used: Vec<u64>,
    /// No page below this is free (a search hint).
    first_free: u64,
    ps: Vec<PStacks>,
    /// `stackpool[order]`: spans with free stacks, the first one used first.
    pool: [Vec<u64>; 4],
    /// Manually managed spans by base page: pool spans and large stacks.
    spans: HashMap<u64, StackSpan>,
    /// Pool span of each page it covers (`spanOf`).
    span_of: HashMap<u64, u64>,
    /// `stackLarge`: freed during a GC cycle, by base page.
    large: Vec<u64>,
    /// Runtime init's page cache and 4 KiB stack cache, warm on the P `main.main`
    /// starts on. The explorer does not run init, so the first P that needs either
    /// (main's first growth) takes them.
    warm: Option<(u64, u64, Vec<u64>)>,
}

#[derive(Clone, Default)]
struct PStacks {
    /// The page cache: its block's first page and its free pages.
    cache_base: u64,
    cache_free: u64,
    /// `stackcache[order]`: stack addresses, the next to hand out last.
    stacks: [Vec<u64>; 4],
}

#[derive(Clone)]
struct StackSpan {
    npages: u64,
    /// Free stacks (a pool span's), the next to hand out last.
    free: Vec<u64>,
    /// Stacks handed out (a pool span's).
    count: u32,
    /// Runtime init's, never given back (the calibrated start).
    pinned: bool,
}

impl Default for StackAllocator {
    fn default() -> Self {
        let mut a = StackAllocator {
            used: Vec::new(),
            first_free: 0,
            ps: Vec::new(),
            pool: Default::default(),
            spans: HashMap::new(),
            span_of: HashMap::new(),
            large: Vec::new(),
            warm: None,
        };
        a.mark(0, 64, true);
        a.first_free = 64;
        for (base, order, handed) in [(38u64, 0usize, 0u32), (42, 1, 4)] {
            let size = FIXED_STACK << order;
            let lo = ARENA + base * PAGE;
            let all: Vec<u64> = (0..STACK_CACHE_SIZE / size)
                .map(|i| lo + i * size)
                .collect();
            let (free, taken) = all.split_at(all.len() - handed as usize);
            a.add_pool_span(base, free.to_vec(), handed, true);
            a.pool[order].push(base);
            // The upper stacks are in the warm cache, the lowest of them next.
            if handed > 0 {
                a.warm = Some((0, !0u64 << 55, taken.iter().rev().copied().collect()));
            }
        }
        a
    }
}

impl StackAllocator {
    /// The first P to need a page cache or a 4 KiB stack gets init's warm ones.
    fn warm_up(&mut self, p: u32) {
        let pc = self.p(p);
        if pc.cache_free != 0 || !pc.stacks[1].is_empty() {
            return;
        }
        if let Some((base, free, stacks)) = self.warm.take() {
            let pc = self.p(p);
            pc.cache_base = base;
            pc.cache_free = free;
            pc.stacks[1] = stacks;
        }
    }

    fn p(&mut self, p: u32) -> &mut PStacks {
        let i = p as usize;
        if self.ps.len() <= i {
            self.ps.resize_with(i + 1, PStacks::default);
        }
        &mut self.ps[i]
    }

    fn is_used(&self, page: u64) -> bool {
        self.used
            .get((page / 64) as usize)
            .is_some_and(|w| w & (1 << (page % 64)) != 0)
    }

    fn mark(&mut self, page: u64, n: u64, used: bool) {
        for q in page..page + n {
            let w = (q / 64) as usize;
            if self.used.len() <= w {
                self.used.resize(w + 1, 0);
            }
            if used {
                self.used[w] |= 1 << (q % 64);
            } else {
                self.used[w] &= !(1 << (q % 64));
            }
        }
        if !used {
            self.first_free = self.first_free.min(page);
        }
    }

    /// `pageAlloc.alloc`: the lowest run of `n` free pages.
    fn heap_alloc(&mut self, n: u64) -> u64 {
        while self.is_used(self.first_free) {
            self.first_free += 1;
        }
        let mut p = self.first_free;
        loop {
            match (p..p + n).find(|&q| self.is_used(q)) {
                Some(q) => p = q + 1,
                None => break,
            }
        }
        self.mark(p, n, true);
        p
    }

    /// `mheap.allocManual(n)` on P `p`: from its page cache under 16 pages.
    fn alloc_pages(&mut self, p: u32, n: u64) -> u64 {
        self.warm_up(p);
        if n < PAGE_CACHE_PAGES / 4 {
            if self.p(p).cache_free == 0 {
                // `allocToCache`: the block holding the lowest free page, all its free
                // pages taken.
                while self.is_used(self.first_free) {
                    self.first_free += 1;
                }
                let base = self.first_free - self.first_free % PAGE_CACHE_PAGES;
                let mut free = 0u64;
                for i in 0..PAGE_CACHE_PAGES {
                    if !self.is_used(base + i) {
                        free |= 1 << i;
                    }
                }
                self.mark(base, PAGE_CACHE_PAGES, true);
                let pc = self.p(p);
                pc.cache_base = base;
                pc.cache_free = free;
            }
            let pc = self.p(p);
            let run = (1u64 << n) - 1;
            if let Some(i) = (0..=PAGE_CACHE_PAGES - n).find(|&i| (pc.cache_free >> i) & run == run)
            {
                pc.cache_free &= !(run << i);
                return pc.cache_base + i;
            }
        }
        self.heap_alloc(n)
    }

    fn add_pool_span(&mut self, base: u64, free: Vec<u64>, count: u32, pinned: bool) {
        for q in base..base + STACK_CACHE_SIZE / PAGE {
            self.span_of.insert(q, base);
        }
        self.spans.insert(
            base,
            StackSpan {
                npages: STACK_CACHE_SIZE / PAGE,
                free,
                count,
                pinned,
            },
        );
    }

    /// `stackpoolalloc`.
    fn pool_alloc(&mut self, p: u32, order: usize) -> u64 {
        if self.pool[order].is_empty() {
            let base = self.alloc_pages(p, STACK_CACHE_SIZE / PAGE);
            let size = FIXED_STACK << order;
            let free = (0..STACK_CACHE_SIZE / size)
                .map(|i| ARENA + base * PAGE + i * size)
                .collect();
            self.add_pool_span(base, free, 0, false);
            self.pool[order].insert(0, base);
        }
        let base = self.pool[order][0];
        let s = self.spans.get_mut(&base).expect("pool span");
        let x = s.free.pop().expect("a pool span with a free stack");
        s.count += 1;
        if s.free.is_empty() {
            self.pool[order].remove(0);
        }
        x
    }

    /// `stackpoolfree`.
    fn pool_free(&mut self, x: u64, order: usize, gc_running: bool) {
        let base = self.span_of[&((x - ARENA) / PAGE)];
        let s = self.spans.get_mut(&base).expect("pool span");
        if s.free.is_empty() {
            self.pool[order].insert(0, base);
        }
        s.free.push(x);
        s.count -= 1;
        if !gc_running && s.count == 0 && !s.pinned {
            let npages = s.npages;
            self.pool[order].retain(|&b| b != base);
            self.spans.remove(&base);
            for q in base..base + npages {
                self.span_of.remove(&q);
            }
            self.mark(base, npages, false);
        }
    }

    /// `stackalloc(size)` on P `p`: the low address of a new stack.
    pub fn alloc(&mut self, p: u32, size: u64) -> u64 {
        assert!(
            size.is_power_of_two() && size >= FIXED_STACK,
            "stackalloc: stack size not a power of 2"
        );
        if size < STACK_CACHE_SIZE {
            let order = (size / FIXED_STACK).trailing_zeros() as usize;
            if order == 1 {
                self.warm_up(p);
            }
            if self.p(p).stacks[order].is_empty() {
                // `stackcacherefill`: half the cache's size from the pool.
                for _ in 0..(STACK_CACHE_SIZE / 2 / size) {
                    let x = self.pool_alloc(p, order);
                    self.p(p).stacks[order].push(x);
                }
            }
            return self.p(p).stacks[order].pop().expect("refilled");
        }
        let npages = size / PAGE;
        if let Some(i) = self
            .large
            .iter()
            .position(|b| self.spans[b].npages == npages)
        {
            return ARENA + self.large.remove(i) * PAGE;
        }
        let base = self.alloc_pages(p, npages);
        self.spans.insert(
            base,
            StackSpan {
                npages,
                free: Vec::new(),
                count: 1,
                pinned: false,
            },
        );
        ARENA + base * PAGE
    }

    /// `stackfree` on P `p`; during a GC cycle a large stack waits in `stackLarge`.
    pub fn free(&mut self, p: u32, lo: u64, size: u64, gc_running: bool) {
        if size < STACK_CACHE_SIZE {
            let order = (size / FIXED_STACK).trailing_zeros() as usize;
            if (self.p(p).stacks[order].len() as u64) * size >= STACK_CACHE_SIZE {
                // `stackcacherelease`: down to half.
                while (self.p(p).stacks[order].len() as u64) * size > STACK_CACHE_SIZE / 2 {
                    let x = self.p(p).stacks[order].pop().expect("cached");
                    self.pool_free(x, order, gc_running);
                }
            }
            self.p(p).stacks[order].push(lo);
            return;
        }
        let base = (lo - ARENA) / PAGE;
        if gc_running {
            self.large.push(base);
        } else if let Some(s) = self.spans.remove(&base) {
            self.mark(base, s.npages, false);
        }
    }

    /// `freeStackSpans` at the end of a GC cycle: `stackLarge` back to the heap.
    pub fn free_stack_spans(&mut self) {
        for base in std::mem::take(&mut self.large) {
            if let Some(s) = self.spans.remove(&base) {
                self.mark(base, s.npages, false);
            }
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

    /// The chapter's recursion on the calibrated start: where each doubling lands, as
    /// the jump `report()` measures (`|new.hi - old.hi - 152|`, 152 bytes a frame),
    /// equals real Go 1.27.3's most common run (linux/amd64, GOMAXPROCS=2): 110440 at
    /// depth 21, 130920 at 459, then each doubling right above the last (new size -
    /// 152): 261992, 524136, 1048424, 2097000 (`lessons/stack-growth`).
    #[test]
    fn the_recursions_stacks_land_where_real_go_puts_them() {
        let mut a = StackAllocator::default();
        let (mut lo, mut size) = (a.alloc(0, 2048), 2048u64);
        let mut jumps = Vec::new();
        while size < 4 << 20 {
            let new = a.alloc(0, size * 2);
            a.free(0, lo, size, false);
            let (old_hi, new_hi) = (lo + size, new + size * 2);
            jumps.push((new_hi as i64 - old_hi as i64 - 152).unsigned_abs());
            lo = new;
            size *= 2;
        }
        let big: Vec<u64> = jumps.into_iter().filter(|&j| j > 100_000).collect();
        assert_eq!(
            big,
            [110440, 130920, 261992, 524136, 1048424, 2097000, 4194152]
        );
    }

    /// Stacks freed come back: a 2 KiB stack is reused from the P's cache, a large one
    /// returns to the heap at once with the GC off, and waits in `stackLarge` while a
    /// cycle runs.
    #[test]
    fn freed_stacks_are_reused() {
        let mut a = StackAllocator::default();
        let x = a.alloc(1, 2048);
        a.free(1, x, 2048, false);
        assert_eq!(a.alloc(1, 2048), x);
        let big = a.alloc(0, 1 << 20);
        a.free(0, big, 1 << 20, true);
        assert_eq!(a.alloc(0, 1 << 20), big, "stackLarge");
        a.free(0, big, 1 << 20, false);
        assert_eq!(a.alloc(0, 1 << 20), big, "the heap's lowest fit");
    }
}
