//! Real-thread stress test of the local run queue (`proc.go`: `runqput`, `runqget`, `runqsteal`).
//!
//! One owner thread plays a P running `go f()` in bursts: `runqput` (sometimes into runnext,
//! sometimes via `runqputbatch`) and `runqget`, with `runqputslow`'s overflow going to a
//! mutex-protected "global queue". Thief threads play idle Ps in `findRunnable`: they steal from
//! the owner and from each other with `runqsteal` (sometimes taking runnext), run what they got,
//! drain their own ring with `runqget`, and fall back to the global queue.
//!
//! Every G id is consumed exactly once: a bitmap catches duplicates at once, and at the end every
//! bit must be set (nothing lost).
#![cfg(not(loom))]

use gmp_core::runq::{GIdx, RunQueue};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;

const TOTAL: u32 = 200_000;
const THIEVES: usize = 3;

struct Shared {
    queues: Vec<RunQueue>,
    global: Mutex<VecDeque<GIdx>>,
    seen: Vec<AtomicU64>,
    consumed: AtomicUsize,
    done: AtomicBool,
    steals: AtomicUsize,
    overflows: AtomicUsize,
    by_thieves: AtomicUsize,
    seed: u32,
}

impl Shared {
    fn consume(&self, gp: GIdx) {
        assert!(!gp.is_nil(), "consumed a nil G");
        let i = gp.0 - 1;
        let bit = 1u64 << (i % 64);
        let old = self.seen[(i / 64) as usize].fetch_or(bit, Ordering::Relaxed);
        assert_eq!(old & bit, 0, "G {} consumed twice", gp.0);
        self.consumed.fetch_add(1, Ordering::Relaxed);
        // "Run" the G for a moment, so queues build up and thieves find work.
        for _ in 0..(gp.0 % 64) {
            std::hint::spin_loop();
        }
    }

    fn global_pop(&self) -> Option<GIdx> {
        self.global.lock().unwrap().pop_front()
    }
}

/// xorshift32, so the test needs no extra dependency.
fn rng(state: &mut u32) -> u32 {
    let mut x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *state = x;
    x
}

fn owner(s: &Shared) {
    let q = &s.queues[0];
    let mut overflow = |b: &[GIdx]| {
        s.overflows.fetch_add(1, Ordering::Relaxed);
        s.global.lock().unwrap().extend(b);
    };
    let mut seed = s.seed;
    let mut next_id = 1u32;
    while next_id <= TOTAL {
        let r = rng(&mut seed);
        // A burst of `go f()`.
        let burst = (r % 256) + 1;
        if r & 7 == 0 {
            let end = (next_id + burst).min(TOTAL + 1);
            let batch: Vec<GIdx> = (next_id..end).map(GIdx).collect();
            let n = q.runqputbatch(&batch);
            s.global.lock().unwrap().extend(&batch[n..]);
            next_id = end;
        } else {
            for _ in 0..burst {
                if next_id > TOTAL {
                    break;
                }
                let next = rng(&mut seed) & 3 == 0;
                q.runqput(GIdx(next_id), next, &mut overflow);
                next_id += 1;
            }
        }
        // Then run a few of them.
        let runs = rng(&mut seed) % 256;
        for _ in 0..runs {
            match q.runqget() {
                Some((gp, _)) => s.consume(gp),
                None => break,
            }
        }
    }
    // Run the rest of the local work, helping with the global queue.
    loop {
        if let Some((gp, _)) = q.runqget() {
            s.consume(gp);
        } else if let Some(gp) = s.global_pop() {
            s.consume(gp);
        } else {
            break;
        }
    }
    s.done.store(true, Ordering::Release);
}

