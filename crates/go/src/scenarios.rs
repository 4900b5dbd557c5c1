//! Built-in scenarios from their Go source.
//!
//! Every built-in scenario is a Go file in `crates/go/programs/` (`gosched.go` ...), a
//! real program that `go run programs/gosched.go` builds and runs (the four that import
//! `gmp/explorer`, the explorer's outside world, build inside `tests/io`'s module with
//! its real-Go stand-in of that package). The file is the scenario:
//! its parameters are the `const ( ... )` block at its top, one constant a line,
//!
//! ```go
//! const (
//! 	goroutines = 2    // how many goroutines (named A, B, C, ...) [1, 26]
//! 	yield      = true // call runtime.Gosched after each label
//! 	work       = 50 * time.Millisecond // how long each one computes [0, 1h]
//! )
//! ```
//!
//! and the explorer reads each parameter's spec from it: the name, the default (the
//! value in the file), the help (the comment) and the bounds (`[lo, hi]`; a `true`/
//! `false` constant is a flag, an `N * time.Unit` one a duration). A run's parameters
//! (`p.goroutines=3` in a link, `gmp run gosched --set goroutines=3`) replace those
//! values ([`source`]), and that text is what the run compiles and what the learner
//! reads. A lesson's own program is read the same way ([`from_file`]).

use gmp_core::scenarios::{
    fmt_duration, parse_duration, Body, ParamKind, ParamSpec, Params, Scenario,
};
use std::sync::LazyLock;

/// A scenario written in Go: its registry line.
struct File {
    name: &'static str,
    summary: &'static str,
    source: &'static str,
    text: &'static str,
}

macro_rules! file {
    ($name:literal, $summary:literal, $source:literal) => {
        File {
            name: $name,
            summary: $summary,
            source: $source,
            text: include_str!(concat!("../programs/", $name, ".go")),
        }
    };
}

/// The scenarios written in Go (`programs/<name>.go`). Adding one is adding its file
/// and a line here.
const FILES: &[File] = &[
    file!(
        "playground",
        "an accept loop: each request it gets (the explorer's Spawn buttons) starts goroutines",
        "the explorer's own (seed 004's four scheduling events: go, syscalls, network, sync)"
    ),
    file!(
        "cpu-bound",
        "goroutines that only compute, more than there are Ps (the schedtrace example)",
        "seed 000 (reading a schedtrace line), experiment d"
    ),
    file!(
        "syscall",
        "blocking system calls beside CPU-bound goroutines: the P is handed off",
        "seed 004 (figures 6-8), experiment e"
    ),
    file!(
        "netpoll",
        "network reads beside CPU-bound goroutines: Gs park on the netpoller",
        "seed 004 (figures 3-5)"
    ),
    file!(
        "gosched",
        "GOMAXPROCS(1): goroutines A, B, ... record a label and call runtime.Gosched",
        "seed 000 (runtime.Gosched)"
    ),
    file!(
        "stack-growth",
        "the recursion example: addresses of a local jump when the stack is copied",
        "seeds 000, 003 (stack growth by copying)"
    ),
    file!(
        "tight-loop",
        "GOMAXPROCS(1): a goroutine spins in for {}; main sleeps 1 ms, then prints exit",
        "seed 003 (cooperative vs signal-based preemption)"
    ),
    file!(
        "compute-all",
        "the chapter's bug: unbounded goroutines spin-retrying, main guesses with Sleep",
        "seed 000 (find the bug)"
    ),
    file!(
        "compute-all-fixed",
        "the fix: a semaphore of GOMAXPROCS slots, Gosched between attempts, a WaitGroup",
        "seed 000 (find the bug, the fix)"
    ),
    file!(
        "spawn",
        "n trivial goroutines with a WaitGroup (the fan-out benchmark)",
        "experiment f"
    ),
    file!(
        "pingpong",
        "two goroutines bounce a value over unbuffered channels (runnext hand-offs)",
        "experiment j"
    ),
    file!(
        "deadlock",
        "main waits on a channel nobody sends on: checkdead reports a deadlock",
        "experiment g"
    ),
    file!(
        "m-life",
        "blocking reads take their M: handoffp starts a new M (newm), idle Ms park (stopm) and are woken",
        "seed 003 (Thread: newm, stopm)"
    ),
    file!(
        "idle-conns",
        "one goroutine per connection: idle keep-alive reads park on the netpoller, busy ones get the Ps",
        "seed 000 (net/http, one goroutine per connection)"
    ),
    file!(
        "procs-change",
        "runtime.GOMAXPROCS(n) mid-run: stopTheWorld, procresize, startTheWorld",
        "seed 003 (procresize)"
    ),
];

