//! Observable behaviours of the Go 1.27 scheduler, checked on the deterministic driver.
//! Each test names the runtime function or measured fact it checks. Orders marked "real Go" were produced by Go 1.27.3 on
//! linux/amd64 with the programs `gmp show <scenario>` prints (see oracle/). These run
//! the core's op-list workloads (`gmp_core::workloads`: playground, cpu-bound, syscall,
//! netpoll, which model the Go scenarios of those names) and hand-built programs; the
//! explorer's scenarios, Go files, are checked in crates/go/tests/behaviours.rs.

use gmp_core::g::{GIdx, GStatus};
use gmp_core::program::{Op, ProgramBuilder, Val};
use gmp_core::trace::{EvKind, Event, StopReason};
use gmp_core::workloads;
use gmp_core::{Config, GKind, Sim, Stop};

const MS: i64 = 1_000_000;

fn sim(name: &str, sets: &[(&str, &str)], procs: u32, seed: u64, cfg: Config) -> Sim {
    let s = workloads::find(name).unwrap();
    let given: Vec<(String, String)> = sets
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let p = s.params(&given).unwrap();
    Sim::new(
        s.program(&p).unwrap(),
        Config {
            gomaxprocs: procs,
            ..cfg
        },
        seed,
    )
    .unwrap()
}

fn run(name: &str, sets: &[(&str, &str)], procs: u32, seed: u64) -> (Sim, Stop) {
    let mut s = sim(name, sets, procs, seed, Config::default());
    let stop = s.run_until(20_000 * MS, 200_000_000);
    (s, stop)
}

fn events(s: &Sim) -> Vec<Event> {
    s.rt.events().snapshot()
}

/// `runqputslow`: the ring holds 256; when a G is kicked into a full ring, the 128
/// oldest plus that G move, in order, to the global queue's tail.
#[test]
fn ring_overflow_moves_oldest_half_plus_new_to_global() {
    let mut b = ProgramBuilder::new();
    let noop = b.func("main.noop", 16, vec![]);
    let prog = b.main(
        64,
        vec![
            Op::Loop {
                times: 258,
                body: 1,
            },
            Op::Go {
                func: noop,
                arg: Val::Const(0),
                kind: GKind::Example,
            },
            Op::Work(5 * MS as u64),
        ],
    );
    let mut s = Sim::new(
        prog,
        Config {
            gomaxprocs: 1,
            ..Config::default()
        },
        1,
    )
    .unwrap();
    s.run_until(MS, u64::MAX);
    let rt = &s.rt;
    let global: Vec<u64> = rt.lock_sched().runq.iter().map(|&g| rt.goid(g)).collect();
    let (_, _, ring, next) = rt.p(0).runq.snapshot();
    // The ring starts with runtime.main's GOMAXPROCS updater and finalizer goroutine
    // (goids 5 and 6, kicked out of runnext by the next `go`); the spawned goids run
    // 7..=264. The ring is full (5, 6, 7..=260) when 262 kicks 261 out of runnext: the
    // 128 oldest and 261 go global; 263 and 264 follow.
    let mut want: Vec<u64> = vec![5, 6];
    want.extend(7..=132);
    want.push(261);
    assert_eq!(global, want);
    let ring: Vec<u64> = ring.iter().map(|&g| rt.goid(g)).collect();
    let mut want_ring: Vec<u64> = (133..=260).collect();
    want_ring.extend([262, 263]);
    assert_eq!(ring, want_ring);
    assert_eq!(rt.goid(next), 264);
    rt.check_invariants().unwrap();
}