fn thief(s: &Shared, me: usize) {
    let own = &s.queues[me];
    let n = s.queues.len();
    let mut seed = (s.seed ^ 0x1234_5678) ^ (me as u32).wrapping_mul(0x85eb_ca6b);
    let mut ran = 0usize;
    loop {
        // Run our own work first (Go steals only with an empty local queue).
        while let Some((gp, _)) = own.runqget() {
            s.consume(gp);
            ran += 1;
        }
        let mut found = false;
        // Random start, like stealWork; runnext only on some attempts.
        let start = rng(&mut seed) as usize;
        let steal_next = rng(&mut seed) & 3 == 0;
        for k in 0..n {
            let v = (start + k) % n;
            if v == me {
                continue;
            }
            let got = own.runqsteal(&s.queues[v], steal_next, || true, thread::yield_now);
            if let Some(gp) = got {
                s.steals.fetch_add(1, Ordering::Relaxed);
                s.consume(gp);
                ran += 1;
                found = true;
                break;
            }
        }
        if found {
            continue;
        }
        if let Some(gp) = s.global_pop() {
            s.consume(gp);
            ran += 1;
            continue;
        }
        if s.done.load(Ordering::Acquire) && s.queues.iter().all(|q| q.runqempty()) {
            // The owner is finished; whatever is still in flight belongs to another thief,
            // which runs it itself before leaving.
            if s.global.lock().unwrap().is_empty() {
                s.by_thieves.fetch_add(ran, Ordering::Relaxed);
                break;
            }
        }
        std::hint::spin_loop();
    }
}

/// One round: 1 owner + THIEVES thieves on real threads; returns (steals, overflows, by thieves).
fn round(seed: u32) -> (usize, usize, usize) {
    let s = Arc::new(Shared {
        queues: (0..=THIEVES).map(|_| RunQueue::new()).collect(),
        global: Mutex::new(VecDeque::new()),
        seen: (0..TOTAL.div_ceil(64)).map(|_| AtomicU64::new(0)).collect(),
        consumed: AtomicUsize::new(0),
        done: AtomicBool::new(false),
        steals: AtomicUsize::new(0),
        overflows: AtomicUsize::new(0),
        by_thieves: AtomicUsize::new(0),
        seed,
    });
    let thieves: Vec<_> = (1..=THIEVES)
        .map(|me| {
            let s = Arc::clone(&s);
            thread::spawn(move || thief(&s, me))
        })
        .collect();
    {
        let s = Arc::clone(&s);
        thread::spawn(move || owner(&s)).join().unwrap();
    }
    for t in thieves {
        t.join().unwrap();
    }

    for q in &s.queues {
        assert!(q.runqempty(), "left behind: {q:?}");
    }
    assert!(s.global.lock().unwrap().is_empty());
    assert_eq!(s.consumed.load(Ordering::Relaxed), TOTAL as usize);
    for (w, word) in s.seen.iter().enumerate() {
        let bits = word.load(Ordering::Relaxed);
        let valid = (TOTAL as usize - w * 64).min(64);
        let want = if valid == 64 {
            u64::MAX
        } else {
            (1u64 << valid) - 1
        };
        assert_eq!(bits, want, "lost Gs in word {w}");
    }
    (
        s.steals.load(Ordering::Relaxed),
        s.overflows.load(Ordering::Relaxed),
        s.by_thieves.load(Ordering::Relaxed),
    )
}

/// The invariant "any G is in exactly one place", under real concurrency:
/// runqput/runqputbatch/runqget/runqputslow on the owner vs runqsteal (with and without
/// runnext) by three thieves that also steal from each other.
#[test]
fn every_g_consumed_exactly_once() {
    for seed in [
        0x9e37_79b9u32,
        1,
        0xdead_beef,
        12345,
        0x7fff_ffff,
        42,
        99,
        2024,
    ] {
        let (steals, overflows, by_thieves) = round(seed);
        eprintln!(
            "runq stress seed {seed:#x}: {TOTAL} Gs, {steals} steals, {overflows} overflows, \
             {by_thieves} Gs run by thieves"
        );
    }
}
