//! `gmp`: run GMP Explorer's scenarios from a terminal.
//!
//! ```text
//! gmp list
//! gmp show <scenario> [--set key=value ...]      (its Go program, with those values)
//! gmp run main.go [--set key=value ...] ...      (a Go file; --set: its const block's values)
//! gmp run <scenario> [--procs N] [--seed N] [--driver sim|live] [--schedtrace MS]
//!         [--scheddetail] [--asyncpreemptoff] [--trace FILE.json] [--max-time DUR]
//!         [--max-heap SIZE] [--set key=value ...]
//! ```
//!
//! The program's output goes to stdout as the Go program prints it; runtime messages
//! (`fatal error: ...`, schedtrace lines, what the builtin `println` prints) go to
//! stderr. Exit status: the program's (0, or 2 after a fatal error, like Go); 3 when
//! `--max-time` stops a run that does not end; 64 for a usage error.

use std::process::ExitCode;

use gmp_core::scenarios::{self, fmt_duration, parse_duration, ParamKind};
use gmp_core::seek::{Policy, RunSpec, Timeline};
use gmp_core::sim::Stop;
use gmp_core::trace::Keep;
use gmp_core::{Config, Sim};
use gmp_go::scenarios as go_scenarios;

/// The bytes the program's values take, counted for the heap budget (`--max-heap`).
#[global_allocator]
static ALLOC: gmp_go::heap::Counting = gmp_go::heap::Counting;

const USAGE: &str = "usage:
  gmp run main.go [--procs N] [--seed N] [--driver sim|live] [--schedtrace MS] ...
          [--set key=value ...]   (the constants of its first const ( ... ) block)
  gmp show main.go [--set key=value ...]
  gmp check main.go      (compile errors only, as go build prints them)
  gmp list
  gmp show <scenario> [--set key=value ...]
  gmp run <scenario> [--procs N] [--seed N] [--driver sim|live] [--schedtrace MS]
          [--scheddetail] [--asyncpreemptoff] [--trace FILE.json] [--max-time DUR]
          [--max-heap SIZE] [--events] [--set key=value ...]

  GODEBUG=schedtrace=N,scheddetail=1,asyncpreemptoff=1,gctrace=1 in the environment works as
  for a Go program (the flags override it).
  Without --procs, GOMAXPROCS comes from the GOMAXPROCS environment variable, else
  from this machine as Go 1.25+ picks it: the CPUs in the affinity mask, lowered to
  the cgroup CPU limit (rounded up, at least 2).
  --max-heap (like 512MB or 2GB) is the memory the program's values may take; past it
  the program ends with Go's \"fatal error: runtime: out of memory\" (exit status 2).
  Without it: three quarters of the memory this machine has available.";

struct RunArgs {
    scenario: String,
    /// `--procs`; when absent, `GOMAXPROCS` from the environment or Go's default.
    procs: Option<u32>,
    seed: u64,
    driver: String,
    schedtrace: i64,
    scheddetail: bool,
    gctrace: bool,
    asyncpreemptoff: bool,
    trace: Option<String>,
    events: bool,
    max_time: i64,
    sets: Vec<(String, String)>,
}

/// A size as `--max-heap` takes it: bytes, or a number with KB, MB, GB (powers of
/// 1024, as Go's GOMEMLIMIT reads KiB, MiB, GiB; those spellings work too).
fn parse_size(v: &str) -> Result<usize, String> {
    let t = v.trim();
    let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (n, unit) = t.split_at(digits);
    let n: usize = n
        .parse()
        .map_err(|_| "expected a size like 512MB or 2GB".to_string())?;
    let shift = match unit.trim().to_ascii_uppercase().as_str() {
        "" | "B" => 0,
        "KB" | "KIB" | "K" => 10,
        "MB" | "MIB" | "M" => 20,
        "GB" | "GIB" | "G" => 30,
        "TB" | "TIB" | "T" => 40,
        u => return Err(format!("unknown unit {u:?}: use KB, MB or GB")),
    };
    let b = n
        .checked_mul(1 << shift)
        .ok_or_else(|| "too large".to_string())?;
    if b < 16 << 20 {
        return Err("the budget must be at least 16MB (the explorer itself needs some)".into());
    }
    Ok(b)
}

