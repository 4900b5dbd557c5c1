//! The `gmp` command as a user runs it: output, exit status and messages.
//!
//! Exit status: the program's (0; 2 after a fatal error, like Go), 3 when `--max-time`
//! stops a run that does not end, 64 for a usage error.

use std::path::PathBuf;
use std::process::{Command, Output};

/// Runs gmp with `GOMAXPROCS=2` in its environment, so that runs without `--procs` do
/// not depend on the machine's CPU count.
fn gmp(args: &[&str]) -> Output {
    gmp_env(args, Some("2"))
}

fn gmp_env(args: &[&str], gomaxprocs: Option<&str>) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_gmp"));
    c.args(args);
    match gomaxprocs {
        Some(v) => c.env("GOMAXPROCS", v),
        None => c.env_remove("GOMAXPROCS"),
    };
    c.output().expect("cannot run gmp")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[track_caller]
fn assert_status(o: &Output, code: i32) {
    assert_eq!(
        o.status.code(),
        Some(code),
        "exit status\nstdout:\n{}\nstderr:\n{}",
        stdout(o),
        stderr(o)
    );
}

/// A usage error: exit 64, and stderr says what was wrong.
#[track_caller]
fn assert_usage_error(args: &[&str], message: &str) {
    let o = gmp(args);
    assert_status(&o, 64);
    let err = stderr(&o);
    assert!(
        err.starts_with("gmp: ") && err.contains(message),
        "gmp {args:?}: expected {message:?} in stderr:\n{err}"
    );
    assert!(
        err.contains("usage:"),
        "gmp {args:?}: no usage text:\n{err}"
    );
    assert!(stdout(&o).is_empty(), "gmp {args:?}: printed on stdout");
}

#[test]
fn gosched_prints_what_go_prints() {
    let o = gmp(&["run", "gosched"]);
    assert_status(&o, 0);
    assert_eq!(stdout(&o), "[B0 A0 B1 A1 B2 A2]\n");
}

#[test]
fn gosched_on_the_live_driver_prints_the_same() {
    let o = gmp(&["run", "gosched", "--driver", "live"]);
    assert_status(&o, 0);
    assert_eq!(stdout(&o), "[B0 A0 B1 A1 B2 A2]\n");
}

#[test]
fn deadlock_is_a_fatal_error_with_status_2() {
    let o = gmp(&["run", "deadlock"]);
    assert_status(&o, 2);
    let err = stderr(&o);
    assert!(
        err.contains("fatal error: all goroutines are asleep - deadlock!"),
        "{err}"
    );
    assert!(err.contains("goroutine 1 [chan receive]:"), "{err}");
}

#[test]
fn a_loop_that_never_yields_is_stopped_and_explained() {
    let o = gmp(&[
        "run",
        "tight-loop",
        "--asyncpreemptoff",
        "--max-time",
        "200ms",
    ]);
    assert_status(&o, 3);
    let err = stderr(&o);
    assert!(err.contains("stopped after 200ms"), "{err}");
    assert!(err.contains("P0 is held by goroutine"), "{err}");
    // Named as Go names the function (the `go func()` in main), at its loop's line (23).
    assert!(err.contains("(main.main.func1, at line 23)"), "{err}");
    assert!(err.contains("without yielding"), "{err}");
    assert!(err.contains("asyncpreemptoff=1"), "{err}");
    // main never got to print "exit".
    assert!(
        !err.contains("\nexit\n") && !err.starts_with("exit"),
        "{err}"
    );
}

#[test]
fn trace_writes_chrome_json() {
    let path: PathBuf =
        std::env::temp_dir().join(format!("gmp-cli-test-trace-{}.json", std::process::id()));
    let o = gmp(&["run", "gosched", "--trace", path.to_str().unwrap()]);
    assert_status(&o, 0);
    let json = std::fs::read_to_string(&path).expect("no trace file written");
    let _ = std::fs::remove_file(&path);
    assert!(
        json.contains("\"traceEvents\""),
        "{}",
        &json[..json.len().min(200)]
    );
    assert!(json.trim_start().starts_with('{') && json.trim_end().ends_with('}'));
}

