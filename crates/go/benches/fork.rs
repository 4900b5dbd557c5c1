//! What a checkpoint costs with many goroutines: `Sim::fork` of a run whose 100,000
//! goroutines are parked on one channel, each holding a closure's frame and a
//! `*sync.WaitGroup` they share. The page's deterministic driver forks every
//! `seek::Policy::interval` steps and on every step back (a restore is a fork of the
//! checkpoint), all on the page's main thread (issue 26: no task over 100 ms).
//! Prints the whole run as a timeline with the page's checkpoints and with none (what the checkpoints cost in all), then the fork's time
//! (best and median of 7) and its size estimate.
//! Run: `cargo bench -p gmp-go --bench fork`.

use std::time::Instant;

use gmp_core::g::WaitReason;
use gmp_core::seek::{Policy, RunSpec, Timeline};
use gmp_core::trace::Keep;
use gmp_core::{Config, Sim};

const SRC: &str = include_str!("../../../bench/go/parked.go");

fn main() {
    let prog = gmp_go::compile(SRC).expect("the bench program compiles");
    let cfg = Config {
        gomaxprocs: 2,
        keep_events: Keep::Latest(50_000),
        ..Config::default()
    };
    // The run the page makes of it: a timeline with the default checkpoints, against
    // one with none.
    for (what, policy) in [
        ("default checkpoints", Policy::default()),
        (
            "no checkpoints",
            Policy {
                interval: u64::MAX,
                ..Policy::default()
            },
        ),
    ] {
        let spec = RunSpec {
            prog: prog.program(),
            cfg: cfg.clone(),
            seed: 1,
            inputs: Vec::new(),
        };
        let t = Instant::now();
        let mut tl = Timeline::new(spec, policy).expect("runtime starts");
        tl.run(500_000_000, u64::MAX);
        println!(
            "timeline to its end, {what}: {:.0} ms, {} steps, checkpoints kept at {:?}, interval {}",
            t.elapsed().as_secs_f64() * 1e3,
            tl.steps(),
            tl.checkpoint_steps(),
            tl.interval()
        );
    }
    let mut sim = Sim::new(prog.program(), cfg, 1).expect("runtime starts");
    // Until all 100,000 wait in `<-ch` (main sleeps its millisecond), 50 µs at a time.
    let parked = |sim: &Sim| {
        let s = sim.rt.snapshot();
        s.gs.iter()
            .filter(|g| g.waitreason == WaitReason::ChanReceive)
            .count()
    };
    let mut t = 0;
    while parked(&sim) < 100_000 {
        t += 50_000;
        sim.run_until(t, u64::MAX);
    }
    let gs = sim.rt.snapshot().gs.len();
    let mut times = Vec::new();
    let mut bytes = 0;
    for _ in 0..7 {
        let t = Instant::now();
        let (copy, _) = sim.fork();
        times.push(t.elapsed().as_secs_f64() * 1e3);
        bytes = copy.fork_bytes();
        let t = Instant::now();
        drop(copy);
        let _drop_ms = t.elapsed().as_secs_f64() * 1e3;
    }
    times.sort_by(f64::total_cmp);
    println!(
        "fork of {gs} goroutines at step {}: best {:.1} ms, median {:.1} ms ({:.1} MB by its estimate)",
        sim.steps,
        times[0],
        times[times.len() / 2],
        bytes as f64 / 1e6
    );
}