fn usage_error(msg: impl std::fmt::Display) -> ExitCode {
    eprintln!("gmp: {msg}\n{USAGE}");
    ExitCode::from(64)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("list") => {
            list();
            ExitCode::SUCCESS
        }
        Some("show") => match parse(&args[1..]) {
            Ok(a) => show(&a),
            Err(e) => usage_error(e),
        },
        Some("check") => match args.get(1) {
            Some(f) => check(f),
            None => usage_error("check needs a .go file"),
        },
        Some("run") => match parse(&args[1..]) {
            Ok(a) => run(a),
            Err(e) => usage_error(e),
        },
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some(other) => usage_error(format!("unknown command {other:?}")),
        None => usage_error("missing command"),
    }
}

fn list() {
    for s in go_scenarios::all() {
        println!("{:<18} {}", s.name, s.summary);
        for p in s.params {
            let range = match p.kind {
                ParamKind::Count(lo, hi) => format!("{lo}..{hi}"),
                ParamKind::Duration(lo, hi) => {
                    format!("{}..{}", fmt_duration(lo), fmt_duration(hi))
                }
                ParamKind::Bool => "true|false".into(),
            };
            println!(
                "    --set {}={:<10} {} ({range})",
                p.name, p.default, p.help
            );
        }
    }
}

fn value<'a>(it: &mut impl Iterator<Item = &'a String>, flag: &str) -> Result<&'a String, String> {
    it.next().ok_or_else(|| format!("{flag} needs a value"))
}

fn parse(args: &[String]) -> Result<RunArgs, String> {
    let mut a = RunArgs {
        scenario: String::new(),
        procs: None,
        seed: 1,
        driver: "sim".into(),
        schedtrace: 0,
        scheddetail: false,
        gctrace: false,
        asyncpreemptoff: false,
        trace: None,
        events: false,
        max_time: 10_000_000_000,
        sets: Vec::new(),
    };
    // GODEBUG as the runtime reads it (runtime1.go: parsedebugvars): comma-separated
    // key=value pairs, unknown keys ignored, a bad number read as 0. Flags override.
    if let Ok(g) = std::env::var("GODEBUG") {
        for kv in g.split(',') {
            let Some((k, v)) = kv.split_once('=') else {
                continue;
            };
            let n: i64 = v.trim().parse().unwrap_or(0);
            match k.trim() {
                "schedtrace" => a.schedtrace = n.max(0),
                "scheddetail" => a.scheddetail = n != 0,
                "asyncpreemptoff" => a.asyncpreemptoff = n != 0,
                "gctrace" => a.gctrace = n != 0,
                _ => {}
            }
        }
    }
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_string())),
            _ => (arg.as_str(), None),
        };
        let val = |it: &mut std::slice::Iter<String>| -> Result<String, String> {
            match &inline {
                Some(v) => Ok(v.clone()),
                None => value(it, flag).cloned(),
            }
        };
        match flag {
            "--procs" => {
                let v = val(&mut it)?;
                a.procs = Some(parse_procs(&v).map_err(|e| format!("--procs {v:?}: {e}"))?);
            }
            "--seed" => {
                let v = val(&mut it)?;
                a.seed = v
                    .parse()
                    .map_err(|_| format!("--seed {v:?}: expected a whole number"))?;
            }
            "--driver" => {
                a.driver = val(&mut it)?;
                if a.driver != "sim" && a.driver != "live" {
                    return Err(format!("--driver {:?}: use sim or live", a.driver));
                }
            }
            "--schedtrace" => {
                let v = val(&mut it)?;
                a.schedtrace = v.parse().ok().filter(|&n: &i64| n > 0).ok_or_else(|| {
                    format!("--schedtrace {v:?}: expected a period in ms, like 20")
                })?;
            }
            "--scheddetail" => a.scheddetail = true,
            "--asyncpreemptoff" => a.asyncpreemptoff = true,
            "--events" => a.events = true,
            "--trace" => a.trace = Some(val(&mut it)?),
            "--max-time" => {
                let v = val(&mut it)?;
                a.max_time = parse_duration(&v).map_err(|e| format!("--max-time: {e}"))? as i64;
            }
            "--max-heap" => {
                let v = val(&mut it)?;
                let b = parse_size(&v).map_err(|e| format!("--max-heap {v:?}: {e}"))?;
                gmp_go::heap::set_budget(b);
            }
            "--set" => {
                let v = val(&mut it)?;
                let (k, x) = v
                    .split_once('=')
                    .ok_or_else(|| format!("--set {v:?}: expected key=value"))?;
                a.sets.push((k.to_string(), x.to_string()));
            }
            f if f.starts_with('-') => return Err(format!("unknown flag {f}")),
            name => {
                if !a.scenario.is_empty() {
                    return Err(format!("unexpected argument {name:?}"));
                }
                a.scenario = name.to_string();
            }
        }
    }
    if a.scenario.is_empty() {
        return Err("missing scenario name (see `gmp list`)".into());
    }
    Ok(a)
}