#[test]
fn bad_input_gets_status_64_and_a_specific_message() {
    assert_usage_error(
        &["run", "nosuch"],
        "unknown scenario \"nosuch\"; try one of:",
    );
    assert_usage_error(
        &["run", "gosched", "--procs", "0"],
        "--procs \"0\": GOMAXPROCS must be a whole number from 1 to 256",
    );
    assert_usage_error(
        &["run", "gosched", "--procs", "100000"],
        "--procs \"100000\": GOMAXPROCS must be a whole number from 1 to 256",
    );
    assert_usage_error(
        &["run", "gosched", "--seed", "abc"],
        "--seed \"abc\": expected a whole number",
    );
    assert_usage_error(
        &["run", "gosched", "--set", "nosuch=1"],
        "scenario gosched has no parameter \"nosuch\"; it takes: goroutines",
    );
    assert_usage_error(
        &["run", "cpu-bound", "--set", "goroutines=0"],
        "goroutines=0 is out of range: use 1 to 100000",
    );
    assert_usage_error(
        &["run", "gosched", "--max-time", "ten"],
        "--max-time: invalid duration \"ten\"",
    );
    assert_usage_error(
        &["run", "gosched", "--max-heap", "lots"],
        "--max-heap \"lots\": expected a size like 512MB or 2GB",
    );
    assert_usage_error(
        &["run", "gosched", "--max-heap", "1MB"],
        "--max-heap \"1MB\": the budget must be at least 16MB",
    );
    assert_usage_error(&["run"], "missing scenario name");
    assert_usage_error(&["frobnicate"], "unknown command \"frobnicate\"");
}

#[test]
fn list_names_every_scenario() {
    let o = gmp(&["list"]);
    assert_status(&o, 0);
    let out = stdout(&o);
    let listed: Vec<&str> = out
        .lines()
        .filter(|l| !l.starts_with(' '))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    let want: Vec<&str> = gmp_go::scenarios::all().iter().map(|s| s.name).collect();
    assert_eq!(listed, want);
    for s in gmp_go::scenarios::all() {
        assert!(out.contains(s.summary), "summary of {} missing", s.name);
        for p in s.params {
            assert!(
                out.contains(&format!("--set {}=", p.name)),
                "{}: parameter {} missing",
                s.name,
                p.name
            );
        }
    }
}

#[test]
fn schedtrace_lines_go_to_stderr() {
    let o = gmp(&[
        "run",
        "cpu-bound",
        "--schedtrace",
        "20",
        "--set",
        "work=50ms",
    ]);
    assert_status(&o, 0);
    assert_eq!(stdout(&o), "done\n");
    let err = stderr(&o);
    let sched: Vec<&str> = err.lines().filter(|l| l.starts_with("SCHED ")).collect();
    assert!(
        sched
            .first()
            .is_some_and(|l| l.starts_with("SCHED 0ms: gomaxprocs=2 ")),
        "{err}"
    );
    assert!(
        sched.len() >= 10,
        "only {} schedtrace lines:\n{err}",
        sched.len()
    );
    // The second line comes one period after the first, a little late: `proc.go: sysmon`
    // checks the period only when it wakes (oracle/schedtrace_timing with schedtrace=20:
    // 24-28 ms in 20/20 real runs).
    let second: i64 = sched[1]["SCHED ".len()..sched[1].find("ms:").unwrap()]
        .parse()
        .unwrap();
    assert!((20..=30).contains(&second), "{err}");
}

/// `proc.go: schedinit` and `defaultGOMAXPROCS`: without `--procs`, a positive `GOMAXPROCS` variable sets the
/// P count; anything else is ignored (with a note from gmp) and Go's default is used.
#[test]
fn gomaxprocs_comes_from_the_environment_like_go() {
    // GOMAXPROCS as the first schedtrace line reports it.
    let procs = |o: &Output| -> u32 {
        let err = stderr(o);
        err.lines()
            .find_map(|l| l.strip_prefix("SCHED 0ms: gomaxprocs="))
            .and_then(|rest| rest.split(' ').next()?.parse().ok())
            .unwrap_or_else(|| panic!("no schedtrace line in:\n{err}"))
    };
    const RUN: [&str; 6] = ["run", "cpu-bound", "--set", "work=5ms", "--schedtrace", "1"];
    let o = gmp_env(&RUN, Some("3"));
    assert_status(&o, 0);
    assert_eq!(procs(&o), 3);
    // --procs wins over the variable.
    let o = gmp_env(&[&RUN[..], &["--procs", "1"]].concat(), Some("3"));
    assert_eq!(procs(&o), 1);
    // Not a positive number: ignored, with a note, and the run goes on.
    let o = gmp_env(&RUN, Some("zero"));
    assert_status(&o, 0);
    assert!(
        stderr(&o).contains("ignoring GOMAXPROCS=\"zero\""),
        "{}",
        stderr(&o)
    );
    assert_eq!(stdout(&o), "done\n");
    // Beyond what the model holds: a usage error naming the variable.
    let o = gmp_env(&["run", "gosched"], Some("5000"));
    assert_status(&o, 64);
    assert!(stderr(&o).contains("GOMAXPROCS=5000"), "{}", stderr(&o));
    // Unset: Go's default for this machine, at least 1.
    let o = gmp_env(&RUN, None);
    assert_status(&o, 0);
    assert!((1..=256).contains(&procs(&o)));
}

