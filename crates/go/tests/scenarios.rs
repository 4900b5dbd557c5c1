//! The scenarios that run from their Go source print what their built-in op lists
//! print (the op lists' outputs are the ones checked against real Go in
//! crates/core/tests/behaviours.rs), with default and varied parameters.

use gmp_core::scenarios;
use gmp_core::sim::Stop;
use gmp_core::{Config, Sim};

fn run(prog: gmp_core::Program, procs: u32) -> (Vec<String>, Option<i32>) {
    let cfg = Config {
        gomaxprocs: procs,
        keep_events: gmp_core::trace::Keep::None,
        ..Config::default()
    };
    let mut sim = Sim::new(prog, cfg, 1).unwrap();
    let stop = sim.run_until(3_000_000_000, u64::MAX);
    let code = match stop {
        Stop::Exited(_) => sim.rt.exit_status().map(|s| s.code),
        _ => None,
    };
    let out = sim.rt.stdout.lock().unwrap().clone();
    (out, code)
}

#[test]
fn go_backed_scenarios_print_what_their_op_lists_print() {
    let cases: &[(&str, &[(&str, &str)])] = &[
        ("gosched", &[]),
        ("gosched", &[("goroutines", "3")]),
        ("gosched", &[("yield", "false")]),
        ("tight-loop", &[]),
        ("compute-all", &[]),
        ("compute-all-fixed", &[]),
        ("spawn", &[]),
        ("pingpong", &[]),
        ("deadlock", &[]),
    ];
    for (name, sets) in cases {
        let s = scenarios::find(name).unwrap();
        let given: Vec<(String, String)> = sets
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let p = s.params(&given).unwrap();
        let go = gmp_go::scenarios::program(s, &p)
            .expect("from Go")
            .expect("compiles");
        for procs in [1, 2] {
            let (a, ca) = run(s.program(&p), procs);
            let (b, cb) = run(go.clone(), procs);
            assert_eq!(ca, cb, "{name} {sets:?} at GOMAXPROCS={procs}: exit status");
            assert_eq!(a, b, "{name} {sets:?} at GOMAXPROCS={procs}: output");
        }
    }
}
