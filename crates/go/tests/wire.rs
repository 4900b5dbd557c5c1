//! A compiled program survives its trip through bytes (`gmp_go::wire`, how the page
//! gets the built-in programs compiled at build time and a learner's from its compiler
//! module): decoded, it encodes to the same bytes and runs exactly as the program the
//! front end made, step for step; and bytes that are not such a program are refused
//! with a message, never a panic.

mod common;

use std::sync::Arc;

use gmp_core::sim::Stop;
use gmp_core::{Config, Sim};
use gmp_go::wire;

/// Everything a run shows that the code decides: output, exit, the clock and the
/// number of scheduler steps.
fn run(p: &Arc<gmp_go::GoProgram>) -> String {
    let cfg = Config {
        gomaxprocs: 2,
        keep_events: gmp_core::trace::Keep::None,
        ..Config::default()
    };
    let mut sim = Sim::new(p.program(), cfg, 7).expect("runtime starts");
    let mut steps = 0u64;
    let stop = loop {
        if steps == 50_000 || sim.now() > 2_000_000_000 {
            break None;
        }
        steps += 1;
        if let Some(s) = sim.step() {
            break Some(s);
        }
    };
    let exit = match stop {
        Some(Stop::Exited(_)) => {
            format!("{:?}", sim.rt.exit_status().map(|s| (s.code, s.stderr)))
        }
        other => format!("{other:?}"),
    };
    format!(
        "{}\n--stderr {:?}\n--{exit} at {} ns after {} steps",
        sim.rt.stdout_lines().join("\n"),
        sim.rt.stderr_lines(),
        sim.now(),
        steps
    )
}

fn sources() -> Vec<(String, String)> {
    let mut out = vec![];
    for sc in gmp_go::scenarios::all() {
        let p = sc.params(&[]).unwrap();
        out.push((sc.name.to_string(), gmp_go::scenarios::source(sc, &p)));
    }
    let (dir, names) = common::program_dirs("corpus");
    for n in names {
        let src = std::fs::read_to_string(dir.join(&n).join("main.go")).unwrap();
        out.push((format!("corpus/{n}"), src));
    }
    out
}

#[test]
fn decoded_programs_encode_alike_and_run_alike() {
    let all = sources();
    assert!(
        all.len() > 40,
        "the scenarios and the corpus: {}",
        all.len()
    );
    for (name, src) in &all {
        let Ok(p) = gmp_go::compile(src) else {
            continue; // the corpus's programs that do not compile are compile_errors' business
        };
        let bytes = wire::encode(&p);
        let q = Arc::new(wire::decode(&bytes).unwrap_or_else(|e| panic!("{name}: {e}")));
        assert_eq!(wire::encode(&q), bytes, "{name}: re-encoded");
        assert_eq!(q.lints, p.lints, "{name}: lints");
        assert_eq!(q.frames(), p.frames(), "{name}: frame sizes");
        assert_eq!(
            run(&q),
            run(&p),
            "{name}: the decoded program runs otherwise"
        );
    }
}

#[test]
fn compile_errors_travel_as_go_build_printed_them() {
    let src = "package main\n\nfunc main() {\n\tx := 1\n\tundefinedThing()\n}\n";
    let r = gmp_go::compile(src).map(|_| ());
    let want = r.unwrap_err();
    let bytes = wire::encode_result(&gmp_go::compile(src));
    match wire::decode_result(&bytes).unwrap() {
        Err(d) => assert_eq!(d, want),
        Ok(_) => panic!("errors decoded as a program"),
    }
    assert_eq!(
        want[0].to_string(),
        "./main.go:4:2: declared and not used: x"
    );
}

#[test]
fn bad_bytes_are_refused_without_a_panic() {
    let src = gmp_go::scenarios::file("pingpong").unwrap();
    let bytes = wire::encode(&gmp_go::compile(src).unwrap());
    assert!(wire::decode(b"").err().unwrap().contains("not a compiled"));
    let mut other = bytes.clone();
    other[4] = 99;
    assert!(wire::decode(&other).err().unwrap().contains("format 99"));
    // Every truncation fails with a message.
    for n in (0..bytes.len()).step_by(7) {
        assert!(wire::decode(&bytes[..n]).is_err(), "cut at {n}");
    }
    // Changed bytes decode or are refused; neither panics.
    let mut x = 0x9e37_79b9_u32;
    for _ in 0..3_000 {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        let mut b = bytes.clone();
        let at = x as usize % b.len();
        b[at] ^= (x >> 24) as u8 | 1;
        let _ = wire::decode(&b);
    }
}

/// A program carries bodies only for the code it can run (`gmp_go::reach`, after the
/// library declarations no name reaches were left out: `prune`): a program
/// that only prints has no body for `fmt.Errorf` (nor for `net`), and one that makes
/// an error with it has; both run as real Go prints them (the corpus runs pruned
/// programs too).
#[test]
fn only_reachable_code_keeps_its_body() {
    let body = |src: &str, name: &str| {
        // A function nothing reaches has no body (`reach`), or is not there at all
        // (the library declarations nothing names are not compiled: `prune`).
        let p = gmp_go::compile(src).unwrap();
        let f = p.prog.funcs.iter().find(|f| f.name == name);
        f.is_some_and(|f| !matches!(f.code.as_slice(), [gmp_go::vm::I::Trap(_)]))
    };
    let hello = "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"hi\")\n}\n";
    assert!(!body(hello, "fmt.Errorf"));
    assert!(body(hello, "main.main"));
    let errs = "package main\n\nimport \"fmt\"\n\nfunc main() {\n\terr := fmt.Errorf(\"x %w\", fmt.Errorf(\"y\"))\n\tfmt.Println(err)\n}\n";
    assert!(body(errs, "fmt.Errorf"));
    // The methods of a type that reaches an interface are kept (fmt calls Error).
    assert!(body(errs, "fmt.(*wrapError).Error"));
    let bytes = |src: &str| gmp_go::wire::encode(&gmp_go::compile(src).unwrap()).len();
    assert!(
        bytes(hello) < bytes(errs),
        "{} {}",
        bytes(hello),
        bytes(errs)
    );
}