fn write_go(name: &str, src: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gmp-cli-test-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("main.go");
    std::fs::write(&f, src).unwrap();
    f
}

#[test]
fn a_go_file_runs_and_exits_with_gos_status() {
    let f = write_go(
        "exit",
        "package main\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n\nfunc main() {\n\tfmt.Print(\"no newline, \")\n\tfmt.Println(\"then one\")\n\tprintln(\"to stderr\")\n\tos.Exit(4)\n}\n",
    );
    let o = gmp(&["run", f.to_str().unwrap()]);
    assert_status(&o, 4);
    assert_eq!(stdout(&o), "no newline, then one\n");
    assert!(stderr(&o).contains("to stderr"), "{}", stderr(&o));
}

/// A Go file's first `const ( ... )` block is its parameters, as a scenario's file's is
/// (a lesson's own `lessons/<id>/main.go`): `--set` writes the values into it.
#[test]
fn set_writes_a_go_files_constants() {
    let f = write_go(
        "set",
        "package main\n\nimport \"fmt\"\n\nconst (\n\tn    = 2    // how many [1, 9]\n\tloud = true // shout\n)\n\nfunc main() {\n\tfor i := 0; i < n; i++ {\n\t\tfmt.Println(i, loud)\n\t}\n}\n",
    );
    let path = f.to_str().unwrap();
    let o = gmp(&["run", path]);
    assert_status(&o, 0);
    assert_eq!(stdout(&o), "0 true\n1 true\n");
    let o = gmp(&["run", path, "--set", "n=3", "--set", "loud=false"]);
    assert_status(&o, 0);
    assert_eq!(stdout(&o), "0 false\n1 false\n2 false\n");
    let o = gmp(&["show", path, "--set", "n=3"]);
    assert_status(&o, 0);
    assert!(
        stdout(&o).contains("\tn    = 3    // how many [1, 9]\n"),
        "{}",
        stdout(&o)
    );
    assert_usage_error(
        &["run", path, "--set", "n=10"],
        "n=10 is out of range: use 1 to 9",
    );
    let bare = write_go("set-bare", "package main\n\nfunc main() {}\n");
    assert_usage_error(
        &["run", bare.to_str().unwrap(), "--set", "n=1"],
        "--set needs the file's parameters: no `const (` block",
    );
}

#[test]
fn check_prints_compile_errors_as_go_build_does() {
    // go build prints: # command-line-arguments / ./main.go:4:2: undefined: x
    let f = write_go("check", "package main\n\nfunc main() {\n\tx = 1\n}\n");
    let o = Command::new(env!("CARGO_BIN_EXE_gmp"))
        .args(["check", "main.go"])
        .current_dir(f.parent().unwrap())
        .output()
        .unwrap();
    assert_status(&o, 1);
    assert_eq!(
        stderr(&o),
        "# command-line-arguments\n./main.go:4:2: undefined: x\n"
    );
}

