//! Seek equals replay: after `Timeline::seek(n)` (a checkpoint restored, at most one
//! interval replayed) the run is in the state `n` steps from the start give, with the
//! inputs applied at their steps: the same snapshot, the same event log, the same
//! output, and the same future (both go on identically).

use gmp_core::output::OutputCursor;
use gmp_core::seek::{Input, Policy, RunSpec, Timeline};
use gmp_core::trace::Keep;
use gmp_core::workloads::{self, WORKLOADS};
use gmp_core::{Config, GKind, Runtime};

/// Everything a learner (or a test) can see of a run.
fn picture(rt: &Runtime, steps: u64) -> String {
    let mut cur = OutputCursor::default();
    format!(
        "steps {steps}\n{:?}\n{:?}\n{:?}",
        rt.snapshot(),
        rt.events().snapshot(),
        rt.output_since(&mut cur)
    )
}

/// The oracle: the run straight from the start, `n` steps, inputs applied at their
/// steps ([`RunSpec::run_plain`]).
fn replay(spec: &RunSpec, n: u64) -> String {
    let sim = spec.run_plain(n).unwrap();
    picture(&sim.rt, sim.steps)
}

struct Rng(u64);
impl Rng {
    fn next(&mut self, below: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % below.max(1)
    }
}

fn spec(name: &str, seed: u64, inputs: Vec<(u64, Input)>) -> RunSpec {
    let s = workloads::find(name).unwrap();
    let p = s.params(&[]).unwrap();
    let mut all: Vec<(u64, Input)> = workloads::initial_requests(&p)
        .into_iter()
        .map(|(k, n)| (0, Input::Spawn(k, n)))
        .collect();
    all.extend(inputs);
    RunSpec {
        prog: s.program(&p).unwrap(),
        cfg: Config {
            gomaxprocs: 2,
            schedtrace_ms: 1,
            keep_events: Keep::All,
            ..Config::default()
        },
        seed,
        inputs: all,
    }
}

/// Seeks back and forth to random steps of a run and compares each with the oracle,
/// and the next 40 steps too.
fn check_seeks(spec: &RunSpec, policy: Policy, len: u64, seeks: usize, rng: &mut Rng) {
    let mut t = Timeline::new(spec.clone(), policy).unwrap();
    t.seek(len).unwrap();
    let end = t.steps();
    for k in 0..seeks {
        let n = rng.next(end + 1);
        t.seek(n).unwrap();
        assert_eq!(t.steps(), n.min(end), "seek lands on its step");
        let got = picture(&t.sim.rt, t.steps());
        let want = replay(spec, n);
        assert!(
            got == want,
            "seek #{k} to {n} (seed {}) differs from the replay:\n{}",
            spec.seed,
            first_difference(&got, &want)
        );
        if k % 3 == 0 {
            for _ in 0..40 {
                t.step();
            }
            let s = t.steps();
            assert_eq!(
                picture(&t.sim.rt, s),
                replay(spec, s),
                "the future after a seek"
            );
        }
    }
}

fn first_difference(a: &str, b: &str) -> String {
    let i = a
        .bytes()
        .zip(b.bytes())
        .position(|(x, y)| x != y)
        .unwrap_or(a.len().min(b.len()));
    let from = i.saturating_sub(200);
    format!(
        "seek:   ...{}\nreplay: ...{}",
        &a[from..(i + 200).min(a.len())],
        &b[from..(i + 200).min(b.len())]
    )
}

#[test]
fn seek_equals_replay_for_every_built_in_scenario() {
    let mut rng = Rng(7);
    for s in WORKLOADS {
        for seed in [1, 2] {
            let spec = spec(s.name, seed, vec![]);
            let policy = Policy {
                interval: 97,
                budget: 64 << 20,
            };
            check_seeks(&spec, policy, 2_500, 12, &mut rng);
        }
    }
}