/// A GOMAXPROCS value the model accepts.
fn parse_procs(v: &str) -> Result<u32, String> {
    v.parse()
        .ok()
        .filter(|&n| (1..=gmp_core::runtime::MAX_MODEL_PROCS as u32).contains(&n))
        .ok_or_else(|| {
            format!(
                "GOMAXPROCS must be a whole number from 1 to {}",
                gmp_core::runtime::MAX_MODEL_PROCS
            )
        })
}

/// GOMAXPROCS when `--procs` is not given, chosen as `schedinit` does: the `GOMAXPROCS`
/// environment variable if it is a positive number (Go ignores anything else; gmp says
/// so on stderr), otherwise Go 1.25+'s default from this machine's CPU affinity and
/// cgroup CPU limit ([`gmp_core::runtime::default_gomaxprocs`]).
fn procs_from_env() -> Result<u32, String> {
    let default = || {
        let cpu_max = std::fs::read_to_string("/sys/fs/cgroup/cpu.max").ok();
        gmp_core::runtime::default_gomaxprocs(affinity_cpus(), cpu_max.as_deref())
    };
    match std::env::var("GOMAXPROCS") {
        Ok(v) if !v.is_empty() => match v.parse::<i32>() {
            Ok(n) if n > 0 => parse_procs(&v).map_err(|e| {
                format!(
                    "GOMAXPROCS={v} (from the environment): {e}; set a smaller one or pass --procs"
                )
            }),
            _ => {
                let d = default();
                eprintln!(
                    "gmp: ignoring GOMAXPROCS={v:?} (not a positive whole number), as Go does; using {d}"
                );
                Ok(d)
            }
        },
        _ => Ok(default()),
    }
}

/// Logical CPUs in this process's affinity mask (`sched_getaffinity`), read from
/// `/proc/self/status`; elsewhere, what the standard library reports.
fn affinity_cpus() -> u32 {
    let from_status = std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            let list = s
                .lines()
                .find_map(|l| l.strip_prefix("Cpus_allowed_list:"))?
                .trim()
                .to_string();
            let mut n = 0u32;
            for part in list.split(',') {
                match part.split_once('-') {
                    Some((a, b)) => n += b.parse::<u32>().ok()? - a.parse::<u32>().ok()? + 1,
                    None => {
                        part.parse::<u32>().ok()?;
                        n += 1;
                    }
                }
            }
            (n > 0).then_some(n)
        });
    from_status.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get() as u32)
            .unwrap_or(1)
    })
}

fn scenario(a: &RunArgs) -> Result<(&'static scenarios::Scenario, scenarios::Params), String> {
    let s = go_scenarios::find(&a.scenario).ok_or_else(|| {
        let names: Vec<_> = go_scenarios::all().iter().map(|s| s.name).collect();
        format!(
            "unknown scenario {:?}; try one of: {}",
            a.scenario,
            names.join(", ")
        )
    })?;
    let p = s.params(&a.sets)?;
    Ok((s, p))
}

/// A Go file given with `--set`: read as a scenario's file is (its first `const ( ... )`
/// block the parameters, `gmp_go::scenarios::from_file`), so a lesson's own
/// `lessons/<id>/main.go` takes its variants' values as `gmp run gosched` does.
fn file_scenario(a: &RunArgs) -> Result<(&'static scenarios::Scenario, scenarios::Params), String> {
    let text = std::fs::read_to_string(&a.scenario)
        .map_err(|e| format!("cannot read {}: {e}", a.scenario))?;
    let name: &'static str = Box::leak(a.scenario.clone().into_boxed_str());
    let s = go_scenarios::from_file(name, "", "", Box::leak(text.into_boxed_str()))
        .map_err(|e| format!("{name}: --set needs the file's parameters: {e}"))?;
    let s: &'static scenarios::Scenario = Box::leak(Box::new(s));
    let p = s.params(&a.sets)?;
    Ok((s, p))
}