/// The order `gmp list` and the page's scenario menu show.
const ORDER: &[&str] = &[
    "playground",
    "gosched",
    "stack-growth",
    "tight-loop",
    "cpu-bound",
    "syscall",
    "netpoll",
    "compute-all",
    "compute-all-fixed",
    "spawn",
    "pingpong",
    "deadlock",
    "m-life",
    "idle-conns",
    "procs-change",
];

/// One constant of a file's parameter block, as written.
struct Const {
    name: &'static str,
    value: &'static str,
    comment: &'static str,
}

/// The lines of the first `const (` block: (index of its first line, its constants).
fn const_block(text: &'static str) -> Result<(usize, Vec<Const>), String> {
    let lines: Vec<&'static str> = text.lines().collect();
    let start = lines
        .iter()
        .position(|l| *l == "const (")
        .ok_or("no `const (` block")?;
    let mut out = vec![];
    for l in &lines[start + 1..] {
        if *l == ")" {
            return Ok((start + 1, out));
        }
        let (decl, comment) = l
            .split_once(" // ")
            .ok_or_else(|| format!("constant without a comment: {l:?}"))?;
        let (name, value) = decl
            .split_once('=')
            .ok_or_else(|| format!("not `name = value`: {l:?}"))?;
        out.push(Const {
            name: name.trim(),
            value: value.trim(),
            comment: comment.trim(),
        });
    }
    Err("the `const (` block does not end".into())
}

/// Nanoseconds of `N * time.Unit` (or `0`).
fn go_duration(v: &str) -> Option<u64> {
    if v == "0" {
        return Some(0);
    }
    let (n, unit) = v.split_once(" * ")?;
    let n: u64 = n.parse().ok()?;
    let u = UNITS.iter().find(|(_, name)| *name == unit)?.0;
    n.checked_mul(u)
}

const UNITS: &[(u64, &str)] = &[
    (3_600_000_000_000, "time.Hour"),
    (60_000_000_000, "time.Minute"),
    (1_000_000_000, "time.Second"),
    (1_000_000, "time.Millisecond"),
    (1_000, "time.Microsecond"),
    (1, "time.Nanosecond"),
];

/// A duration as a Go constant expression, in the largest unit that is exact.
fn go_duration_text(ns: u64) -> String {
    let (u, name) = UNITS
        .iter()
        .find(|(u, _)| ns % u == 0)
        .copied()
        .unwrap_or((1, "time.Nanosecond"));
    if ns == 0 {
        return "0 * time.Millisecond".into();
    }
    format!("{} * {name}", ns / u)
}

/// A parameter's spec from its constant: `[lo, hi]` at the end of the comment bounds
/// a count or a duration; a `true`/`false` value is a flag.
fn spec(c: &Const) -> Result<ParamSpec, String> {
    let what = |e: &str| format!("constant {}: {e}", c.name);
    let (help, bounds) = match c
        .comment
        .strip_suffix(']')
        .and_then(|s| s.rsplit_once(" ["))
    {
        Some((help, b)) => {
            let (lo, hi) = b
                .split_once(", ")
                .ok_or_else(|| what("bounds are `[lo, hi]`"))?;
            (help, Some((lo, hi)))
        }
        None => (c.comment, None),
    };
    // `0` reads as a duration too: with whole-number bounds it is a count.
    let count_bounds =
        bounds.is_some_and(|(lo, hi)| lo.parse::<u64>().is_ok() && hi.parse::<u64>().is_ok());
    let (default, kind): (&'static str, ParamKind) = if c.value == "true" || c.value == "false" {
        if bounds.is_some() {
            return Err(what("a flag has no bounds"));
        }
        (c.value, ParamKind::Bool)
    } else if let Some(ns) = go_duration(c.value).filter(|_| !(c.value == "0" && count_bounds)) {
        let (lo, hi) = bounds.ok_or_else(|| what("a duration needs `[lo, hi]`"))?;
        let lo = parse_duration(lo).map_err(|e| what(&e))?;
        let hi = parse_duration(hi).map_err(|e| what(&e))?;
        let d: &'static str = Box::leak(fmt_duration(ns).into_boxed_str());
        (d, ParamKind::Duration(lo, hi))
    } else if let Ok(n) = c.value.parse::<u64>() {
        let (lo, hi) = bounds.ok_or_else(|| what("a count needs `[lo, hi]`"))?;
        let lo: u64 = lo.parse().map_err(|_| what("bad lower bound"))?;
        let hi: u64 = hi.parse().map_err(|_| what("bad upper bound"))?;
        if !(lo..=hi).contains(&n) {
            return Err(what("the value is outside its bounds"));
        }
        (c.value, ParamKind::Count(lo, hi))
    } else {
        return Err(what(
            "the value is not a whole number, `N * time.Unit` or true/false",
        ));
    };
    Ok(ParamSpec {
        name: c.name,
        default,
        help,
        kind,
    })
}

