//! # The heap budget: how much of the host's memory a program's values may take
//!
//! Go's values live in the explorer's own memory (the tab's, at most 1 GB of wasm
//! memory, or the CLI's process), so a program that allocates without bound would end
//! the tab or the machine, not just itself. A run gets a budget instead: the VM checks,
//! before a large allocation (`make`, `append`'s `growslice`, a string concatenation or
//! `strings.Repeat`) and between instructions, the bytes the process has live against
//! it, and a program over it ends as Go's does when the OS refuses it memory
//! (`malloc.go: sysMap` → `throw("runtime: out of memory")`, exit status 2), with a
//! sentence saying that it was the explorer's budget.
//!
//! The bytes live are counted by [`Counting`], a global allocator the binaries install
//! (`#[global_allocator]`: the CLI, the page, the tests that need it). Each thread keeps
//! its own running count and adds it to the shared one once it has moved by
//! [`BATCH`] bytes, so an allocation costs no atomic operation; the shared count is off
//! by at most `BATCH` per thread. Without the allocator installed the count stays 0 and
//! each single allocation is held to [`UNCOUNTED_LIMIT`].

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicIsize, AtomicUsize, Ordering};

/// Bytes a thread's count moves before it is added to the shared one.
pub const BATCH: isize = 256 << 10;

static LIVE: AtomicIsize = AtomicIsize::new(0);
/// [`Counting`] is the process's allocator (a thread's count has reached the shared
/// one at least once).
static COUNTING: AtomicBool = AtomicBool::new(false);

/// What one allocation may take when nothing counts the bytes live (a binary without
/// [`Counting`]): without it a program's growth would go unchecked, so each single
/// allocation is held to this.
pub const UNCOUNTED_LIMIT: usize = 256 << 20;
/// The budget in bytes (0: not set yet, [`default_budget`] applies).
static BUDGET: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    // const-initialised and without a destructor: safe to touch inside the allocator.
    static MINE: Cell<isize> = const { Cell::new(0) };
}

#[inline(always)]
fn count(delta: isize) {
    let _ = MINE.try_with(|c| {
        let n = c.get() + delta;
        if n >= BATCH || n <= -BATCH {
            LIVE.fetch_add(n, Ordering::Relaxed);
            COUNTING.store(true, Ordering::Relaxed);
            c.set(0);
        } else {
            c.set(n);
        }
    });
}

/// The system allocator, counting the bytes live (install it with `#[global_allocator]`).
pub struct Counting;

unsafe impl GlobalAlloc for Counting {
    #[inline]
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(l) };
        if !p.is_null() {
            count(l.size() as isize);
        }
        p
    }
    #[inline]
    unsafe fn alloc_zeroed(&self, l: Layout) -> *mut u8 {
        let p = unsafe { System.alloc_zeroed(l) };
        if !p.is_null() {
            count(l.size() as isize);
        }
        p
    }
    #[inline]
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        count(-(l.size() as isize));
        unsafe { System.dealloc(p, l) }
    }
    #[inline]
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        let q = unsafe { System.realloc(p, l, n) };
        if !q.is_null() {
            count(n as isize - l.size() as isize);
        }
        q
    }
}

/// The bytes the process has live, as [`Counting`] counts them (0 without it).
pub fn live() -> usize {
    LIVE.load(Ordering::Relaxed).max(0) as usize
}

/// Sets the budget (bytes; at least 16 MB).
pub fn set_budget(bytes: usize) {
    BUDGET.store(bytes.max(16 << 20), Ordering::Relaxed);
}

/// The budget: the one set, else [`default_budget`] (kept once computed).
#[inline]
pub fn budget() -> usize {
    match BUDGET.load(Ordering::Relaxed) {
        0 => {
            let b = default_budget();
            BUDGET.store(b, Ordering::Relaxed);
            b
        }
        b => b,
    }
}

/// In the browser 640 MB of the wasm memory's 1 GB (the page itself and the
/// deterministic driver's checkpoints live there too); natively three quarters of the
/// memory the machine has available (`MemAvailable`), else 4 GB.
pub fn default_budget() -> usize {
    if cfg!(target_arch = "wasm32") {
        return 640 << 20;
    }
    mem_available()
        .map(|a| a / 4 * 3)
        .unwrap_or(4 << 30)
        .max(64 << 20)
}

fn mem_available() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb << 10)
}

/// Would `extra` more bytes go over the budget? (Without [`Counting`], is `extra`
/// over [`UNCOUNTED_LIMIT`] or the budget?)
#[inline]
pub fn would_exceed(extra: usize) -> bool {
    if !COUNTING.load(Ordering::Relaxed) {
        return extra > budget().min(UNCOUNTED_LIMIT);
    }
    live().saturating_add(extra) > budget()
}

/// Is the process over its budget now? (Two relaxed loads: cheap enough to ask
/// between instructions.)
#[inline]
pub fn over() -> bool {
    let live = LIVE.load(Ordering::Relaxed);
    live > 0 && live as usize > budget()
}

/// The explorer's sentence after Go's out-of-memory text: how a page or a tool tells
/// the budget's end from a program's own output.
const REASON: &str = "(the explorer's budget for a program's memory is ";

/// Did this program's runtime messages (its exit's stderr) end it for the budget?
pub fn is_out_of_memory(stderr: &str) -> bool {
    stderr.starts_with("fatal error: runtime: out of memory\n\n") && stderr.contains(REASON)
}

/// What a program over the budget prints: Go's text when the OS refuses the heap
/// memory, and the explorer's reason. `extra` is what the allocation asked for.
pub fn out_of_memory(extra: usize) -> String {
    let mb = |b: usize| b.div_ceil(1 << 20);
    let asked = if extra >= 1 << 20 {
        format!(" and this allocation asks for {} MB more", mb(extra))
    } else {
        String::new()
    };
    let how = if cfg!(target_arch = "wasm32") {
        "the page's budget is what a browser tab's memory can hold"
    } else {
        "gmp run --max-heap sets the budget"
    };
    format!(
        "fatal error: runtime: out of memory\n\n{REASON}{} MB: {} MB is in use{asked}; Go values take more room in the explorer than in Go, so a program can reach this budget before Go would run out of memory; {how})\n",
        mb(budget()),
        mb(live())
    )
}