fn show(a: &RunArgs) -> ExitCode {
    if a.scenario.ends_with(".go") {
        if a.sets.is_empty() {
            return match std::fs::read_to_string(&a.scenario) {
                Ok(text) => {
                    print!("{text}");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("gmp: cannot read {}: {e}", a.scenario);
                    ExitCode::from(1)
                }
            };
        }
        return match file_scenario(a) {
            Ok((s, p)) => {
                print!("{}", go_scenarios::source(s, &p));
                ExitCode::SUCCESS
            }
            Err(e) => usage_error(e),
        };
    }
    match scenario(a) {
        Ok((s, p)) => {
            print!("{}", go_scenarios::source(s, &p));
            ExitCode::SUCCESS
        }
        Err(e) => usage_error(e),
    }
}

/// Reads and compiles a Go file; compile errors are printed as `go build` prints them.
fn compile_file(path: &str) -> Result<std::sync::Arc<gmp_go::GoProgram>, ExitCode> {
    let src = match std::fs::read_to_string(path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("gmp: cannot read {path}: {e}");
            return Err(ExitCode::from(1));
        }
    };
    compile_text(&src, &go_file_name(path))
}

/// The name go build gives a file argument in its messages (`base.ShortPath`): the
/// path relative to the working directory when that is shorter, `./` before a file in
/// it (`go run t.go` says `./t.go:4:2: ...`, `go run sub/t.go` says `sub/t.go:...`).
fn go_file_name(path: &str) -> String {
    use std::path::{Component, Path, PathBuf};
    let Ok(cwd) = std::env::current_dir() else {
        return path.to_string();
    };
    let clean = |p: &Path| {
        let mut out = PathBuf::new();
        for c in p.components() {
            match c {
                Component::ParentDir => {
                    out.pop();
                }
                Component::CurDir => {}
                c => out.push(c),
            }
        }
        out
    };
    let abs = clean(&cwd.join(path));
    let cwd = clean(&cwd);
    let common = abs
        .components()
        .zip(cwd.components())
        .take_while(|(a, b)| a == b)
        .count();
    let mut rel = PathBuf::new();
    for _ in common..cwd.components().count() {
        rel.push("..");
    }
    for c in abs.components().skip(common) {
        rel.push(c);
    }
    let (rel, abs) = (
        rel.to_string_lossy().into_owned(),
        abs.to_string_lossy().into_owned(),
    );
    let short = if rel.len() < abs.len() { rel } else { abs };
    if short.contains('/') {
        short
    } else {
        format!("./{short}")
    }
}

/// Compiles Go source; compile errors go to stderr as `go build` prints them, the file
/// named `file`.
fn compile_text(src: &str, file: &str) -> Result<std::sync::Arc<gmp_go::GoProgram>, ExitCode> {
    gmp_go::compile(src).map_err(|diags| {
        eprintln!("# command-line-arguments");
        for d in diags {
            // the file's name, also where a message names a place in it ("declared at
            // ./main.go:7:8")
            let line = d.to_string().replace("./main.go:", &format!("{file}:"));
            eprintln!("{line}");
        }
        ExitCode::from(1)
    })
}

fn check(path: &str) -> ExitCode {
    match compile_file(path) {
        Ok(_) => ExitCode::SUCCESS,
        Err(c) => c,
    }
}

