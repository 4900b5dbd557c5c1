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