/// `goschedImpl(preempted)` + `retake`: a CPU-bound G is preempted after
/// its schedtick stood still ≥ 10 ms at a sysmon tick, and goes to the global queue.
/// The steady-state slice is about two sysmon periods (measured median 20.2 ms).
#[test]
fn cpu_bound_goroutines_are_preempted_after_about_20ms() {
    let mut s = sim(
        "cpu-bound",
        &[("goroutines", "3"), ("work", "400ms")],
        1,
        7,
        Config::default(),
    );
    s.run_until(600 * MS, u64::MAX);
    let ev = events(&s);
    let mut start: std::collections::HashMap<u64, i64> = Default::default();
    let mut slices = Vec::new();
    for e in &ev {
        match e.kind {
            EvKind::GoStart { g } if g >= 7 => {
                start.insert(g, e.t);
            }
            EvKind::GoStop {
                g,
                reason: StopReason::Preempted,
            } => {
                if let Some(t0) = start.remove(&g) {
                    if t0 > 50 * MS {
                        slices.push(e.t - t0);
                    }
                }
            }
            _ => {}
        }
    }
    assert!(slices.len() > 10, "only {} preemptions", slices.len());
    slices.sort();
    let median = slices[slices.len() / 2];
    assert!(
        (15 * MS..=25 * MS).contains(&median),
        "median slice {} ms",
        median / MS
    );
    assert!(slices[0] >= 10 * MS, "a slice shorter than forcePreemptNS");
    // Every preemption was asynchronous (call-free loops) and sent the G global.
    assert!(ev
        .iter()
        .any(|e| matches!(e.kind, EvKind::Preempt { async_: true, .. })));
}

/// `retake` + `handoffp`: a P whose M blocks in a syscall is taken by
/// sysmon and handed to another M, so the thread count grows; the G comes back
/// `GoSyscallEndBlocked`.
#[test]
fn blocking_syscall_hands_off_the_p() {
    let (s, stop) = run("syscall", &[], 2, 3);
    assert_eq!(stop, Stop::Exited(0));
    let ev = events(&s);
    assert!(ev
        .iter()
        .any(|e| matches!(e.kind, EvKind::ProcSteal { .. })));
    assert!(ev
        .iter()
        .any(|e| matches!(e.kind, EvKind::GoSyscallEndBlocked { .. })));
    // M0, sysmon, and at least one M per P plus one for a blocked syscall.
    assert!(s.rt.mcount() >= 4, "threads={}", s.rt.mcount());
}

/// Seed 004 figures 3-5 (netpoller): a network read parks the G ("network") and its M
/// goes on running other goroutines; no thread is created for the wait.
#[test]
fn network_read_parks_on_the_netpoller() {
    let (s, stop) = run("netpoll", &[("cpu", "2"), ("readers", "2")], 2, 1);
    assert_eq!(stop, Stop::Exited(0));
    let ev = events(&s);
    let i = ev
        .iter()
        .position(|e| {
            matches!(
                e.kind,
                EvKind::GoBlock {
                    reason: "network",
                    ..
                }
            )
        })
        .expect("a read parked on the netpoller");
    let m = ev[i].m;
    let next = ev[i + 1..]
        .iter()
        .find(|e| e.m == m && matches!(e.kind, EvKind::GoStart { .. }));
    assert!(next.is_some(), "the M ran another G");
    assert!(
        s.rt.mcount() <= 4,
        "network waits need no threads: {}",
        s.rt.mcount()
    );
}

/// `proc.go: schedtrace`: schedtrace lines in Go 1.27's format; the first is `SCHED 0ms`;
/// a saturated program shows `needspinning=1 spinningthreads=0` (as measured on real Go).
#[test]
fn schedtrace_lines_have_gos_format() {
    let mut s = sim(
        "cpu-bound",
        &[("work", "100ms")],
        2,
        1,
        Config {
            schedtrace_ms: 20,
            ..Config::default()
        },
    );
    s.run_until(10_000 * MS, u64::MAX);
    let lines = s.rt.schedtrace_lines();
    assert!(lines.len() >= 10);
    assert!(
        lines[0].starts_with("SCHED 0ms: gomaxprocs=2 idleprocs="),
        "{}",
        lines[0]
    );
    for l in &lines {
        let ok = l.starts_with("SCHED ")
            && l.contains("ms: gomaxprocs=")
            && l.contains(" idleprocs=")
            && l.contains(" threads=")
            && l.contains(" spinningthreads=")
            && l.contains(" needspinning=")
            && l.contains(" idlethreads=")
            && l.contains(" runqueue=")
            && l.contains(" [ ")
            && l.contains(" ] schedticks=[ ")
            && l.ends_with(" ]");
        assert!(ok, "{l}");
    }
    let mid = &lines[lines.len() / 2];
    assert!(
        mid.contains("needspinning=1") && mid.contains("spinningthreads=0"),
        "{mid}"
    );
    // The global runqueue fills with preempted Gs.
    assert!(
        lines.iter().any(|l| !l.contains(" runqueue=0 ")),
        "runqueue never grew"
    );
}