fn run(a: RunArgs) -> ExitCode {
    let program = if a.scenario.ends_with(".go") {
        // With --set, the file's constants take those values first.
        let compiled = if a.sets.is_empty() {
            compile_file(&a.scenario)
        } else {
            match file_scenario(&a) {
                Ok((s, p)) => {
                    compile_text(&go_scenarios::source(s, &p), &go_file_name(&a.scenario))
                }
                Err(e) => return usage_error(e),
            }
        };
        match compiled {
            Ok(p) => p.program(),
            Err(c) => return c,
        }
    } else {
        let (s, p) = match scenario(&a) {
            Ok(x) => x,
            Err(e) => return usage_error(e),
        };
        // The scenario's Go file with these values, compiled.
        match go_scenarios::program(s, &p) {
            Ok(prog) => prog,
            Err(e) => return usage_error(e),
        }
    };
    let procs = match a.procs.map(Ok).unwrap_or_else(procs_from_env) {
        Ok(n) => n,
        Err(e) => return usage_error(e),
    };
    let cfg = Config {
        gomaxprocs: procs,
        asyncpreemptoff: a.asyncpreemptoff,
        schedtrace_ms: a.schedtrace,
        scheddetail: a.scheddetail,
        gctrace: a.gctrace,
        keep_events: if a.trace.is_some() || a.events {
            Keep::All
        } else {
            Keep::None
        },
        // Each write reaches its stream when the program makes it, so stdout and
        // stderr sent to one place interleave as Go's do.
        write_journal: true,
        ..Config::default()
    };
    if a.driver == "live" {
        return run_live(&a, program, cfg);
    }
    // The run spec the page uses too; the CLI never seeks, so it keeps no checkpoint
    // but the start.
    let spec = RunSpec {
        prog: program,
        cfg,
        seed: a.seed,
        inputs: vec![],
    };
    let policy = Policy {
        interval: u64::MAX,
        budget: usize::MAX,
    };
    let mut tl = match Timeline::new(spec, policy) {
        Ok(tl) => tl,
        Err(e) => return usage_error(e),
    };
    // Stream output as it appears.
    let mut out = Output::default();
    let mut chunk_end = 0;
    let stop = loop {
        chunk_end = (chunk_end + 5_000_000).min(a.max_time);
        match tl.run(chunk_end, u64::MAX) {
            Stop::TimeLimit if chunk_end < a.max_time => out.flush(&tl.sim.rt),
            other => break other,
        }
    };
    let sim = &tl.sim;
    out.flush(&sim.rt);
    if a.events {
        for e in sim.rt.events().snapshot() {
            eprintln!(
                "{:>12.3}ms M{:<2} P{:<2} {:?}",
                e.t as f64 / 1e6,
                e.m,
                e.p,
                e.kind
            );
        }
    }
    write_trace(&a, &sim.rt);
    match stop {
        Stop::Exited(_) => exit_with(&sim.rt),
        Stop::TimeLimit | Stop::StepLimit => {
            eprintln!(
                "gmp: stopped after {} of virtual time (--max-time): {}",
                fmt_duration(a.max_time as u64),
                explain_hang(sim)
            );
            ExitCode::from(3)
        }
        Stop::Stuck => {
            eprintln!("gmp: every thread is asleep and nothing can wake one (a bug in the model, please report it)");
            ExitCode::from(3)
        }
    }
}

/// What a run printed so far, streamed to stdout (the program) and stderr (builtin
/// println, schedtrace): each write as the program made it, in its order
/// (`Config::write_journal`), or else read through the runtime's output cursor.
#[derive(Default)]
struct Output(gmp_core::output::OutputCursor);

impl Output {
    /// Prints what is new; without the journal an unfinished last line waits for its
    /// end (or the exit).
    fn flush(&mut self, rt: &gmp_core::Runtime) {
        use std::io::Write;
        let writes = rt.take_writes();
        if !writes.is_empty() || rt.cfg().write_journal {
            let (mut out, mut err) = (std::io::stdout(), std::io::stderr());
            for (fd, text) in writes {
                // Unbuffered, as a Go program's os.Stdout and os.Stderr are.
                if fd == 2 {
                    let _ = err.write_all(text.as_bytes());
                    let _ = err.flush();
                } else {
                    let _ = out.write_all(text.as_bytes());
                    let _ = out.flush();
                }
            }
            return;
        }
        let new = rt.output_since(&mut self.0);
        let mut out = std::io::stdout().lock();
        for (i, l) in new.stdout.iter().enumerate() {
            if new.stdout_unterminated && i + 1 == new.stdout.len() {
                let _ = write!(out, "{l}");
            } else {
                let _ = writeln!(out, "{l}");
            }
        }
        let _ = out.flush();
        let mut err = std::io::stderr().lock();
        for (i, l) in new.stderr.iter().enumerate() {
            if new.stderr_unterminated && i + 1 == new.stderr.len() {
                let _ = write!(err, "{l}");
            } else {
                let _ = writeln!(err, "{l}");
            }
        }
        for l in &new.schedtrace {
            let _ = writeln!(err, "{l}");
        }
    }
}

