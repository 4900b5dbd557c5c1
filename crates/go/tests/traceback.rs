//! The goroutine dump after a deadlock, for a Go program (core `traceback.go:
//! tracebackothers` with the front end's frames and source lines).

use gmp_core::{Config, Sim};

/// `traceback.go: tracebackothers`, `printcreatedby`: oracle/traceback run on real Go
/// 1.27.3 (GOMAXPROCS=1, 20/20 runs the same) prints `main.main()` at `main.go:22`,
/// `main.worker(0x0?, 0x0?)` at `main.go:13` and `created by main.main in goroutine 1`
/// at `main.go:21`; the explorer prints the same goroutines, frames and lines (Go also
/// shows the `sync` frames inside `WaitGroup.Wait`, argument words where the explorer
/// has `(...)`, and `+0x` offsets).
#[test]
fn tracebackothers_prints_frames_with_file_and_line() {
    let src = include_str!("../../../oracle/traceback/main.go");
    let prog = gmp_go::compile(src).expect("compiles");
    let cfg = Config {
        gomaxprocs: 1,
        ..Config::default()
    };
    let mut sim = Sim::new(prog.program(), cfg, 1).unwrap();
    sim.run_until(20_000_000_000, u64::MAX);
    let st = sim.rt.exit_status().expect("the program ended");
    assert_eq!(st.code, 2);
    let text = st.stderr.replace("./main.go", "main.go");
    assert_eq!(
        text,
        "fatal error: all goroutines are asleep - deadlock!\n\
         \n\
         goroutine 1 [sync.WaitGroup.Wait]:\n\
         main.main()\n\
         \tmain.go:22\n\
         \n\
         goroutine 7 [chan send]:\n\
         main.worker(...)\n\
         \tmain.go:13\n\
         created by main.main in goroutine 1\n\
         \tmain.go:21\n"
    );
}