#[test]
fn seek_equals_replay_across_spawns_and_gomaxprocs_changes_mid_run() {
    let mut rng = Rng(11);
    for seed in 1..=4 {
        let inputs = vec![
            (40, Input::Spawn(GKind::Cpu, 6)),
            (97, Input::Procs(3)),
            (150, Input::Spawn(GKind::Blocking, 3)),
            (600, Input::Procs(1)),
            (601, Input::Spawn(GKind::Network, 2)),
            (1_400, Input::Procs(4)),
        ];
        let spec = spec("playground", seed, inputs);
        let policy = Policy {
            interval: 64,
            budget: 64 << 20,
        };
        check_seeks(&spec, policy, 3_000, 25, &mut rng);
    }
}

#[test]
fn an_input_after_seeking_back_replaces_the_future() {
    let base = spec("playground", 3, vec![(50, Input::Spawn(GKind::Cpu, 4))]);
    let mut t = Timeline::new(
        base.clone(),
        Policy {
            interval: 50,
            budget: 64 << 20,
        },
    )
    .unwrap();
    t.seek(2_000).unwrap();
    t.seek(700).unwrap();
    t.push_input(Input::Procs(3)).unwrap();
    assert_eq!(t.frontier(), 700, "the old future is dropped");
    assert!(t.checkpoint_steps().iter().all(|&s| s <= 700));
    let mut now = base.clone();
    now.inputs = t.inputs().to_vec();
    assert_eq!(now.inputs.last(), Some(&(700, Input::Procs(3))));
    let mut rng = Rng(5);
    t.seek(1_800).unwrap();
    for _ in 0..10 {
        let n = rng.next(1_801);
        t.seek(n).unwrap();
        assert_eq!(
            picture(&t.sim.rt, t.steps()),
            replay(&now, n),
            "seek to {n}"
        );
    }
}

#[test]
fn a_checkpoint_too_big_for_the_budget_is_not_taken() {
    // Every checkpoint but the start is over this budget: none is forked (taking and
    // thinning them would have doubled the interval), and seeks replay from the start.
    let spec = spec("playground", 1, vec![(10, Input::Spawn(GKind::Cpu, 20))]);
    let mut t = Timeline::new(
        spec.clone(),
        Policy {
            interval: 16,
            budget: 1,
        },
    )
    .unwrap();
    t.seek(2_000).unwrap();
    assert_eq!(t.checkpoint_steps(), vec![0], "only the start");
    assert_eq!(t.interval(), 16, "nothing was taken and thinned");
    for n in [1_999, 700, 1_500] {
        t.seek(n).unwrap();
        assert_eq!(
            picture(&t.sim.rt, t.steps()),
            replay(&spec, n),
            "seek to {n}"
        );
    }
}

#[test]
fn over_budget_checkpoints_thin_out_and_the_start_stays() {
    let spec = spec("playground", 1, vec![(10, Input::Spawn(GKind::Cpu, 20))]);
    let mut t = Timeline::new(
        spec.clone(),
        Policy {
            interval: 16,
            budget: 256 << 10,
        },
    )
    .unwrap();
    t.seek(6_000).unwrap();
    let steps = t.checkpoint_steps();
    assert_eq!(steps[0], 0, "the start is kept");
    assert!(t.interval() > 16, "the interval grew: {}", t.interval());
    assert!(
        t.checkpoint_bytes() <= 256 << 10,
        "{} bytes kept",
        t.checkpoint_bytes()
    );
    assert!(
        steps.windows(2).all(|w| w[1] - w[0] <= t.interval()),
        "no gap wider than the interval: {steps:?}"
    );
    let mut rng = Rng(3);
    for _ in 0..10 {
        let n = rng.next(6_001);
        t.seek(n).unwrap();
        assert_eq!(
            picture(&t.sim.rt, t.steps()),
            replay(&spec, n),
            "seek to {n}"
        );
    }
}
