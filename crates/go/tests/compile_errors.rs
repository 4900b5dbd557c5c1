//! Every program in `tests/compile_errors/` fails to compile with the errors `go build`
//! (Go 1.27.3) printed for it, in its order and words, up to its "too many errors":
//! `expected.txt` beside each `main.go` is that output (`tests/compile_errors/record.sh`
//! records it; go build's output is the same on every run).

mod common;

#[test]
fn compile_errors_read_as_go_build_prints_them() {
    let (dir, names) = common::program_dirs("compile_errors");
    assert!(!names.is_empty(), "the programs are there");
    let mut failed = Vec::new();
    for n in &names {
        let src = std::fs::read_to_string(dir.join(n).join("main.go")).unwrap();
        let want = std::fs::read_to_string(dir.join(n).join("expected.txt")).unwrap();
        let got = match gmp_go::compile(&src) {
            Ok(_) => "(compiled)".to_string(),
            Err(d) => d
                .iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join("\n"),
        };
        if got.trim_end() != want.trim_end() {
            failed.push(format!(
                "{n}:\n--- go build\n{}\n--- explorer\n{got}",
                want.trim_end()
            ));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n\n"));
}

#[test]
fn go_builds_closing_line_is_not_counted_as_an_error() {
    // Twelve undefined names: go build 1.27.3 prints ten, then "./main.go:13:6: too many
    // errors" at the tenth (measured on this source).
    let body: String = (0..12).map(|i| format!("\t_ = u{i}\n")).collect();
    let src = format!("package main\n\nfunc main() {{\n{body}}}\n");
    let d = gmp_go::compile(&src).err().expect("errors");
    assert_eq!(d.len(), 11);
    assert_eq!(d[10].to_string(), "./main.go:13:6: too many errors");
    assert_eq!(gmp_go::error_count(&d), 10);
}
