//! Seek in a long deterministic run: checkpoints' cost, memory, and seek latency.
//!
//! The run: the playground (the page's default machine) at GOMAXPROCS 4 with 40
//! CPU-bound (600 s of work each: busy throughout), 8 blocking and 8 network goroutines asked for at the start, GOMAXPROCS
//! changed twice mid-run, the page's settings (`Keep::Latest(50_000)`, schedtrace every
//! 100 ms), 10^6 steps. Prints:
//! - the run to 10^6 steps without and with checkpoints (the capture overhead), and
//!   the time of one capture;
//! - the checkpoints' memory: the timeline's own estimate and the host heap measured
//!   by a counting allocator (live bytes with checkpoints less live bytes without);
//! - the latency of `Timeline::seek` to 300 random steps (p50, p95, max), and of step
//!   back (seek to the step before).
//!
//! Targets (issue #16): seek p95 <= 5 ms natively, checkpoints <= 64 MB.
//! Run: `cargo bench -p gmp-core --bench seek`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicIsize, Ordering};
use std::time::Instant;

use gmp_core::seek::{Input, Policy, RunSpec, Timeline};
use gmp_core::trace::Keep;
use gmp_core::workloads;
use gmp_core::{Config, GKind};

struct Counting;
static LIVE: AtomicIsize = AtomicIsize::new(0);
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        LIVE.fetch_add(l.size() as isize, Ordering::Relaxed);
        System.alloc(l)
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        LIVE.fetch_sub(l.size() as isize, Ordering::Relaxed);
        System.dealloc(p, l)
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        LIVE.fetch_add(n as isize - l.size() as isize, Ordering::Relaxed);
        System.realloc(p, l, n)
    }
}
#[global_allocator]
static A: Counting = Counting;

const STEPS: u64 = 1_000_000;

fn spec() -> RunSpec {
    let s = workloads::find("playground").unwrap();
    let p = s.params(&[("work".into(), "600s".into())]).unwrap();
    RunSpec {
        prog: s.program(&p).unwrap(),
        cfg: Config {
            gomaxprocs: 4,
            schedtrace_ms: std::env::var("SCHEDTRACE_MS")
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(100),
            keep_events: Keep::Latest(50_000),
            max_goroutines: 200_000,
            ..Config::default()
        },
        seed: 1,
        inputs: vec![
            (0, Input::Spawn(GKind::Cpu, 40)),
            (0, Input::Spawn(GKind::Blocking, 8)),
            (0, Input::Spawn(GKind::Network, 8)),
            (300_000, Input::Procs(2)),
            (600_000, Input::Procs(8)),
        ],
    }
}

fn pct(v: &mut [f64], p: f64) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[((v.len() - 1) as f64 * p).round() as usize]
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    // Without checkpoints (only the start's).
    let live0 = LIVE.load(Ordering::Relaxed);
    let t0 = Instant::now();
    let mut plain = Timeline::new(
        spec(),
        Policy {
            interval: u64::MAX / 2,
            budget: usize::MAX,
        },
    )
    .unwrap();
    plain.seek(STEPS).unwrap();
    let plain_s = t0.elapsed().as_secs_f64();
    let plain_live = LIVE.load(Ordering::Relaxed) - live0;
    let events = plain.sim.rt.events().count.load(Ordering::Relaxed);
    drop(plain);

    let policy = Policy::default();
    let live1 = LIVE.load(Ordering::Relaxed);
    let t1 = Instant::now();
    let mut t = Timeline::new(spec(), policy).unwrap();
    t.seek(STEPS).unwrap();
    let ck_s = t1.elapsed().as_secs_f64();
    let ck_live = LIVE.load(Ordering::Relaxed) - live1;
    assert_eq!(t.steps(), STEPS, "the run lasts 10^6 steps");

    // One capture.
    let mut caps = Vec::new();
    for _ in 0..20 {
        let c = Instant::now();
        let f = t.sim.fork();
        caps.push(c.elapsed().as_secs_f64() * 1e3);
        drop(f);
    }

    println!(
        "run to {STEPS} steps ({events} events, {:.1} ms of virtual time): {:.0} ms without checkpoints ({:.1} M events/s), {:.0} ms with ({} checkpoints, interval {} steps): overhead {:.1}%",
        t.sim.now() as f64 / 1e6,
        plain_s * 1e3,
        events as f64 / plain_s / 1e6,
        ck_s * 1e3,
        t.checkpoint_steps().len(),
        t.interval(),
        (ck_s / plain_s - 1.0) * 100.0
    );
    println!(
        "one capture: p50 {:.3} ms, max {:.3} ms ({} goroutines)",
        pct(&mut caps.clone(), 0.5),
        pct(&mut caps, 1.0),
        t.sim.rt.allgs().len() - 1
    );
    println!(
        "checkpoint memory: {:.1} MB estimated, {:.1} MB measured (host heap with checkpoints {:.1} MB less without {:.1} MB); budget {} MB",
        t.checkpoint_bytes() as f64 / 1048576.0,
        (ck_live - plain_live) as f64 / 1048576.0,
        ck_live as f64 / 1048576.0,
        plain_live as f64 / 1048576.0,
        policy.budget >> 20
    );

    let mut rng = 0x1234_5678u64;
    let mut next = |below: u64| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng % below
    };
    let mut lat = Vec::new();
    for _ in 0..300 {
        let n = next(STEPS + 1);
        let c = Instant::now();
        t.seek(n).unwrap();
        lat.push(c.elapsed().as_secs_f64() * 1e3);
        assert_eq!(t.steps(), n);
    }
    let max = pct(&mut lat, 1.0);
    println!(
        "seek to 300 random steps: p50 {:.2} ms, p95 {:.2} ms, max {:.2} ms (target p95 <= 5 ms)",
        pct(&mut lat, 0.5),
        pct(&mut lat, 0.95),
        max
    );
    let mut back = Vec::new();
    for _ in 0..100 {
        let n = t.steps() - 1;
        let c = Instant::now();
        t.seek(n).unwrap();
        back.push(c.elapsed().as_secs_f64() * 1e3);
    }
    println!(
        "step back 100 times: p50 {:.2} ms, p95 {:.2} ms",
        pct(&mut back, 0.5),
        pct(&mut back, 0.95)
    );
}
