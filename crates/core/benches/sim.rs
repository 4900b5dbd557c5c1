//! Throughput of the deterministic driver, in scheduler events per second.
//!
//! Each benchmark runs one scenario from start to exit on the virtual clock with the event
//! log off (`Keep::None`: events are only counted), so the figure is the cost of the
//! scheduler itself: `schedule`/`findRunnable`, run-queue traffic, sysmon, and the
//! driver's event heap. A run is a function of (program, config, seed), so every
//! iteration emits the same number of events; criterion's `Throughput::Elements` turns
//! the time per run into events/s.
//!
//! * `cpu_bound_40x200ms`: 40 call-free CPU loops of 200 ms on 2 Ps: sysmon's
//!   preemptions every ~20 ms, the global queue's round robin, stealing.
//! * `spawn_100k`: `go f()` 100 000 times with a WaitGroup on 2 Ps: newproc, runnext
//!   kicks, ring overflow to the global queue, `gfput`/`gfget`, goexit.
//!
//! Run: `cargo bench -p gmp-core --bench sim`.

#[cfg(not(loom))]
mod benches {
    use criterion::{criterion_group, BenchmarkId, Criterion, Throughput};
    use gmp_core::trace::Keep;
    use gmp_core::workloads;
    use gmp_core::{Config, Sim, Stop};
    use std::sync::atomic::Ordering;
    use std::time::Duration;

    /// Runs the scenario to its exit; returns the number of events emitted.
    fn run(name: &str, sets: &[(&str, &str)]) -> u64 {
        let prog = if name == "spawn" {
            spawn_program(sets[0].1.parse().unwrap())
        } else {
            let s = workloads::find(name).unwrap();
            let given: Vec<(String, String)> = sets
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
            s.program(&s.params(&given).unwrap()).unwrap()
        };
        let cfg = Config {
            gomaxprocs: 2,
            keep_events: Keep::None,
            ..Config::default()
        };
        let mut sim = Sim::new(prog, cfg, 1).unwrap();
        let stop = sim.run_until(i64::MAX / 4, u64::MAX);
        assert_eq!(stop, Stop::Exited(0), "{name} did not exit");
        sim.rt.events().count.load(Ordering::Relaxed)
    }

    /// The fan-out benchmark (gmp-go's programs/spawn.go) as ops, so that this bench
    /// measures the scheduler alone: n goroutines that call wg.Done, and a wg.Wait.
    fn spawn_program(n: u32) -> gmp_core::Program {
        use gmp_core::program::{Fmt, Op, ProgramBuilder, Val};
        let mut b = ProgramBuilder::new();
        let wg = b.waitgroup();
        let worker = b.func("main.main.func1", 24, vec![Op::WgDone(wg)]);
        b.main(
            120,
            vec![
                Op::Loop { times: n, body: 2 },
                Op::WgAdd(wg, 1),
                Op::Go {
                    func: worker,
                    arg: Val::Const(0),
                    kind: gmp_core::GKind::Example,
                },
                Op::WgWait(wg),
                Op::Print(Fmt::new(&format!("{n} goroutines done"))),
            ],
        )
    }

    /// Benchmarks one scenario; `secs` of measurement fit 10 samples.
    fn scenario(c: &mut Criterion, id: &str, name: &str, sets: &[(&str, &str)], secs: u64) {
        let events = run(name, sets);
        let mut grp = c.benchmark_group("sim_events");
        grp.throughput(Throughput::Elements(events));
        grp.sample_size(10);
        grp.warm_up_time(Duration::from_secs(1));
        grp.measurement_time(Duration::from_secs(secs));
        grp.bench_function(BenchmarkId::from_parameter(id), |b| {
            b.iter(|| {
                let n = run(name, sets);
                debug_assert_eq!(n, events);
                n
            })
        });
        grp.finish();
    }

    fn cpu_bound(c: &mut Criterion) {
        scenario(
            c,
            "cpu_bound_40x200ms",
            "cpu-bound",
            &[("goroutines", "40"), ("work", "200ms")],
            3,
        );
    }

    fn spawn(c: &mut Criterion) {
        scenario(c, "spawn_100k", "spawn", &[("n", "100000")], 8);
    }

    criterion_group!(group, cpu_bound, spawn);
}

#[cfg(not(loom))]
criterion::criterion_main!(benches::group);

#[cfg(loom)]
fn main() {}
