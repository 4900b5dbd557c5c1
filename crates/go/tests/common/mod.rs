//! Shared by the test programs that run the oracle's Go programs.

/// `oracle/<name>/main.go` compiled by the front end.
pub fn oracle_program(name: &str) -> gmp_core::Program {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../oracle")
        .join(name)
        .join("main.go");
    let src = std::fs::read_to_string(&path).unwrap();
    let prog = gmp_go::compile(&src).unwrap_or_else(|d| panic!("{name}: {}", d[0]));
    prog.program()
}
