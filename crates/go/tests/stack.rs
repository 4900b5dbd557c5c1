//! The course's recursion example (`oracle/stack_growth/main.go`) compiled by the front
//! end copies its stack at the depths real Go does. The figures come from the frames
//! gc gives these functions on linux/amd64 (`go build -gcflags=-S`, Go 1.27.3):
//! `main.recurse` is `$272` (one level of the recursion inlined), `main.main` `$144`
//! (`recurse(0)` inlined), `runtime.main` `$288`. Real Go printed the same ten depths in
//! 10 of 10 runs.

use gmp_core::sim::Stop;
use gmp_core::{Config, Sim};

#[test]
fn recursion_copies_its_stack_at_gos_depths() {
    let src = include_str!("../../../oracle/stack_growth/main.go");
    let prog = gmp_go::compile(src).expect("compiles");
    let frames = prog.frames();
    let frame = |n: &str| frames.iter().find(|f| f.0 == n).map(|f| f.1);
    assert_eq!(
        frame("main.recurse"),
        Some(272 + 8),
        "gc's $272 plus the return address"
    );
    assert_eq!(
        frame("main.main"),
        Some(144 + 8),
        "gc's $144 plus the return address"
    );
    let cfg = Config {
        gomaxprocs: 1,
        keep_events: gmp_core::trace::Keep::None,
        ..Config::default()
    };
    let mut sim = Sim::new(prog.program(), cfg, 1).unwrap();
    assert!(matches!(
        sim.run_until(60_000_000_000, u64::MAX),
        Stop::Exited(_)
    ));
    let out = sim.rt.stdout_lines();
    let copies: Vec<&str> = out
        .iter()
        .filter_map(|l| l.strip_prefix("copy at depth "))
        .collect();
    assert_eq!(
        copies,
        ["21", "49", "107", "225", "459", "927", "1863", "3735", "7481", "14971"]
    );
}

#[test]
fn a_small_leaf_is_nosplit_and_a_caller_is_not() {
    // cmd/internal/obj/x86: a leaf whose frame is under StackSmall (128) has no stack
    // check; a function that calls has one.
    let src = "package main\n\nfunc leaf(x int) int { return x * 2 }\n\nfunc caller(n int) int {\n\tfor i := 0; i < n; i++ {\n\t\tn += leaf(i)\n\t}\n\tprintln(n)\n\treturn n\n}\n\nfunc main() { caller(3) }\n";
    let prog = gmp_go::compile(src).unwrap();
    let f = prog.frames();
    let get = |n: &str| f.iter().find(|x| x.0 == n).unwrap().2;
    assert!(get("main.leaf"));
    assert!(!get("main.caller"));
}
