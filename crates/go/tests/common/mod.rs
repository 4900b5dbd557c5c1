//! Shared by the test programs that run the oracle's and the test folders' Go programs.

/// `oracle/<name>/main.go` compiled by the front end.
#[allow(dead_code)]
pub fn oracle_program(name: &str) -> gmp_core::Program {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../oracle")
        .join(name)
        .join("main.go");
    let src = std::fs::read_to_string(&path).unwrap();
    let prog = gmp_go::compile(&src).unwrap_or_else(|d| panic!("{name}: {}", d[0]));
    prog.program()
}

/// `tests/<folder>/`, and the names of its subfolders that hold a `main.go`, sorted.
#[allow(dead_code)]
pub fn program_dirs(folder: &str) -> (std::path::PathBuf, Vec<String>) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(folder);
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().join("main.go").exists())
        .map(|e| e.file_name().to_string_lossy().to_string())
        .collect();
    names.sort();
    (dir, names)
}

/// What `src` prints in the explorer (deterministic driver, GOMAXPROCS=2, seed 1, at
/// most `max_ns` of virtual time): its stdout, then `--exit N` and, with `stderr`,
/// the first line of its stderr; or `--compile errors` and go build's lines.
#[allow(dead_code)]
pub fn explorer_output(src: &str, max_ns: i64, stderr: bool) -> String {
    use gmp_core::sim::Stop;
    let prog = match gmp_go::compile(src) {
        Ok(p) => p,
        Err(d) => {
            let lines: Vec<String> = d.iter().map(|d| d.to_string()).collect();
            return format!("--compile errors\n{}\n", lines.join("\n"));
        }
    };
    let cfg = gmp_core::Config {
        gomaxprocs: 2,
        keep_events: gmp_core::trace::Keep::None,
        ..gmp_core::Config::default()
    };
    let mut sim = gmp_core::Sim::new(prog.program(), cfg, 1).expect("runtime starts");
    let stop = sim.run_until(max_ns, u64::MAX);
    let mut out = sim.rt.stdout_lines().join("\n");
    if !out.is_empty() && !sim.rt.stdout_unterminated() {
        out.push('\n');
    }
    match stop {
        Stop::Exited(_) => {
            let st = sim.rt.exit_status().unwrap();
            out.push_str(&format!("--exit {}\n", st.code));
            if stderr {
                let mut err: Vec<String> = sim.rt.stderr_lines();
                err.extend(st.stderr.lines().map(String::from));
                if let Some(first) = err.iter().find(|l| !l.is_empty()) {
                    out.push_str(first);
                    out.push('\n');
                }
            }
        }
        other => out.push_str(&format!("--stopped {other:?}\n")),
    }
    out
}

/// Real Go, as `GMP_GO` names it (else `go` on the path), if it runs; it must be the
/// Go 1.27.3 the tests' recorded outputs and generated files come from (`what`: the
/// test, for the message).
#[allow(dead_code)]
pub fn go_binary(what: &str) -> Option<String> {
    let go = std::env::var("GMP_GO").unwrap_or_else(|_| "go".into());
    let v = std::process::Command::new(&go)
        .arg("version")
        .output()
        .ok()?;
    let v = String::from_utf8_lossy(&v.stdout).to_string();
    assert!(
        v.contains("go1.27.3"),
        "{what} Go 1.27.3's; `{go} version` says {v}"
    );
    Some(go)
}