/// `procresize`/`p.destroy`: shrinking GOMAXPROCS moves the destroyed Ps' Gs to
/// the head of the global queue (each P: runnext first, then its ring in order; P3's
/// batch ends up ahead of P2's because P2 is destroyed first).
#[test]
fn gomaxprocs_shrink_moves_work_to_the_global_head() {
    let mut s = sim(
        "cpu-bound",
        &[("goroutines", "40"), ("work", "1s")],
        4,
        2,
        Config::default(),
    );
    s.run_until(100 * MS, u64::MAX);
    s.rt.request_gomaxprocs(2).unwrap();
    let before;
    loop {
        let snap = |p: u32| {
            let (_, _, ring, next) = s.rt.p(p).runq.snapshot();
            let mut v = Vec::new();
            if !next.is_nil() {
                v.push(next);
            }
            v.extend(ring);
            v
        };
        let pre = (snap(2), snap(3));
        let n =
            s.rt.events()
                .count
                .load(std::sync::atomic::Ordering::Relaxed);
        s.step();
        let ev = events(&s);
        if ev[n as usize..]
            .iter()
            .any(|e| matches!(e.kind, EvKind::ProcsChange { procs: 2 }))
        {
            before = pre;
            break;
        }
        assert!(s.now() < 2_000 * MS, "GOMAXPROCS change never happened");
    }
    let (p2, p3) = before;
    assert!(!p2.is_empty() && !p3.is_empty());
    let global: Vec<GIdx> = s.rt.lock_sched().runq.iter().copied().collect();
    let mut want = p3.clone();
    want.extend(p2.iter());
    assert_eq!(&global[..want.len()], &want[..]);
    assert_eq!(s.rt.gomaxprocs(), 2);
    s.rt.check_invariants().unwrap();
    assert_eq!(s.run_until(60_000 * MS, u64::MAX), Stop::Exited(0));
}

/// A run is a function of (program, config, seed), and a recorded trail replays to the
/// same event log.
#[test]
fn runs_are_reproducible_and_replayable() {
    let go = |seed| {
        let mut s = sim("syscall", &[], 2, seed, Config::default());
        s.record();
        s.run_until(10_000 * MS, u64::MAX);
        (events(&s), s.trail().to_vec())
    };
    let (a, trail) = go(42);
    let (b, _) = go(42);
    assert_eq!(a, b);
    let (c, _) = go(43);
    assert_ne!(a, c, "another seed, another interleaving");
    let mut s = sim("syscall", &[], 2, 42, Config::default());
    s.replay(trail);
    s.run_until(10_000 * MS, u64::MAX);
    assert_eq!(events(&s), a);
}

/// `sysmon`: 20 µs between cycles at first, doubling after 50 idle cycles, capped
/// at 10 ms; only a syscall retake resets it (preemptions do not).
#[test]
fn sysmon_backs_off_from_20us_to_10ms() {
    let mut s = sim(
        "cpu-bound",
        &[("goroutines", "4"), ("work", "300ms")],
        2,
        1,
        Config::default(),
    );
    let mut delays = vec![];
    for t in [200_000, 2 * MS, 5 * MS, 100 * MS, 250 * MS] {
        s.run_until(t, u64::MAX);
        delays.push(s.rt.snapshot().sysmon.delay_us);
    }
    assert_eq!(delays[0], 20, "{delays:?}");
    assert!(delays[1] > 20 && delays[2] > delays[1], "{delays:?}");
    assert_eq!(&delays[3..], &[10_000, 10_000], "{delays:?}");
}

