//! Loom models of the hand-offs between the per-P rings and the global run queue
//! (`proc.go`: `runqputslow`, `globrunqputbatch`, `globrunqgetbatch`): `runqputslow`'s overflow batch going to `sched.runq`, and Ms
//! taking batches from it (`globrunqgetbatch` + `runqputbatch`, leftovers back global),
//! each racing another thread. A 4-slot ring makes the full and overflow paths reachable.
//!
//! Run with:
//! `RUSTFLAGS="--cfg loom" cargo test -p gmp-core --test loom_global --release`
//!
//! The global queue is what the runtime keeps under `sched.lock`: a FIFO behind a (loom)
//! mutex, plus `sched.runq.size` as an atomic that `findRunnable` reads without the lock
//! before deciding to take it. Every model ends with G conservation: after the threads
//! join, each G is in exactly one place (run by someone, in a ring or runnext, or on the
//! global queue).
#![cfg(loom)]

use std::collections::VecDeque;

use gmp_core::runq::{GIdx, RunQueue};
use loom::sync::atomic::{AtomicU32, Ordering};
use loom::sync::{Arc, Mutex};
use loom::thread;

type Q = RunQueue<4>;
/// `len(pp.runq) / 2`: the most one `globrunqgetbatch` hands to a P.
const HALF: usize = 2;

fn g(i: u32) -> GIdx {
    GIdx(i)
}

/// `sched.runq` and `sched.runq.size`.
struct Global {
    q: Mutex<VecDeque<GIdx>>,
    size: AtomicU32,
}

impl Global {
    fn new(gs: impl IntoIterator<Item = u32>) -> Arc<Global> {
        let q: VecDeque<GIdx> = gs.into_iter().map(g).collect();
        let size = AtomicU32::new(q.len() as u32);
        Arc::new(Global {
            q: Mutex::new(q),
            size,
        })
    }

    /// `globrunqputbatch` (runqputslow's overflow; runqputbatch's leftovers).
    fn put_batch(&self, batch: &[GIdx]) {
        let mut q = self.q.lock().unwrap();
        q.extend(batch.iter().copied());
        self.size.store(q.len() as u32, Ordering::Release);
    }

    /// `globrunqget`: one G (the 1-in-61 fairness path).
    fn get(&self) -> Option<GIdx> {
        let mut q = self.q.lock().unwrap();
        let gp = q.pop_front();
        self.size.store(q.len() as u32, Ordering::Release);
        gp
    }

    /// `globrunqgetbatch(len(runq)/2)`: n = min(N/2, size, size/gomaxprocs + 1); the first
    /// G to run, the rest for the caller's ring.
    fn get_batch(&self, gomaxprocs: usize) -> (Option<GIdx>, Vec<GIdx>) {
        let mut q = self.q.lock().unwrap();
        let size = q.len();
        let n = HALF.min(size).min(size / gomaxprocs + 1);
        if n == 0 {
            return (None, Vec::new());
        }
        let first = q.pop_front();
        let rest: Vec<GIdx> = q.drain(..n - 1).collect();
        self.size.store(q.len() as u32, Ordering::Release);
        (first, rest)
    }

    fn contents(&self) -> Vec<GIdx> {
        self.q.lock().unwrap().iter().copied().collect()
    }
}

/// Runs `f` under loom, exhaustively, and reports how many executions were explored.
fn model(f: impl Fn() + Sync + Send + 'static) {
    let iterations = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let it = iterations.clone();
    loom::model::Builder::new().check(move || {
        it.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        f()
    });
    eprintln!(
        "loom: {} executions explored",
        iterations.load(std::sync::atomic::Ordering::Relaxed)
    );
}

/// Counts how often a model took a path, across all its executions (std atomics: outside
/// loom's view), so each test can check that loom reached the paths it is about.
struct Seen(std::sync::atomic::AtomicUsize);

impl Seen {
    const fn new() -> Seen {
        Seen(std::sync::atomic::AtomicUsize::new(0))
    }
    fn hit(&self) {
        self.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }
    fn get(&self) -> usize {
        self.0.load(std::sync::atomic::Ordering::Relaxed)
    }
}

fn no_overflow(_: &[GIdx]) {
    panic!("unexpected overflow");
}

/// Asserts each of `1..=n` appears exactly once in `places`.
fn assert_conserved(n: u32, places: &[&[GIdx]]) {
    let mut all: Vec<u32> = places.iter().flat_map(|p| p.iter().map(|g| g.0)).collect();
    all.sort_unstable();
    let want: Vec<u32> = (1..=n).collect();
    assert_eq!(all, want, "G conservation violated: {places:?}");
}

