//! Every program in `tests/corpus/` runs in the explorer (deterministic driver,
//! GOMAXPROCS=2, seed 1) and prints what real Go 1.27.3 printed: stdout, the exit
//! status, and the first line of stderr. `expected.txt` holds real Go's output and
//! `runs.txt` how many of its runs agreed (`tests/corpus/record.sh` regenerates both).

mod common;

use gmp_core::sim::Stop;
use gmp_core::{Config, Sim};

fn run_in_explorer(src: &str) -> String {
    let prog = match gmp_go::compile(src) {
        Ok(p) => p,
        Err(d) => {
            let lines: Vec<String> = d.iter().map(|d| d.to_string()).collect();
            return format!("--compile errors\n{}", lines.join("\n"));
        }
    };
    let cfg = Config {
        gomaxprocs: 2,
        keep_events: gmp_core::trace::Keep::None,
        ..Config::default()
    };
    let mut sim = Sim::new(prog.program(), cfg, 1).expect("runtime starts");
    let stop = sim.run_until(20_000_000_000, u64::MAX);
    let mut out = sim.rt.stdout_lines().join("\n");
    if !out.is_empty() && !sim.rt.stdout_unterminated() {
        out.push('\n');
    }
    match stop {
        Stop::Exited(_) => {
            let st = sim.rt.exit_status().unwrap();
            let mut err: Vec<String> = sim.rt.stderr_lines();
            err.extend(st.stderr.lines().map(String::from));
            out.push_str(&format!("--exit {}\n", st.code));
            if let Some(first) = err.iter().find(|l| !l.is_empty()) {
                out.push_str(first);
                out.push('\n');
            }
        }
        other => out.push_str(&format!("--stopped {other:?}\n")),
    }
    out
}

#[test]
fn corpus_prints_what_real_go_printed() {
    let (dir, names) = common::program_dirs("corpus");
    assert!(names.len() >= 10, "the corpus has its programs");
    let mut failed = Vec::new();
    for n in &names {
        let src = std::fs::read_to_string(dir.join(n).join("main.go")).unwrap();
        let want = std::fs::read_to_string(dir.join(n).join("expected.txt")).unwrap();
        let got = run_in_explorer(&src);
        if got.trim_end() != want.trim_end() {
            failed.push(format!("== {n}\n-- real Go:\n{want}\n-- explorer:\n{got}"));
        }
    }
    assert!(
        failed.is_empty(),
        "{} of {} differ:\n{}",
        failed.len(),
        names.len(),
        failed.join("\n")
    );
}