/// `--trace FILE`: Chrome/Perfetto JSON of the run's events.
fn write_trace(a: &RunArgs, rt: &gmp_core::Runtime) {
    if let Some(path) = &a.trace {
        let json = gmp_core::export::chrome_trace(
            &rt.events().snapshot(),
            // Every P ever made (allp), so destroyed Ps' tracks are named too.
            rt.allp().len() as u32,
        );
        if let Err(e) = std::fs::write(path, json) {
            eprintln!("gmp: cannot write trace {path}: {e}");
        }
    }
}

/// The program exited: the runtime's messages on stderr, its status as ours.
fn exit_with(rt: &gmp_core::Runtime) -> ExitCode {
    let st = rt.exit_status().expect("exited");
    if !st.stderr.is_empty() {
        eprint!("{}", st.stderr);
        if !st.stderr.ends_with('\n') {
            eprintln!();
        }
    }
    // What `go run` adds when the program's status is not 0.
    if st.code != 0 {
        eprintln!("exit status {}", st.code);
    }
    ExitCode::from(st.code as u8)
}

/// `--driver live`: every M on a real thread, in real time.
fn run_live(a: &RunArgs, prog: gmp_core::Program, cfg: Config) -> ExitCode {
    let opts = gmp_live::LiveOptions {
        scale: 1.0,
        clock: gmp_live::live::std_clock(),
        max_threads: 10_000,
    };
    let live = match gmp_live::Live::start(prog, cfg, opts, Box::new(gmp_live::StdSpawner)) {
        Ok(l) => l,
        Err(e) => return usage_error(e),
    };
    let mut out = Output::default();
    let code = loop {
        let until = (live.now() + 50_000_000).min(a.max_time);
        let r = live.wait(until);
        out.flush(&live.rt);
        match r {
            Some(code) => break Some(code),
            None if until >= a.max_time => break None,
            None => {}
        }
    };
    write_trace(a, &live.rt);
    match code {
        Some(_) => exit_with(&live.rt),
        None => {
            eprintln!(
                "gmp: stopped after {} (--max-time, real time with --driver live)",
                fmt_duration(a.max_time as u64)
            );
            live.stop();
            ExitCode::from(3)
        }
    }
}

/// A G still running after this long has ignored sysmon's preemption requests (one
/// every `forcePreemptNS` = 10 ms once its slice is over; a G that honours them runs
/// about 20 ms): it never yields.
const NEVER_YIELDS_MS: i64 = 5 * gmp_core::consts::FORCE_PREEMPT_NS / 1_000_000;

/// Why a run did not end: who holds the Ps.
fn explain_hang(sim: &Sim) -> String {
    let rt = &sim.rt;
    let snap = rt.snapshot();
    let mut parts = Vec::new();
    for pp in &snap.ps {
        let p = pp.id;
        let Some(g) = pp.curg.and_then(|id| snap.gs.iter().find(|g| g.goid == id)) else {
            continue;
        };
        let since = (snap.now - g.since) / 1_000_000;
        // A Go program's goroutine is named by its Go function and line (as a goroutine
        // dump would), not by the core's entry into the front end's code.
        let name = if rt.prog().code.is_some() && g.line > 0 {
            let func = if g.goid == 1 {
                "main.main"
            } else {
                rt.goroutine_name(g.startfn, g.startarg).0
            };
            format!("{func}, at line {}", g.line)
        } else {
            g.func
                .and_then(|f| rt.prog().funcs.get(f as usize))
                .map(|f| f.name.clone())
                .unwrap_or_else(|| "runtime".into())
        };
        parts.push(format!(
            "P{p} is held by goroutine {} ({name}), running for {since} ms without yielding",
            g.goid,
        ));
    }
    let stuck = parts.iter().any(|p| {
        p.split("running for ")
            .nth(1)
            .and_then(|r| r.split(' ').next())
            .and_then(|n| n.parse::<i64>().ok())
            .is_some_and(|ms| ms >= NEVER_YIELDS_MS)
    });
    if parts.is_empty() {
        "the program is still waiting (timers, I/O or goroutines that never finish)".into()
    } else if !stuck {
        let runnable = snap.global_len + snap.ps.iter().map(|p| p.ring.len() as u32).sum::<u32>();
        format!(
            "the program is still working ({runnable} goroutines waiting to run, Ps busy); give it more time with --max-time"
        )
    } else {
        let hint = if rt.cfg().asyncpreemptoff {
            "; with asyncpreemptoff=1 a loop without function calls is never preempted"
        } else {
            ""
        };
        format!("{}{hint}", parts.join("; "))
    }
}
