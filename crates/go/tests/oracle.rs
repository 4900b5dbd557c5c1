//! The #14 oracle programs (`oracle/<name>/main.go`) run through the Go front end print
//! what real Go 1.27.3 printed (each README records the command and how many real runs
//! agreed).

mod common;

use gmp_core::{Config, Sim};

/// Runs `oracle/<name>/main.go` (deterministic driver, GOMAXPROCS=2, seed 1): stdout,
/// the exit status and the first line of stderr.
fn run(name: &str) -> (String, i32, String) {
    let prog = common::oracle_program(name);
    let cfg = Config {
        gomaxprocs: 2,
        ..Config::default()
    };
    let mut sim = Sim::new(prog, cfg, 1).unwrap();
    sim.run_until(20_000_000_000, u64::MAX);
    let st = sim.rt.exit_status().expect("the program ended");
    let out = sim.rt.stdout_lines().join("\n");
    let err = st.stderr.lines().next().unwrap_or("").to_string();
    (out, st.code, err)
}

/// `chan.go: closechan`: 30/30 real runs printed `R1 R4 R3 R2`.
#[test]
fn closechan_through_the_go_front_end() {
    assert_eq!(run("closechan"), ("R1 R4 R3 R2".into(), 0, String::new()));
}

/// `internal/sync/mutex.go: lockSlow` normal mode: 30/30 real runs printed
/// `main1 main2 W`.
#[test]
fn mutex_barging_through_the_go_front_end() {
    assert_eq!(
        run("mutex_barging"),
        ("main1 main2 W".into(), 0, String::new())
    );
}

/// `internal/sync/mutex.go: unlockSlow`: 10/10 real runs printed
/// `fatal error: sync: unlock of unlocked mutex` and exited 2.
#[test]
fn mutex_unlock_unlocked_through_the_go_front_end() {
    assert_eq!(
        run("mutex_unlock_unlocked"),
        (
            String::new(),
            2,
            "fatal error: sync: unlock of unlocked mutex".into()
        )
    );
}

/// `sync/once.go: doSlow`: 30/30 real runs printed `f-by-A A B C`.
#[test]
fn once_through_the_go_front_end() {
    assert_eq!(run("once"), ("f-by-A A B C".into(), 0, String::new()));
}

/// `netpoll_epoll.go: netpoll` waits in whole milliseconds: with GOMAXPROCS=1, 30/30 real
/// runs printed `sleeps shorter than 1ms: 0 of 20` (oracle/netpoll_timer_short).
#[test]
fn netpoll_timer_short_through_the_go_front_end() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../oracle/netpoll_timer_short/main.go");
    let prog = gmp_go::compile(&std::fs::read_to_string(path).unwrap()).unwrap();
    let cfg = Config {
        gomaxprocs: 1,
        ..Config::default()
    };
    let mut sim = Sim::new(prog.program(), cfg, 1).unwrap();
    sim.run_until(20_000_000_000, u64::MAX);
    assert_eq!(
        sim.rt.stdout_lines().join("\n"),
        "sleeps shorter than 1ms: 0 of 20"
    );
}