/// `findRunnable` after its local queue came up empty: the global queue if its (racily
/// read) size says there is work, a batch of it onto our ring, leftovers back global.
/// Returns the G to run (if any) and how many of the batch went back global.
fn take_global_batch(own: &Q, global: &Global, gomaxprocs: usize) -> (Vec<GIdx>, usize) {
    let mut ran = Vec::new();
    let mut back = 0;
    if global.size.load(Ordering::Acquire) != 0 {
        let (first, rest) = global.get_batch(gomaxprocs);
        if let Some(first) = first {
            let put = own.runqputbatch(&rest);
            if put < rest.len() {
                global.put_batch(&rest[put..]);
                back = rest.len() - put;
            }
            ran.push(first);
        } else {
            assert!(rest.is_empty());
        }
    }
    (ran, back)
}

/// (a) The owner puts G5 into its full ring (runqputslow: the oldest half plus G5 go to
/// the global queue's tail under the lock) while a thief steals from the ring and then,
/// as an M whose `findRunnable` reads `sched.runq.size` without the lock, takes one G from
/// the global queue. The overflow batch lands in order (oldest first, G5 last), at most
/// once, and nothing is lost or duplicated.
#[test]
fn overflow_to_global_vs_thief() {
    static OVERFLOWED: Seen = Seen::new();
    static ROOM_MADE: Seen = Seen::new();
    static THIEF_TOOK_GLOBAL: Seen = Seen::new();
    model(|| {
        let victim = Arc::new(Q::new());
        for i in 1..=4 {
            victim.runqput(g(i), false, &mut no_overflow);
        }
        let global = Global::new([]);

        let th = {
            let victim = Arc::clone(&victim);
            let global = Arc::clone(&global);
            thread::spawn(move || {
                let own = Q::new();
                let mut ran: Vec<GIdx> = Vec::new();
                ran.extend(own.runqsteal(&victim, false, || true, thread::yield_now));
                ran.extend(own.runqdrain());
                let mut took_global = false;
                if global.size.load(Ordering::Acquire) != 0 {
                    let gp = global.get();
                    took_global = gp.is_some();
                    ran.extend(gp);
                }
                (ran, took_global)
            })
        };

        let mut overflows = 0;
        victim.runqput(g(5), false, &mut |b: &[GIdx]| {
            overflows += 1;
            assert_eq!(b.len(), 3, "the oldest half plus the new G");
            assert_eq!(b[2], g(5), "the new G last");
            assert!(b[0] < b[1], "oldest first");
            global.put_batch(b);
        });
        assert!(overflows <= 1);
        if overflows == 1 {
            OVERFLOWED.hit();
        } else {
            ROOM_MADE.hit();
        }
        let owner_ran: Vec<GIdx> = victim.runqget().map(|(g, _)| g).into_iter().collect();

        let (thief_ran, took_global) = th.join().unwrap();
        if took_global {
            THIEF_TOOK_GLOBAL.hit();
        }
        let gq = global.contents();
        // The global queue is a suffix of the overflow batch (the thief may have taken
        // its head): still in FIFO order.
        assert!(gq.windows(2).all(|w| w[0] < w[1]), "global order {gq:?}");
        assert_eq!(global.size.load(Ordering::Relaxed) as usize, gq.len());
        assert_conserved(5, &[&owner_ran, &thief_ran, &gq, &victim.runqdrain()]);
    });
    // Both outcomes of the race, and the thief reaching the global queue, were explored.
    assert!(OVERFLOWED.get() > 0 && ROOM_MADE.get() > 0);
    assert!(THIEF_TOOK_GLOBAL.get() > 0);
}