fn parse(f: &File) -> Result<Scenario, String> {
    let (_, consts) = const_block(f.text)?;
    let params: Vec<ParamSpec> = consts.iter().map(spec).collect::<Result<_, _>>()?;
    Ok(Scenario {
        name: f.name,
        summary: f.summary,
        source: f.source,
        params: Box::leak(params.into_boxed_slice()),
        body: Body::Source(f.text),
    })
}

/// A Go file outside the built-in scenarios (a lesson's own `lessons/<id>/main.go`, a
/// file `gmp run main.go --set k=v` is given), read as a scenario's file is: its
/// parameters are its first `const ( ... )` block, with the same rules. `name` is what
/// messages call it (the file's path). The specs are kept for the program's life, so
/// read each file once.
pub fn from_file(
    name: &'static str,
    summary: &'static str,
    source: &'static str,
    text: &'static str,
) -> Result<Scenario, String> {
    parse(&File {
        name,
        summary,
        source,
        text,
    })
}

/// The Go-written scenarios, their specs read from their files once.
static GO: LazyLock<Vec<Scenario>> = LazyLock::new(|| {
    FILES
        .iter()
        .map(|f| parse(f).unwrap_or_else(|e| panic!("programs/{}.go: {e}", f.name)))
        .collect()
});

/// Every built-in scenario, in the menu's order.
pub fn all() -> Vec<&'static Scenario> {
    ORDER.iter().filter_map(|n| find(n)).collect()
}

/// Looks a built-in scenario up by name.
pub fn find(name: &str) -> Option<&'static Scenario> {
    GO.iter().find(|s| s.name == name)
}

/// Whether the scenario is a Go file this front end compiles.
pub fn from_go(s: &Scenario) -> bool {
    matches!(s.body, Body::Source(_))
}

/// The file of a Go-written scenario as it is in the repository.
pub fn file(name: &str) -> Option<&'static str> {
    FILES.iter().find(|f| f.name == name).map(|f| f.text)
}

/// Where a Go-written scenario's file lives (for messages and `gmp show`).
pub fn path(name: &str) -> Option<String> {
    file(name).map(|_| format!("crates/go/programs/{name}.go"))
}

/// The Go program of a scenario with `p`'s values: its Go file with its constants set
/// to them (what the run compiles), or the Go text an op list models (a core workload).
pub fn source(s: &Scenario, p: &Params) -> String {
    let Body::Source(text) = s.body else {
        return s.go_source(p).unwrap_or_default();
    };
    let (first, consts) = const_block(text).expect("checked when the registry was read");
    let values: Vec<String> = consts
        .iter()
        .zip(s.params)
        .map(|(c, spec)| {
            let v = p.get(spec.name).unwrap_or(spec.default);
            match spec.kind {
                ParamKind::Count(..) => v
                    .parse::<u64>()
                    .map(|n| n.to_string())
                    .unwrap_or_else(|_| c.value.into()),
                ParamKind::Duration(..) => parse_duration(v)
                    .map(go_duration_text)
                    .unwrap_or_else(|_| c.value.into()),
                ParamKind::Bool => (v == "true").to_string(),
            }
        })
        .collect();
    // Laid out as gofmt lays a const block out: names, `=` and comments in columns.
    let wn = consts.iter().map(|c| c.name.len()).max().unwrap_or(0);
    let wv = values.iter().map(|v| v.len()).max().unwrap_or(0);
    let mut out = String::with_capacity(text.len() + 64);
    for (i, line) in text.split_inclusive('\n').enumerate() {
        match i
            .checked_sub(first)
            .and_then(|k| consts.get(k).map(|c| (k, c)))
        {
            Some((k, c)) => {
                out.push_str(&format!(
                    "\t{:wn$} = {:wv$} // {}\n",
                    c.name, values[k], c.comment
                ));
            }
            None => out.push_str(line),
        }
    }
    out
}

