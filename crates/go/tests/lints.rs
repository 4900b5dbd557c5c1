//! The teaching lints (`gmp_go::lint`): each fires on a program that has the problem
//! (`tests/lints/<kind>.go`) at the line it is about, and not on its fixed version
//! (`<kind>_fixed.go`); and what fires on the scenarios' and the corpus's programs is
//! listed here, each judged.

use gmp_go::lint::{lints, Lint, LintKind};

fn found(src: &str) -> Vec<Lint> {
    lints(src).unwrap_or_else(|d| panic!("compiles: {d:?}"))
}

fn brief(l: &[Lint]) -> Vec<(&'static str, u32, String)> {
    l.iter()
        .map(|l| (l.kind.id(), l.line, l.func.clone()))
        .collect()
}

fn case(bad: &str, fixed: &str, want: &[(&'static str, u32, &str)]) {
    let got = found(bad);
    let want: Vec<(&'static str, u32, String)> = want
        .iter()
        .map(|(k, l, f)| (*k, *l, f.to_string()))
        .collect();
    assert_eq!(brief(&got), want, "{got:#?}");
    let fixed = found(fixed);
    assert!(fixed.is_empty(), "no lint on the fixed version: {fixed:#?}");
}

#[test]
fn cpu_loop() {
    case(
        include_str!("lints/cpu_loop.go"),
        include_str!("lints/cpu_loop_fixed.go"),
        &[("cpu-loop", 11, "main.spin"), ("cpu-loop", 21, "main.main")],
    );
}

#[test]
fn gosched_wait() {
    case(
        include_str!("lints/gosched_wait.go"),
        include_str!("lints/gosched_wait_fixed.go"),
        &[("gosched-wait", 16, "main.main")],
    );
}

#[test]
fn sleep_as_signal() {
    case(
        include_str!("lints/sleep_signal.go"),
        include_str!("lints/sleep_signal_fixed.go"),
        &[("sleep-as-signal", 15, "main.main")],
    );
}

#[test]
fn unbounded_go() {
    case(
        include_str!("lints/unbounded_go.go"),
        include_str!("lints/unbounded_go_fixed.go"),
        &[("unbounded-go", 22, "main.main")],
    );
}

#[test]
fn big_frame_recursion() {
    case(
        include_str!("lints/big_frame.go"),
        include_str!("lints/big_frame_fixed.go"),
        &[("big-frame-recursion", 6, "main.walk")],
    );
}

#[test]
fn positions_and_text() {
    let l = found(include_str!("lints/big_frame.go"));
    assert_eq!(
        l[0].to_string(),
        "./main.go:6:6: big-frame-recursion: local buf (4096 bytes) in main.walk"
    );
    let l = found(include_str!("lints/cpu_loop.go"));
    assert_eq!((l[0].line, l[0].col, l[0].end), (11, 2, 13));
    assert_eq!(l[0].kind, LintKind::CpuLoop);
}

#[test]
fn short_and_called_loops_are_not_cpu_loops() {
    let src = "package main\n\nimport \"fmt\"\n\nfunc main() {\n\ts := 0\n\tfor i := 0; i < 1000; i++ {\n\t\ts += i\n\t}\n\tfor i := 0; i < 10000000; i++ {\n\t\tfmt.Println(i)\n\t}\n\tfor i := range 100 {\n\t\tfor j := 0; j < 100000; j++ {\n\t\t\ts += i * j\n\t\t}\n\t}\n\tfmt.Println(s)\n}\n";
    // The last pair is 10^7 iterations with no call: one lint, at the outer loop.
    assert_eq!(
        brief(&found(src)),
        vec![("cpu-loop", 13, "main.main".into())]
    );
}

#[test]
fn compile_errors_come_back_as_diagnostics() {
    let e = lints("package main\n\nfunc main() {\n\tx := 1\n}\n").unwrap_err();
    assert_eq!(e[0].to_string(), "./main.go:4:2: declared and not used: x");
}

/// Every scenario's Go source (default parameters) and every corpus program, with the
/// lints that fire on it: `kind line func`, in order. Each entry is judged in the
/// comment beside it.
fn all_programs() -> Vec<(String, String)> {
    let mut v = Vec::new();
    for s in gmp_go::scenarios::all() {
        let p = s.params(&[]).unwrap();
        v.push((
            format!("scenario {}", s.name),
            gmp_go::scenarios::source(s, &p),
        ));
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    for n in names {
        let Ok(src) = std::fs::read_to_string(dir.join(&n).join("main.go")) else {
            continue;
        };
        v.push((format!("corpus {n}"), src));
    }
    v
}

#[test]
fn what_fires_on_the_scenarios_and_the_corpus() {
    let mut got = Vec::new();
    let mut linted = 0;
    for (name, src) in all_programs() {
        let Ok(l) = lints(&src) else { continue };
        linted += 1;
        for l in l {
            got.push(format!("{name}: {} {} {}", l.kind.id(), l.line, l.func));
        }
    }
    eprintln!("{linted} programs linted");
    let want: &[&str] = &[
        // The goroutine's `for {}` (no calls): the chapter's tight loop, stopped only
        // by sysmon's async preemption. (`for { work() }` above it has a safe point.)
        "scenario tight-loop: cpu-loop 23 main.main",
        // The chapter's computeAll ends with its Sleep; main reads the package variable
        // `done` the goroutines add to. (compute-all-fixed waits on a WaitGroup.)
        "scenario compute-all: sleep-as-signal 40 main.computeAll",
        // `check`'s `for k := lo; k < hi; k++ { m[k] ... }`: 7,010 map lookups and no
        // call, a loop only an async preemption can stop (the lint is right).
        "corpus map_churn: cpu-loop 15 main.check",
        // An insertion sort's inner loop, `for j := len(keys) - 1; j > 0 && ...; j--`:
        // call-free with a count the lint cannot bound (here 4 keys: harmless, but the
        // lint judges the shape, and a long slice would be a loop sysmon must preempt).
        // Main sleeps so that the second reader is parked in RLock behind the
        // pending writer, then reads an atomic flag the reader would have set: a
        // G parked in RLock has no signal to wait on, so the program checks that
        // it did not get the lock after a generous sleep (real Go: 100 of 100).
        "corpus rwmutex_writer_preference: sleep-as-signal 72 main.main",
        "corpus spec_statements: cpu-loop 127 main.main",
    ];
    assert_eq!(got, want, "\n{}", got.join("\n"));
    // Judged and not fired: compute-all-fixed's `for !attempt(i, &tries) {
    // runtime.Gosched() }` (the condition does the work: not a flag check);
    // labels_switch's `for { i++; if i > 4 { break } }` and rt_nil_deref's `for n != nil
    // { n = n.next }` (the body ends the loop).
    assert!(linted >= 40, "only {linted} programs compiled");
}

/// What the page's "show me" relies on: a goroutine stopped in a call-free loop (its
/// budget spent at a taken branch, where an async preemption lands) is on a line of
/// the loop, the branch's target, not the line before the loop.
#[test]
fn a_goroutine_stopped_in_a_cpu_loop_is_on_the_loop_s_lines() {
    use gmp_core::{Config, Sim};
    let src = "package main\n\nimport \"time\"\n\nfunc main() {\n\tgo func() {\n\t\tx := 0\n\t\tfor {\n\t\t\tx++\n\t\t}\n\t}()\n\ttime.Sleep(time.Second)\n}\n";
    let l = found(src);
    assert_eq!((l[0].kind, l[0].line, l[0].end), (LintKind::CpuLoop, 8, 10));
    let prog = gmp_go::compile(src).unwrap();
    let cfg = Config {
        gomaxprocs: 1,
        keep_events: gmp_core::trace::Keep::None,
        ..Config::default()
    };
    let mut sim = Sim::new(prog.program(), cfg, 1).unwrap();
    sim.run_until(30_000_000, u64::MAX);
    let snap = sim.rt.snapshot();
    let g = snap
        .gs
        .iter()
        .find(|g| g.goid > 1 && g.line > 0 && g.kind != gmp_core::GKind::System)
        .expect("the looping goroutine");
    assert!((8..=10).contains(&g.line), "at line {}", g.line);
}

/// A spin on a flag another goroutine sets (`for !done {}`) is a CPU loop; a walk down a
/// list (`for n != nil { n = n.next }`) and a `for {` with a `break` are not.
#[test]
fn a_spin_on_a_flag_is_a_cpu_loop_and_a_walk_is_not() {
    let spin = "package main\n\nvar done bool\n\nfunc main() {\n\tgo func() { done = true }()\n\tfor !done {\n\t}\n}\n";
    assert_eq!(
        brief(&found(spin)),
        vec![("cpu-loop", 7, "main.main".into())]
    );
    let walk = "package main\n\nimport \"fmt\"\n\ntype node struct {\n\tv    int\n\tnext *node\n}\n\nfunc main() {\n\tn := &node{1, &node{2, nil}}\n\ts := 0\n\tfor n != nil {\n\t\ts += n.v\n\t\tn = n.next\n\t}\n\ti := 0\n\tfor {\n\t\ti++\n\t\tif i > 4 {\n\t\t\tbreak\n\t\t}\n\t}\n\tfmt.Println(s, i)\n}\n";
    assert_eq!(found(walk), vec![]);
}
