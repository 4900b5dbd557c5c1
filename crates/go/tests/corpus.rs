//! Every program in `tests/corpus/` runs in the explorer (deterministic driver,
//! GOMAXPROCS=2, seed 1) and prints what real Go 1.27.3 printed: stdout, the exit
//! status, and the first line of stderr. `expected.txt` holds real Go's output and
//! `runs.txt` how many of its runs agreed (`tests/corpus/record.sh` regenerates both).

mod common;

fn run_in_explorer(src: &str) -> String {
    common::explorer_output(src, 20_000_000_000, true)
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