/// The program a scenario runs: its Go file with `p`'s values compiled (or a core
/// workload's op list).
pub fn program(s: &Scenario, p: &Params) -> Result<gmp_core::Program, String> {
    if let Some(ops) = s.program(p) {
        return Ok(ops);
    }
    let src = source(s, p);
    crate::compile(&src).map(|c| c.program()).map_err(|d| {
        let lines: Vec<String> = d.iter().map(|d| d.to_string()).collect();
        format!("scenario {}: {}", s.name, lines.join("; "))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every file's parameter block reads, and its defaults written back give the file
    /// unchanged: the spec is the file's, and the layout is gofmt's.
    #[test]
    fn each_file_is_its_own_default_source() {
        for f in FILES {
            let s = find(f.name).unwrap();
            assert!(from_go(s));
            let p = s.params(&[]).unwrap();
            assert_eq!(source(s, &p), f.text, "programs/{}.go", f.name);
            assert!(!s.params.is_empty(), "{}: no parameters", f.name);
        }
        let names: Vec<&str> = all().iter().map(|s| s.name).collect();
        assert_eq!(names, ORDER, "every scenario is in the menu once");
    }

    #[test]
    fn parameters_replace_the_constants() {
        let s = find("compute-all").unwrap();
        let p = s
            .params(&[
                ("n".into(), "40".into()),
                ("attempt".into(), "1.5ms".into()),
                ("sleep".into(), "500ms".into()),
            ])
            .unwrap();
        let src = source(s, &p);
        assert!(
            src.contains("\tn        = 40                      // goroutines"),
            "{src}"
        );
        assert!(
            src.contains("\tattempt  = 1500 * time.Microsecond // CPU time"),
            "{src}"
        );
        assert!(
            src.contains("\tsleep    = 500 * time.Millisecond  // main's"),
            "{src}"
        );
        let s = find("gosched").unwrap();
        let p = s.params(&[("yield".into(), "false".into())]).unwrap();
        assert!(source(s, &p).contains("\tyield      = false // call runtime.Gosched"));
    }

    /// The specs read from the files give the messages the page and `gmp` show.
    #[test]
    fn bad_parameters_get_specific_messages() {
        let s = find("gosched").unwrap();
        let e = s
            .params(&[("goroutnes".into(), "3".into())])
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("no parameter \"goroutnes\"") && e.contains("goroutines"),
            "{e}"
        );
        let e = s
            .params(&[("goroutines".into(), "27".into())])
            .unwrap_err()
            .to_string();
        assert_eq!(e, "goroutines=27 is out of range: use 1 to 26");
        let e = s
            .params(&[("yield".into(), "maybe".into())])
            .unwrap_err()
            .to_string();
        assert!(e.contains("true or false"), "{e}");
        let s = find("tight-loop").unwrap();
        let e = s
            .params(&[("sleep".into(), "2h".into())])
            .unwrap_err()
            .to_string();
        assert_eq!(e, "sleep=2h is out of range: use 0ns to 3600s");
        let spec = &s.params[1];
        assert_eq!(
            (spec.name, spec.default, spec.help),
            ("sleep", "1ms", "how long main sleeps")
        );
    }

    /// A file outside the registry (a lesson's own main.go) reads as a scenario's does:
    /// its constants are its parameters, written back by `source`, compiled by `program`.
    #[test]
    fn a_file_outside_the_registry_is_a_scenario_too() {
        const TEXT: &str = "package main\n\nimport \"fmt\"\n\nconst (\n\tn = 2 // how many [1, 9]\n)\n\nfunc main() { fmt.Println(n) }\n";
        let s = from_file("lessons/x/main.go", "", "", TEXT).unwrap();
        assert!(from_go(&s));
        assert_eq!(s.params[0].name, "n");
        assert_eq!(source(&s, &s.params(&[]).unwrap()), TEXT);
        let p = s.params(&[("n".into(), "7".into())]).unwrap();
        assert!(source(&s, &p).contains("\tn = 7 // how many [1, 9]\n"));
        assert!(program(&s, &p).is_ok());
        let e = s
            .params(&[("m".into(), "1".into())])
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("lessons/x/main.go has no parameter \"m\""),
            "{e}"
        );
        assert_eq!(
            from_file("x.go", "", "", "package main\n").err().unwrap(),
            "no `const (` block"
        );
    }

    #[test]
    fn malformed_parameter_blocks_are_named() {
        let bad = |text: &'static str| {
            parse(&File {
                name: "x",
                summary: "",
                source: "",
                text,
            })
            .err()
            .unwrap()
        };
        assert_eq!(bad("package main\n"), "no `const (` block");
        assert!(bad("const (\n\tn = 3 // count\n)\n").contains("a count needs `[lo, hi]`"));
        assert!(bad("const (\n\tn = 3\n)\n").contains("constant without a comment"));
        assert!(bad("const (\n\tn = 30 // count [1, 9]\n)\n").contains("outside its bounds"));
        // A count whose default is 0 is a count, not a duration.
        let zero = |text: &'static str| {
            parse(&File {
                name: "x",
                summary: "",
                source: "",
                text,
            })
            .unwrap()
            .params[0]
                .kind
        };
        assert_eq!(
            zero("const (\n\tn = 0 // count [0, 9]\n)\n"),
            ParamKind::Count(0, 9)
        );
        assert_eq!(
            zero("const (\n\td = 0 // wait [0, 1s]\n)\n"),
            ParamKind::Duration(0, 1_000_000_000)
        );
    }
}
