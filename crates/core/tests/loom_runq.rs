//! Loom models of the local run queue (`proc.go`: `runqput`, `runqget`, `runqsteal`), with a 4-slot ring so the full,
//! overflow and wrap paths are reachable.
//!
//! Run with:
//! `RUSTFLAGS="--cfg loom" cargo test -p gmp-core --test loom_runq --release`
//!
//! Every model checks G conservation: after all threads join, each G is found in exactly one
//! place (run by someone, in a ring, in runnext, or in the overflow batch bound for the global
//! queue).
#![cfg(loom)]

use gmp_core::runq::{GIdx, RunQueue};
use loom::sync::{Arc, Mutex};
use loom::thread;

type Q = RunQueue<4>;

fn g(i: u32) -> GIdx {
    GIdx(i)
}

/// Runs `f` under loom, exhaustively (no preemption bound unless `LOOM_MAX_PREEMPTIONS` is set),
/// and reports how many executions were explored.
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

/// Owner puts three Gs and runs one while a thief steals (runqput / runqget vs runqsteal).
#[test]
fn owner_put_get_vs_thief_steal() {
    model(|| {
        let victim = Arc::new(Q::new());
        let thief_q = Arc::new(Q::new());
        victim.runqput(g(1), false, &mut no_overflow);

        let th = {
            let victim = Arc::clone(&victim);
            let thief_q = Arc::clone(&thief_q);
            thread::spawn(move || {
                let mut ran = Vec::new();
                ran.extend(thief_q.runqsteal(&victim, false, || true, thread::yield_now));
                while let Some((gp, inherit)) = thief_q.runqget() {
                    assert!(!inherit);
                    ran.push(gp);
                }
                ran
            })
        };

        let mut owner_ran = Vec::new();
        victim.runqput(g(2), false, &mut no_overflow);
        owner_ran.extend(victim.runqget().map(|(gp, _)| gp));
        victim.runqput(g(3), false, &mut no_overflow);

        let thief_ran = th.join().unwrap();
        let rest = victim.runqdrain();
        // FIFO: anything the owner ran is older than anything still queued.
        if let (Some(a), Some(b)) = (owner_ran.first(), rest.first()) {
            assert!(a < b);
        }
        assert_conserved(3, &[&owner_ran, &thief_ran, &rest, &thief_q.runqdrain()]);
    });
}

/// runnext race: the owner runs its runnext (runqget) while a thief with an empty victim ring
/// steals runnext (runqgrab's last-pass path, with the back-off as a loom yield). Exactly one of
/// them gets it, and only the owner's copy inherits the time slice.
#[test]
fn runnext_steal_race() {
    model(|| {
        let victim = Arc::new(Q::new());
        let thief_q = Arc::new(Q::new());
        victim.runqput(g(1), true, &mut no_overflow);

        let th = {
            let victim = Arc::clone(&victim);
            let thief_q = Arc::clone(&thief_q);
            thread::spawn(move || thief_q.runqsteal(&victim, true, || true, thread::yield_now))
        };

        let got = victim.runqget();
        if let Some((_, inherit)) = got {
            assert!(inherit, "runnext G inherits the time slice");
        }
        let stolen = th.join().unwrap();
        let owner: Vec<GIdx> = got.map(|(g, _)| g).into_iter().collect();
        let thief: Vec<GIdx> = stolen.into_iter().collect();
        assert_conserved(1, &[&owner, &thief, &victim.runqdrain()]);
        assert!(thief_q.runqempty());
    });
}

/// runnext kick vs thief: the owner replaces runnext (kicking G1 into the ring) and then runs
/// runnext, while a thief steals with `steal_runnext`. G1 and G2 are each in one place.
#[test]
fn runnext_kick_vs_thief() {
    model(|| {
        let victim = Arc::new(Q::new());
        let thief_q = Arc::new(Q::new());
        victim.runqput(g(1), true, &mut no_overflow);

        let th = {
            let victim = Arc::clone(&victim);
            let thief_q = Arc::clone(&thief_q);
            thread::spawn(move || thief_q.runqsteal(&victim, true, || false, thread::yield_now))
        };

        victim.runqput(g(2), true, &mut no_overflow);
        let got: Vec<GIdx> = victim.runqget().map(|(g, _)| g).into_iter().collect();
        let stolen: Vec<GIdx> = th.join().unwrap().into_iter().collect();
        assert_conserved(
            2,
            &[&got, &stolen, &victim.runqdrain(), &thief_q.runqdrain()],
        );
    });
}

