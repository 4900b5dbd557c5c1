//! Seek equals replay for Go programs: every program of `tests/corpus/`, checkpointed
//! (each goroutine's VM state copied with the heap it shares), seeks back and forth to
//! random steps and must stand where a plain run of that many steps stands: the same
//! snapshot, event log and output, and the same next steps. One run also changes
//! GOMAXPROCS mid-run. The built-in scenarios' Go files (`programs/`) are checked too.

use gmp_core::output::OutputCursor;
use gmp_core::seek::{Input, Policy, RunSpec, Timeline};
use gmp_core::trace::Keep;
use gmp_core::{Config, Runtime};

fn picture(rt: &Runtime, steps: u64) -> String {
    let mut cur = OutputCursor::default();
    let lines: Vec<u32> = (1..rt.allgs().len())
        .map(|i| {
            rt.g(gmp_core::GIdx(i as u32))
                .exec
                .lock()
                .code
                .as_ref()
                .map_or(0, |c| c.line())
        })
        .collect();
    format!(
        "steps {steps}\n{:?}\n{:?}\n{:?}\nlines {lines:?}",
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

fn corpus() -> Vec<(String, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus");
    let mut v: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().join("main.go").exists())
        .map(|e| {
            let src = std::fs::read_to_string(e.path().join("main.go")).unwrap();
            (e.file_name().to_string_lossy().to_string(), src)
        })
        .collect();
    v.sort();
    v
}

#[test]
fn seek_equals_replay_for_the_go_corpus() {
    let mut rng = Rng(17);
    let mut progs = corpus();
    assert!(progs.len() >= 10, "the corpus has its programs");
    // And every built-in scenario written in Go (programs/*.go, default values): what
    // crates/core/tests/seek.rs checks for the op-list scenarios.
    for sc in gmp_go::scenarios::all() {
        if gmp_go::scenarios::from_go(sc) {
            let p = sc.params(&[]).unwrap();
            progs.push((sc.name.to_string(), gmp_go::scenarios::source(sc, &p)));
        }
    }
    let mut checked = 0;
    for (i, (name, src)) in progs.iter().enumerate() {
        let Ok(prog) = gmp_go::compile(src) else {
            continue; // a program that must not compile has no run
        };
        let inputs = if i % 2 == 0 {
            vec![(120, Input::Procs(3)), (700, Input::Procs(1))]
        } else {
            vec![]
        };
        let spec = RunSpec {
            prog: prog.program(),
            cfg: Config {
                gomaxprocs: 2,
                keep_events: Keep::All,
                ..Config::default()
            },
            seed: 1 + i as u64,
            inputs,
        };
        let mut t = Timeline::new(
            spec.clone(),
            Policy {
                interval: 53,
                budget: 64 << 20,
            },
        )
        .unwrap();
        t.seek(4_000).unwrap();
        let end = t.steps();
        for k in 0..8 {
            let n = rng.next(end + 1);
            t.seek(n).unwrap();
            let (got, want) = (picture(&t.sim.rt, t.steps()), replay(&spec, n));
            assert!(got == want, "{name}: seek #{k} to {n} of {end} differs");
            if k % 2 == 0 {
                for _ in 0..30 {
                    t.step();
                }
                let s = t.steps();
                assert!(
                    picture(&t.sim.rt, s) == replay(&spec, s),
                    "{name}: the steps after seeking to {n} differ"
                );
            }
        }
        checked += 1;
    }
    assert!(checked >= 18, "{checked} programs checked");
}