/// `reentersyscall`: a P whose G is in a syscall stays `_Prunning` and wired to
/// its M until sysmon takes it.
#[test]
fn syscall_keeps_the_p_running_and_wired() {
    let mut s = sim(
        "syscall",
        &[("cpu", "0"), ("blocking", "1")],
        2,
        1,
        Config::default(),
    );
    loop {
        assert!(s.step().is_none(), "ended before the syscall");
        let ev = events(&s);
        if let Some(e) = ev
            .iter()
            .find(|e| matches!(e.kind, EvKind::GoSyscallBegin { .. }))
        {
            let p = s.rt.p(e.p as u32);
            assert_eq!(p.status(), gmp_core::runtime::PStatus::Running);
            let m = p.m().expect("still wired");
            assert_eq!(s.rt.m(m).id, e.m);
            assert_eq!(s.rt.g(s.rt.m(m).curg()).status(), GStatus::Syscall);
            break;
        }
    }
}

/// `exitsyscall`: a short syscall keeps its P (GoSyscallEnd); after a long one
/// whose P was taken, with every P busy, the G goes to the global queue and its M parks
/// (`exitsyscallNoP` → `globrunqput` → `stopm`).
#[test]
fn syscall_exit_paths() {
    let (s, _) = run(
        "syscall",
        &[("cpu", "0"), ("blocking", "1"), ("syscall", "5us")],
        2,
        1,
    );
    let ev = events(&s);
    assert!(ev
        .iter()
        .any(|e| matches!(e.kind, EvKind::GoSyscallEnd { .. })));
    assert!(!ev
        .iter()
        .any(|e| matches!(e.kind, EvKind::GoSyscallEndBlocked { .. })));

    let (s, _) = run(
        "syscall",
        &[
            ("cpu", "4"),
            ("work", "200ms"),
            ("blocking", "2"),
            ("syscall", "50ms"),
        ],
        2,
        1,
    );
    let ev = events(&s);
    let i = ev
        .iter()
        .position(|e| matches!(e.kind, EvKind::GoSyscallEndBlocked { .. }))
        .expect("a syscall lost its P");
    let m = ev[i].m;
    let next = ev[i + 1..]
        .iter()
        .find(|e| e.m == m && matches!(e.kind, EvKind::GoStart { .. } | EvKind::MPark { .. }))
        .expect("the M went on");
    assert!(
        matches!(next.kind, EvKind::MPark { .. }),
        "no idle P: the G was queued globally and the M parked ({next:?})"
    );
}

/// `runqgrab`: a busy victim's runnext is stolen only when its ring is empty, in
/// the last pass, after the thief backs off 3 µs (the victim may be about to run it).
#[test]
fn runnext_is_stolen_last_after_a_back_off() {
    let mut b = ProgramBuilder::new();
    let worker = b.func("main.work", 32, vec![Op::Work(MS as u64)]);
    let prog = b.main(
        64,
        vec![
            Op::Go {
                func: worker,
                arg: Val::Const(0),
                kind: GKind::Example,
            },
            Op::Work(5 * MS as u64),
        ],
    );
    let mut s = Sim::new(prog, Config::default(), 1).unwrap();
    s.run_until(20 * MS, u64::MAX);
    let ev = events(&s);
    let steal = ev
        .iter()
        .find(|e| matches!(e.kind, EvKind::Steal { runnext: true, .. }))
        .expect("P1 stole P0's runnext");
    let EvKind::Steal {
        victim, thief, n, ..
    } = steal.kind
    else {
        unreachable!()
    };
    // main runs on P0 or P1, depending on where it resumed after init (`startlockedm`).
    assert!(
        victim != thief && n == 1,
        "victim P{victim}, thief P{thief}, n={n}"
    );
    let spun = ev
        .iter()
        .find(|e| e.m == steal.m && matches!(e.kind, EvKind::Spinning { on: true, .. }))
        .expect("the thief was spinning");
    assert!(
        steal.t - spun.t >= 3_000,
        "stolen {} ns after it began spinning",
        steal.t - spun.t
    );
}

