//! The heap budget (`gmp_go::heap`, issue 27): a program's values may take only so much
//! of the explorer's memory, and one over it ends as Go's does when the OS refuses it
//! memory (`malloc.go: sysMap` → `throw("runtime: out of memory")`, exit status 2), with
//! the explorer's reason beside Go's text. The programs are `tests/heap/*/main.go`;
//! those that end have real Go's output in `real.txt` (`record.sh`).
//!
//! This test binary installs the counting allocator, as the CLI and the page do. The
//! budget is the process's, so everything runs in one test, one program at a time.

#[global_allocator]
static ALLOC: gmp_go::heap::Counting = gmp_go::heap::Counting;

use gmp_go::heap;

struct Run {
    stdout: String,
    stderr: String,
    code: i32,
}

fn program(name: &str) -> String {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/heap");
    std::fs::read_to_string(dir.join(name).join("main.go")).unwrap()
}

fn real(name: &str) -> String {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/heap");
    let t = std::fs::read_to_string(dir.join(name).join("real.txt")).unwrap();
    t.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// `name` run to its end by the deterministic driver at GOMAXPROCS=1.
fn run(name: &str) -> Run {
    let prog = gmp_go::compile(&program(name)).unwrap_or_else(|d| panic!("{name}: {}", d[0]));
    let cfg = gmp_core::Config {
        gomaxprocs: 1,
        keep_events: gmp_core::trace::Keep::None,
        ..gmp_core::Config::default()
    };
    let mut sim = gmp_core::Sim::new(prog.program(), cfg, 1).unwrap();
    let stop = sim.run_until(600_000_000_000, u64::MAX);
    let gmp_core::sim::Stop::Exited(code) = stop else {
        panic!("{name}: {stop:?}")
    };
    let mut stdout = String::new();
    for l in sim.rt.stdout_lines() {
        stdout.push_str(&l);
        stdout.push('\n');
    }
    let stderr = sim.rt.exit_status().map(|x| x.stderr).unwrap_or_default();
    Run {
        stdout,
        stderr,
        code,
    }
}

fn whole(r: &Run) -> String {
    format!("{}{}--exit {}\n", r.stdout, r.stderr, r.code)
}

#[test]
fn a_program_over_the_budget_ends_as_go_out_of_memory_and_the_memory_comes_back() {
    heap::set_budget(256 << 20);
    let before = heap::live();
    assert!(before < 64 << 20, "{before} bytes live at the start");

    // Keeping every 1 MB slice: stopped at the budget with Go's fatal error, which no
    // deferred recover stops.
    let r = run("bomb");
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(heap::is_out_of_memory(&r.stderr), "{}", r.stderr);
    assert!(
        r.stderr.starts_with(
            "fatal error: runtime: out of memory\n\n(the explorer's budget for a program's memory is 256 MB: "
        ),
        "{}",
        r.stderr
    );
    assert!(r.stdout.starts_with("slices kept: 1\n"), "{}", r.stdout);
    assert!(!r.stdout.contains("recovered"), "{}", r.stdout);
    // Each 1 MB []byte takes 1 MB here (`raw.rs`): it got to about the 250th.
    let kept = r.stdout.lines().count();
    assert!(kept >= 5, "{}", r.stdout);
    // The run is gone: its memory is given back, and a next run has the whole budget.
    assert!(
        heap::live() < before + (32 << 20),
        "{} MB live after the run (before: {} MB)",
        heap::live() >> 20,
        before >> 20
    );

    // The same for a string that doubles: the concatenation meets the budget.
    let r = run("string_bomb");
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(heap::is_out_of_memory(&r.stderr), "{}", r.stderr);
    assert!(r.stdout.starts_with("length 4\n"), "{}", r.stdout);

    // A 100 MB []byte is 100 MB here too (a byte an element, `raw.rs`): it fits the
    // 256 MB budget and prints what real Go prints.
    let r = run("big_make");
    assert_eq!(whole(&r), real("big_make"));
    assert_eq!(real("big_make"), "104857600 7\n--exit 0\n");

    // A single allocation larger than the budget is refused before it is made (real Go
    // allocates it: a refusal, said as one).
    heap::set_budget(64 << 20);
    let r = run("big_make");
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("and this allocation asks for 100 MB more"),
        "{}",
        r.stderr
    );
    assert_eq!(r.stdout, "");
    heap::set_budget(256 << 20);

    // Past maxAlloc it is Go's panic, which recover stops, as in real Go.
    let r = run("len_out_of_range");
    assert_eq!(whole(&r), real("len_out_of_range"));

    // Garbage is given back while the program runs: 2,000 64 KB slices (128 MB in all) and 400,000 structs fit a 64 MB budget, and print what real
    // Go prints.
    heap::set_budget(64 << 20);
    let r = run("garbage");
    assert_eq!(whole(&r), real("garbage"));
}
