//! How long `gmp_go::compile` takes for a Go file (parse, check, compile), best of 20:
//! `cargo run --release -p gmp-go --example compile_time -- main.go`.
fn main() {
    let path = std::env::args()
        .nth(1)
        .expect("usage: compile_time FILE.go");
    let src = std::fs::read_to_string(&path).expect("readable");
    let mut best = std::time::Duration::MAX;
    for _ in 0..20 {
        let t = std::time::Instant::now();
        let p = gmp_go::compile(&src);
        best = best.min(t.elapsed());
        assert!(p.is_ok(), "{:?}", p.err());
    }
    println!(
        "{} lines: best of 20 compiles {:.2} ms",
        src.lines().count(),
        best.as_secs_f64() * 1e3
    );
}