#[test]
fn godebug_from_the_environment_turns_on_schedtrace() {
    let f = write_go(
        "godebug",
        "package main\n\nimport \"time\"\n\nfunc main() { time.Sleep(50 * time.Millisecond) }\n",
    );
    let o = Command::new(env!("CARGO_BIN_EXE_gmp"))
        .args(["run", f.to_str().unwrap(), "--procs", "2"])
        .env("GODEBUG", "schedtrace=20")
        .output()
        .unwrap();
    assert_status(&o, 0);
    // proc.go: schedtrace's first line comes on sysmon's first loop, at 0ms.
    assert!(
        stderr(&o).starts_with("SCHED 0ms: gomaxprocs=2"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn gctrace_from_godebug() {
    // GODEBUG=gctrace=1 as the runtime reads it: one line per cycle on stderr, Go's
    // format (mgc.go: gcMarkTermination), "(forced)" for runtime.GC() cycles. Real Go
    // 1.27.3 at GOMAXPROCS=1 printed, in 10 of 10 runs, for this program (oracle/gc_goid)
    // two lines ending "0->0->0 MB, 4 MB goal, 0 MB stacks, 0 MB globals, 1 P (forced)".
    let f = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../oracle/gc_goid/main.go");
    let o = Command::new(env!("CARGO_BIN_EXE_gmp"))
        .args(["run", f.to_str().unwrap(), "--procs", "1"])
        .env("GODEBUG", "gctrace=1")
        .output()
        .unwrap();
    assert_status(&o, 0);
    let err = stderr(&o);
    let lines: Vec<&str> = err.lines().filter(|l| l.starts_with("gc ")).collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(
        lines[0].starts_with("gc 1 @0.0")
            && lines[0].ends_with(", 4 MB goal, 0 MB stacks, 0 MB globals, 1 P (forced)"),
        "{}",
        lines[0]
    );
    for (i, l) in lines.iter().enumerate() {
        assert!(l.starts_with(&format!("gc {} @0.0", i + 1)), "{l}");
        assert!(
            l.ends_with("0->0->0 MB, 4 MB goal, 0 MB stacks, 0 MB globals, 1 P (forced)"),
            "{l}"
        );
    }
}

/// stdout and stderr sent to one pipe (a terminal, `2>&1`) keep the program's order:
/// each write reaches its stream when the program makes it, as Go's unbuffered
/// os.Stdout and os.Stderr do. `programs/stdout_stderr_order.expected` is what
/// `go run stdout_stderr_order.go 2>&1` printed with Go 1.27.3 (40 of 40 runs), for
/// both drivers.
#[test]
fn stdout_and_stderr_interleave_as_written() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/programs");
    let prog = dir.join("stdout_stderr_order.go");
    let want = std::fs::read_to_string(dir.join("stdout_stderr_order.expected")).unwrap();
    for driver in ["sim", "live"] {
        use std::io::Read;
        let (mut r, w) = std::io::pipe().expect("a pipe");
        let mut c = Command::new(env!("CARGO_BIN_EXE_gmp"));
        c.args([
            "run",
            prog.to_str().unwrap(),
            "--procs",
            "1",
            "--driver",
            driver,
        ])
        .stdout(w.try_clone().unwrap())
        .stderr(w);
        let mut child = c.spawn().expect("cannot run gmp");
        drop(c);
        let mut got = String::new();
        r.read_to_string(&mut got).unwrap();
        assert!(child.wait().unwrap().success(), "{driver}: {got}");
        assert_eq!(got, want, "{driver}: the two streams' order");
    }
}

/// Compile errors name the file as go build names its argument (`base.ShortPath`): a
/// file in the working directory as `./t.go`, one below it as `sub/t.go`.
#[test]
fn compile_errors_name_the_file_given() {
    let dir = std::env::temp_dir().join(format!("gmp-cli-names-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    let src = "package main\n\nfunc main() {\n\tx := 1\n}\n";
    std::fs::write(dir.join("t.go"), src).unwrap();
    std::fs::write(dir.join("sub/t.go"), src).unwrap();
    for (arg, name) in [
        ("t.go", "./t.go"),
        ("sub/t.go", "sub/t.go"),
        ("./sub/t.go", "sub/t.go"),
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_gmp"))
            .args(["check", arg])
            .current_dir(&dir)
            .output()
            .unwrap();
        assert_status(&o, 1);
        assert_eq!(
            stderr(&o),
            format!("# command-line-arguments\n{name}:4:2: declared and not used: x\n"),
            "gmp check {arg}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--max-heap`: a program whose values outgrow it ends with Go's out-of-memory fatal
/// error and status 2, the explorer's reason beside it (crates/go/tests/heap.rs tests
/// the budget itself).
#[test]
fn max_heap_ends_a_program_that_outgrows_it_as_go_runs_out_of_memory() {
    let f = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../go/tests/heap/bomb/main.go");
    let o = gmp(&["run", f.to_str().unwrap(), "--max-heap", "128MB"]);
    assert_status(&o, 2);
    assert!(stdout(&o).starts_with("slices kept: 1\n"), "{}", stdout(&o));
    assert!(
        stderr(&o).starts_with(
            "fatal error: runtime: out of memory\n\n(the explorer's budget for a program's memory is 128 MB: "
        ),
        "{}",
        stderr(&o)
    );
    assert!(
        stderr(&o).contains("gmp run --max-heap sets the budget)\n"),
        "{}",
        stderr(&o)
    );
    assert!(stderr(&o).ends_with("exit status 2\n"), "{}", stderr(&o));
}