/// (a') `go f()` on a P whose ring is full and whose runnext holds G5: G6 takes runnext,
/// G5 is kicked to the full ring, and the overflow (two oldest + G5) goes global, while a
/// thief steals with `stealRunNextG` (it takes ring Gs first, runnext only from an empty
/// ring).
#[test]
fn runnext_kick_overflow_vs_runnext_thief() {
    static OVERFLOWED: Seen = Seen::new();
    static ROOM_MADE: Seen = Seen::new();
    model(|| {
        let victim = Arc::new(Q::new());
        for i in 1..=4 {
            victim.runqput(g(i), false, &mut no_overflow);
        }
        victim.runqput(g(5), true, &mut no_overflow);
        let global = Global::new([]);

        let th = {
            let victim = Arc::clone(&victim);
            thread::spawn(move || {
                let own = Q::new();
                let mut ran: Vec<GIdx> = Vec::new();
                // Two passes of stealWork, the second one after running what it got.
                for _ in 0..2 {
                    ran.extend(own.runqsteal(&victim, true, || true, thread::yield_now));
                    ran.extend(own.runqdrain());
                }
                ran
            })
        };

        let mut overflowed = false;
        victim.runqput(g(6), true, &mut |b: &[GIdx]| {
            assert_eq!(b.len(), 3);
            assert_eq!(b[2], g(5), "the kicked runnext G goes last");
            global.put_batch(b);
            overflowed = true;
        });
        if overflowed {
            OVERFLOWED.hit();
        } else {
            ROOM_MADE.hit();
        }
        let owner_ran: Vec<GIdx> = victim.runqget().map(|(g, _)| g).into_iter().collect();
        let thief_ran = th.join().unwrap();
        let gq = global.contents();
        assert_conserved(6, &[&owner_ran, &thief_ran, &gq, &victim.runqdrain()]);
    });
    assert!(OVERFLOWED.get() > 0 && ROOM_MADE.get() > 0);
}

/// (b) Two Ms with empty rings take global batches at once (GOMAXPROCS 2, five Gs
/// queued): each gets n = min(N/2, size, size/2 + 1), runs the first, puts the rest on
/// its ring. Each batch is a contiguous run of the FIFO, and the batches never overlap.
#[test]
fn two_ms_take_global_batches() {
    model(|| {
        let global = Global::new(1..=5);
        let spawn_m = || {
            let global = Arc::clone(&global);
            thread::spawn(move || {
                let own = Q::new();
                let (mut ran, back) = take_global_batch(&own, &global, 2);
                assert_eq!(back, 0, "an empty ring takes the whole batch");
                // The rest of the batch, in order, from our own ring.
                while let Some((gp, inherit)) = own.runqget() {
                    assert!(!inherit);
                    ran.push(gp);
                }
                ran
            })
        };
        let m1 = spawn_m();
        let m2 = spawn_m();
        let a = m1.join().unwrap();
        let b = m2.join().unwrap();
        for batch in [&a, &b] {
            assert!(!batch.is_empty() && batch.len() <= HALF, "batch {batch:?}");
            assert!(
                batch.windows(2).all(|w| w[1].0 == w[0].0 + 1),
                "batch not contiguous FIFO: {batch:?}"
            );
        }
        let gq = global.contents();
        assert_eq!(global.size.load(Ordering::Relaxed) as usize, gq.len());
        assert_conserved(5, &[&a, &b, &gq]);
    });
}

/// (b') The leftover path: M1 takes a batch into its empty ring while M2, whose ring is
/// full (G6..G9), takes one too: M2's `runqputbatch` places nothing and the rest of its
/// batch goes back to the global queue's tail. Meanwhile a thief steals from M2's ring,
/// so M2 may find room after all.
#[test]
fn global_batch_leftovers_go_back_while_thief_steals() {
    static LEFTOVERS: Seen = Seen::new();
    static FITTED: Seen = Seen::new();
    model(|| {
        let global = Global::new(1..=5);
        let m2_ring = Arc::new(Q::new());
        for i in 6..=9 {
            m2_ring.runqput(g(i), false, &mut no_overflow);
        }
        let m1 = {
            let global = Arc::clone(&global);
            thread::spawn(move || {
                let own = Q::new();
                let (mut ran, back) = take_global_batch(&own, &global, 2);
                assert_eq!(back, 0, "an empty ring takes the whole batch");
                ran.extend(own.runqdrain());
                ran
            })
        };
        let thief = {
            let victim = Arc::clone(&m2_ring);
            thread::spawn(move || {
                let own = Q::new();
                let mut ran: Vec<GIdx> = Vec::new();
                ran.extend(own.runqsteal(&victim, false, || true, thread::yield_now));
                ran.extend(own.runqdrain());
                ran
            })
        };
        let (m2_ran, back) = take_global_batch(&m2_ring, &global, 2);
        let a = m1.join().unwrap();
        let t = thief.join().unwrap();
        let gq = global.contents();
        if back > 0 {
            LEFTOVERS.hit();
        } else {
            FITTED.hit();
        }
        assert_eq!(global.size.load(Ordering::Relaxed) as usize, gq.len());
        assert_conserved(9, &[&a, &t, &m2_ran, &gq, &m2_ring.runqdrain()]);
    });
    assert!(LEFTOVERS.get() > 0 && FITTED.get() > 0);
}