/// runqempty is never spuriously true: G1 stays on the P throughout (runnext, then kicked into
/// the ring), while the owner swaps runnext and runs the new one; an observer must never see
/// the queue empty.
#[test]
fn runqempty_never_spuriously_true() {
    model(|| {
        let q = Arc::new(Q::new());
        q.runqput(g(1), true, &mut no_overflow);

        let obs = {
            let q = Arc::clone(&q);
            thread::spawn(move || assert!(!q.runqempty(), "runqempty spuriously true"))
        };

        q.runqput(g(2), true, &mut no_overflow); // kicks G1 into the ring
        assert_eq!(q.runqget(), Some((g(2), true)));
        obs.join().unwrap();
        assert_eq!(q.runqdrain(), vec![g(1)]);
    });
}

/// Overflow vs thief: the owner puts into a full ring (runqputslow: oldest half + new G go
/// global) while a thief steals. Either the thief frees room first (plain tail put, or a failed
/// head CAS in runqputslow and a retry), or the overflow wins and the thief steals from what
/// is left; then the owner runs one G. The overflow batch is always the oldest N/2 in order with the new G last.
#[test]
fn overflow_vs_thief() {
    model(|| {
        let victim = Arc::new(Q::new());
        let thief_q = Arc::new(Q::new());
        for i in 1..=4 {
            victim.runqput(g(i), false, &mut no_overflow);
        }
        let global = Arc::new(Mutex::new(Vec::new()));

        let th = {
            let victim = Arc::clone(&victim);
            let thief_q = Arc::clone(&thief_q);
            thread::spawn(move || {
                let mut ran: Vec<GIdx> = Vec::new();
                ran.extend(thief_q.runqsteal(&victim, false, || true, thread::yield_now));
                ran
            })
        };

        {
            let global = Arc::clone(&global);
            victim.runqput(g(5), false, &mut |b: &[GIdx]| {
                let mut gq = global.lock().unwrap();
                assert!(gq.is_empty(), "one overflow at most");
                gq.extend_from_slice(b);
            });
        }
        let owner_ran: Vec<GIdx> = victim.runqget().map(|(g, _)| g).into_iter().collect();

        let thief_ran = th.join().unwrap();
        let gq = global.lock().unwrap().clone();
        if !gq.is_empty() {
            assert_eq!(gq.len(), 3);
            assert_eq!(gq[2], g(5), "new G last");
            assert!(gq[0] < gq[1], "oldest first");
        }
        assert_conserved(
            5,
            &[
                &owner_ran,
                &thief_ran,
                &gq,
                &victim.runqdrain(),
                &thief_q.runqdrain(),
            ],
        );
    });
}

/// Two thieves steal from the same victim while its owner consumes: head is advanced by three
/// parties with CAS; counters start just below the u32 wrap.
#[test]
fn two_thieves_and_owner_across_wrap() {
    model(|| {
        let victim = Arc::new(Q::with_counters(u32::MAX - 1));
        for i in 1..=4 {
            victim.runqput(g(i), false, &mut no_overflow);
        }
        let spawn_thief = |start: u32| {
            let victim = Arc::clone(&victim);
            thread::spawn(move || {
                let own = Q::with_counters(start);
                let mut ran: Vec<GIdx> = Vec::new();
                ran.extend(own.runqsteal(&victim, false, || true, thread::yield_now));
                ran.extend(own.runqdrain());
                ran
            })
        };
        let t1 = spawn_thief(u32::MAX);
        let t2 = spawn_thief(0);
        let owner: Vec<GIdx> = victim.runqget().map(|(g, _)| g).into_iter().collect();
        let a = t1.join().unwrap();
        let b = t2.join().unwrap();
        assert_conserved(4, &[&owner, &a, &b, &victim.runqdrain()]);
    });
}

/// runqputbatch and runqdrain vs a thief: the owner publishes a batch with one store-release
/// (leftovers go "global"), then drains everything while the thief steals.
#[test]
fn putbatch_and_drain_vs_thief() {
    model(|| {
        let victim = Arc::new(Q::new());
        let thief_q = Arc::new(Q::new());
        victim.runqput(g(1), false, &mut no_overflow);

        let th = {
            let victim = Arc::clone(&victim);
            let thief_q = Arc::clone(&thief_q);
            thread::spawn(move || {
                let mut ran: Vec<GIdx> = Vec::new();
                ran.extend(thief_q.runqsteal(&victim, true, || true, thread::yield_now));
                ran.extend(thief_q.runqdrain());
                ran
            })
        };

        let batch = [g(2), g(3), g(4), g(5)];
        let n = victim.runqputbatch(&batch);
        assert!((3..=4).contains(&n), "put {n}");
        let global = batch[n..].to_vec();
        let drained = victim.runqdrain();
        let thief_ran = th.join().unwrap();
        assert_conserved(5, &[&global, &drained, &thief_ran, &victim.runqdrain()]);
    });
}