/// `resetspinning`: a spinner that finds work wakes the next one, so while Ps
/// sit idle and work keeps arriving, every P is soon running.
#[test]
fn spinners_chain_until_every_p_runs() {
    let mut s = sim(
        "cpu-bound",
        &[("goroutines", "40"), ("work", "50ms")],
        4,
        1,
        Config::default(),
    );
    s.run_until(2 * MS, u64::MAX);
    let ev = events(&s);
    let spinners: std::collections::BTreeSet<i64> = ev
        .iter()
        .filter(|e| matches!(e.kind, EvKind::Spinning { on: true, .. }))
        .map(|e| e.m)
        .collect();
    assert!(spinners.len() >= 3, "spinning Ms: {spinners:?}");
    let snap = s.rt.snapshot();
    assert!(
        snap.ps.iter().all(|p| p.curg.is_some()),
        "every P runs a goroutine: {:?}",
        snap.ps.iter().map(|p| p.curg).collect::<Vec<_>>()
    );
}

/// `proc.go: handoffp` + `startm`: with work pending, each P taken from a blocked syscall gets another M, so
/// the thread count grows about one per concurrently blocked syscall.
#[test]
fn threads_grow_with_concurrently_blocked_syscalls() {
    let mut s = sim(
        "syscall",
        &[
            ("cpu", "4"),
            ("work", "300ms"),
            ("blocking", "4"),
            ("syscall", "200ms"),
            ("stagger", "0"),
        ],
        2,
        1,
        Config::default(),
    );
    s.run_until(100 * MS, u64::MAX);
    let in_syscall =
        s.rt.snapshot()
            .gs
            .iter()
            .filter(|g| g.status == GStatus::Syscall)
            .count();
    assert_eq!(in_syscall, 4);
    // 4 Ms blocked in syscalls + an M per P + sysmon.
    let threads = s.rt.mcount();
    assert!((7..=9).contains(&threads), "threads={threads}");
}

/// `defaultGOMAXPROCS` (runtime/cgroup_linux.go): without a GOMAXPROCS variable a
/// program gets min(affinity CPUs, max(2, ceil(quota/period))) Ps.
#[test]
fn default_gomaxprocs_follows_affinity_and_the_cgroup_limit() {
    use gmp_core::runtime::default_gomaxprocs;
    // No cgroup limit: the affinity mask decides.
    assert_eq!(default_gomaxprocs(8, None), 8);
    assert_eq!(default_gomaxprocs(8, Some("max 100000")), 8);
    // 1.5 CPUs of quota round up to 2.
    assert_eq!(default_gomaxprocs(8, Some("150000 100000")), 2);
    // A quota under 2 CPUs still gives 2 Ps...
    assert_eq!(default_gomaxprocs(8, Some("50000 100000")), 2);
    // ...unless the affinity mask has fewer CPUs.
    assert_eq!(default_gomaxprocs(1, Some("50000 100000")), 1);
    // 3.2 CPUs round up to 4; the limit never raises the CPU count.
    assert_eq!(default_gomaxprocs(8, Some("320000 100000")), 4);
    assert_eq!(default_gomaxprocs(3, Some("1000000 100000")), 3);
    // An unreadable file is ignored, as Go ignores a failed read.
    assert_eq!(default_gomaxprocs(6, Some("garbage")), 6);
    // The explorer's own cap.
    assert_eq!(default_gomaxprocs(4096, None), 256);
}
