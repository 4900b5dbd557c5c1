//! Stress tests of the live driver: the scheduler on real threads (`StdSpawner`, the
//! real clock, scale 1.0), several scenarios at GOMAXPROCS 1..=4, GOMAXPROCS changes
//! while Gs run (and a stream of requests while Ps hand off), a million goroutines in
//! one run, `checkdead` on real threads, `Live::stop` mid-run, and the playground's
//! accept loop fed from outside.
//!
//! Every run is bounded: the program must exit within a generous amount of (real =
//! virtual) time, and every M thread must return soon after; a hang fails the test with
//! a description of where each M and P was, never an infinite wait. After a run:
//! - the program printed what the Go program prints;
//! - conservation: every user goroutine created (a `GoCreate`) was destroyed (a
//!   `GoDestroy`) exactly once, except the few that were still running their last
//!   instructions when `runtime.main` returned (as in Go: `wg.Done()` wakes main before
//!   the G itself has exited). Those must still be alive, in a legal place;
//! - `check_invariants()` holds once every M thread has returned. That state is
//!   quiescent: each thread finished the step it was in (a step is one scheduler event
//!   and leaves the runtime consistent) and then saw `exited` and returned, so nothing
//!   moves any more while the checker reads it.
//!
//! Threads are started through a spawner that wraps `StdSpawner` to count the threads
//! still running and to catch a panic in any of them (a panicking M would otherwise just
//! vanish and the run would hang).

use std::collections::{HashMap, HashSet};
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use gmp_core::runtime::Config;
use gmp_core::trace::{EvKind, Keep};
use gmp_core::{GIdx, GKind, GStatus, Runtime};
use gmp_live::live::std_clock;
use gmp_live::{Live, LiveOptions, Spawner, StdSpawner};

const MS: i64 = 1_000_000;
const SEC: i64 = 1_000 * MS;

/// `StdSpawner`, plus a count of the threads still running and the panics they hit.
#[derive(Clone, Default)]
struct Threads {
    running: Arc<AtomicUsize>,
    started: Arc<AtomicUsize>,
    panics: Arc<Mutex<Vec<String>>>,
}

struct CountingSpawner(Threads);

impl Spawner for CountingSpawner {
    fn spawn(&self, name: String, task: Box<dyn FnOnce() + Send + 'static>) {
        let t = self.0.clone();
        t.running.fetch_add(1, Ordering::AcqRel);
        t.started.fetch_add(1, Ordering::AcqRel);
        let thread_name = name.clone();
        StdSpawner.spawn(
            name,
            Box::new(move || {
                if let Err(e) = std::panic::catch_unwind(AssertUnwindSafe(task)) {
                    let msg = e
                        .downcast_ref::<String>()
                        .cloned()
                        .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                        .unwrap_or_else(|| "(non-string panic)".into());
                    t.panics
                        .lock()
                        .unwrap()
                        .push(format!("thread {thread_name}: {msg}"));
                }
                t.running.fetch_sub(1, Ordering::AcqRel);
            }),
        );
    }
}

/// One live run of a scenario.
struct Run {
    live: Live,
    threads: Threads,
    what: String,
    /// User goroutines created (main included), once the run is checked.
    created: usize,
}

fn start(name: &str, sets: &[(&str, &str)], procs: u32) -> Run {
    // The scenario's Go file (gmp-go's programs/) compiled.
    let s = gmp_go::scenarios::find(name).unwrap_or_else(|| panic!("no scenario {name}"));
    let given: Vec<(String, String)> = sets
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let p = s.params(&given).unwrap();
    let cfg = Config {
        gomaxprocs: procs,
        keep_events: Keep::All,
        ..Config::default()
    };
    let threads = Threads::default();
    let opts = LiveOptions {
        scale: 1.0,
        clock: std_clock(),
        max_threads: 10_000,
    };
    let live = Live::start(
        gmp_go::scenarios::program(s, &p).unwrap(),
        cfg,
        opts,
        Box::new(CountingSpawner(threads.clone())),
    )
    .unwrap();
    Run {
        live,
        threads,
        what: format!("{name} {sets:?} at GOMAXPROCS {procs}"),
        created: 0,
    }
}

impl Run {
    fn rt(&self) -> &Runtime {
        &self.live.rt
    }

    fn panics(&self) -> Vec<String> {
        self.threads.panics.lock().unwrap().clone()
    }

    /// Waits up to `max_virtual` ns (scale 1.0: real time) for the program to exit,
    /// failing on a thread's panic or a hang.
    fn wait_exit(&self, max_virtual: i64) -> i32 {
        loop {
            let p = self.panics();
            assert!(p.is_empty(), "{}: an M thread panicked: {p:?}", self.what);
            let until = (self.live.now() + 20 * MS).min(max_virtual);
            if let Some(code) = self.live.wait(until) {
                return code;
            }
            if until >= max_virtual {
                let diag = describe(self.rt());
                self.live.stop();
                panic!(
                    "{}: the program did not exit within {} ms\n{diag}",
                    self.what,
                    max_virtual / MS
                );
            }
        }
    }

    /// After the exit: every M thread returns within a few seconds.
    fn wait_threads(&self) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while self.threads.running.load(Ordering::Acquire) != 0 {
            assert!(
                Instant::now() < deadline,
                "{}: {} of {} M threads still running 10 s after the exit\n{}",
                self.what,
                self.threads.running.load(Ordering::Acquire),
                self.threads.started.load(Ordering::Acquire),
                describe(self.rt())
            );
            std::thread::sleep(Duration::from_millis(1));
        }
        let p = self.panics();
        assert!(p.is_empty(), "{}: an M thread panicked: {p:?}", self.what);
    }

    /// Runs to the end and checks output, conservation and invariants.
    fn finish(mut self, max_virtual: i64, want_stdout: &[&str]) -> Run {
        let code = self.wait_exit(max_virtual);
        self.wait_threads();
        let st = self.rt().exit_status().unwrap();
        assert_eq!(
            code, 0,
            "{}: exit {code}, stderr:\n{}",
            self.what, st.stderr
        );
        let out = self.rt().stdout_lines();
        assert_eq!(out, want_stdout, "{}: stdout", self.what);
        self.created = self.check_after_exit();
        self
    }

    /// As [`Run::finish`] for an order that real Go prints every time, with the two
    /// exceptions real threads allow, each accepted only when the event log shows it:
    /// the OS descheduled an M for 10 ms inside a time slice, so sysmon preempted the
    /// goroutine; or the P's schedtick was a multiple of 61 when a G yielded, so the
    /// fairness check ran the global queue's head (the yielder) first.
    fn finish_order(mut self, max_virtual: i64, want_stdout: &[&str]) -> Run {
        let code = self.wait_exit(max_virtual);
        self.wait_threads();
        assert_eq!(code, 0, "{}: exit {code}", self.what);
        let out = self.rt().stdout_lines();
        if out != want_stdout {
            use gmp_core::trace::{EvKind, StopReason};
            let ev = self.rt().events().snapshot();
            let preempted = ev
                .iter()
                .any(|e| matches!(e.kind, EvKind::Preempt { g, .. } if g >= 7));
            // The 1-in-61 fairness check (`proc.go: findRunnable`, `schedtick%61`): if the P's
            // schedtick is a multiple of 61 (0 included: every G so far came from
            // runnext, as when spinning Ms stole runtime.main's helpers first), the G that
            // just yielded comes straight back from the global queue before the ring's G.
            let fairness = ev.iter().enumerate().any(|(i, e)| match e.kind {
                EvKind::GoStop {
                    g,
                    reason: StopReason::Gosched,
                } => ev[i + 1..]
                    .iter()
                    .find(|n| n.p == e.p && matches!(n.kind, EvKind::GoStart { .. }))
                    .is_some_and(|n| n.kind == EvKind::GoStart { g }),
                _ => false,
            });
            assert!(
                preempted || fairness,
                "{}: stdout {out:?} differs from Go's {want_stdout:?} without a preemption or the 1-in-61 check",
                self.what
            );
        }
        self.created = self.check_after_exit();
        self
    }

    /// Invariants and conservation once every thread has returned; returns the number
    /// of user goroutines created (main included).
    fn check_after_exit(&self) -> usize {
        let rt = self.rt();
        if let Err(e) = rt.check_invariants() {
            panic!(
                "{}: invariant broken after exit: {e}\n{}",
                self.what,
                describe(rt)
            );
        }
        conservation(rt, &self.what)
    }
}

/// Every user goroutine that was created was destroyed exactly once, or is still alive:
/// only the few that had not returned yet when main exited (`wg.Done()` wakes main
/// before the G itself exits), at most one per P. Returns the number of user goroutines
/// created (main included).
fn conservation(rt: &Runtime, what: &str) -> usize {
    let procs = rt.gomaxprocs().max(rt.cfg().gomaxprocs) as usize;
    conservation_allowing(rt, what, procs + 1)
}

/// As [`conservation`], allowing up to `max_alive` user goroutines besides main to be
/// alive (not exited) at the end: for programs stopped from outside, or that exit with
/// goroutines still running.
fn conservation_allowing(rt: &Runtime, what: &str, max_alive: usize) -> usize {
    // goid → kind and status of the Gs alive now (a dead G's slot may carry a newer goid).
    let mut alive: HashMap<u64, (GKind, GStatus)> = HashMap::new();
    let mut system: HashSet<u64> = HashSet::new();
    for i in 1..rt.allgs().len() {
        let g = rt.g(GIdx(i as u32));
        if g.kind() == GKind::System {
            // runtime.main's own goroutines are created once and never exit.
            system.insert(g.goid());
        }
        if g.status() != GStatus::Dead && g.status() != GStatus::Idle {
            alive.insert(g.goid(), (g.kind(), g.status()));
        }
    }
    // Goids are dense (per-P batches of 16 from one counter): count by index.
    let mut created: Vec<u8> = Vec::new();
    let mut destroyed: Vec<u8> = Vec::new();
    let bump = |v: &mut Vec<u8>, g: u64| {
        let i = g as usize;
        if v.len() <= i {
            v.resize(i + 1, 0);
        }
        v[i] = v[i].saturating_add(1);
    };
    for e in rt.events().snapshot() {
        match e.kind {
            EvKind::GoCreate { g, .. } if !system.contains(&g) => bump(&mut created, g),
            EvKind::GoDestroy { g } => {
                assert!(!system.contains(&g), "{what}: system goroutine {g} exited");
                bump(&mut destroyed, g);
            }
            _ => {}
        }
    }
    destroyed.resize(created.len().max(destroyed.len()), 0);
    created.resize(destroyed.len(), 0);
    let mut stragglers = Vec::new();
    let mut total = 0;
    for g in 0..created.len() {
        let (c, d) = (created[g], destroyed[g]);
        let goid = g as u64;
        assert!(c <= 1, "{what}: goroutine {goid} created {c} times");
        assert!(
            d <= c,
            "{what}: goroutine {goid} destroyed {d} times, created {c}"
        );
        if c == 0 {
            continue;
        }
        total += 1;
        match (d, alive.get(&goid)) {
            (1, None) => {}
            (1, Some(st)) => panic!("{what}: goroutine {goid} destroyed but alive: {st:?}"),
            (_, None) => {
                panic!("{what}: goroutine {goid} was lost (created, never destroyed, not alive)")
            }
            (_, Some((GKind::Main, _))) => {}
            (_, Some(st)) => stragglers.push((goid, *st)),
        }
    }
    assert!(
        stragglers.len() <= max_alive,
        "{what}: {} goroutines never exited: {:?}",
        stragglers.len(),
        &stragglers[..stragglers.len().min(10)]
    );
    total
}

/// Where every M, P and the non-dead Gs are: for hang reports.
fn describe(rt: &Runtime) -> String {
    let mut s = format!(
        "now {} ms, gomaxprocs {}, global queue {}, nmspinning {}, npidle {}, nmidle {}, events {}\n",
        rt.now() / MS,
        rt.gomaxprocs(),
        rt.sched().runqsize.load(Ordering::Relaxed),
        rt.sched().nmspinning.load(Ordering::Relaxed),
        rt.sched().npidle.load(Ordering::Relaxed),
        rt.sched().nmidle.load(Ordering::Relaxed),
        rt.events().count.load(Ordering::Relaxed),
    );
    for i in 0..rt.allm().len() {
        let m = &rt.allm()[i];
        let cont = format!("{:?}", m.cont());
        s.push_str(&format!(
            "  M{} sysmon={} p={:?} curg={} spinning={} park={} cont={cont}\n",
            m.id,
            m.is_sysmon,
            m.p(),
            rt.goid(m.curg()),
            m.spinning.load(Ordering::Relaxed),
            m.park.load(Ordering::Relaxed),
        ));
    }
    for p in 0..rt.gomaxprocs() {
        let pp = rt.p(p);
        s.push_str(&format!(
            "  P{p} {:?} m={:?} runq={} runnext={}\n",
            pp.status(),
            pp.m(),
            pp.runq.len(),
            rt.goid(pp.runq.runnext())
        ));
    }
    let mut by_status: HashMap<String, usize> = HashMap::new();
    for i in 1..rt.allgs().len() {
        let g = rt.g(GIdx(i as u32));
        if g.kind() != GKind::System {
            *by_status.entry(format!("{:?}", g.status())).or_default() += 1;
        }
    }
    s.push_str(&format!("  user Gs by status: {by_status:?}\n"));
    s
}

// ------------------------------------------------------------------------------ tests

#[test]
fn gosched_prints_go_order_at_every_gomaxprocs() {
    // The program sets GOMAXPROCS(1) itself, so the order is fixed whatever --procs is.
    for procs in 1..=4 {
        for _ in 0..3 {
            start("gosched", &[], procs).finish_order(10 * SEC, &["[B0 A0 B1 A1 B2 A2]"]);
        }
    }
    // More goroutines and iterations, still one P: the global queue round robin.
    start("gosched", &[("goroutines", "3")], 2)
        .finish_order(10 * SEC, &["[C0 A0 B0 C1 A1 B1 C2 A2 B2]"]);
}

#[test]
fn gosched_on_several_ps_loses_no_goroutine() {
    // procs=N in the program: the labels interleave freely, but all are recorded.
    for procs in 2..=4u32 {
        let run = start(
            "gosched",
            &[
                ("goroutines", "8"),
                ("iterations", "200"),
                ("procs", &procs.to_string()),
            ],
            procs,
        );
        let code = run.wait_exit(20 * SEC);
        assert_eq!(code, 0);
        run.wait_threads();
        let out = run.rt().stdout_lines().join("\n");
        let rec = out.trim_matches(['[', ']']).split_whitespace().count();
        assert_eq!(rec, 8 * 200, "{}: labels recorded", run.what);
        run.check_after_exit();
    }
}

#[test]
fn cpu_bound_short_work() {
    for procs in 1..=4 {
        for goroutines in ["4", "40"] {
            start(
                "cpu-bound",
                &[("goroutines", goroutines), ("work", "5ms")],
                procs,
            )
            .finish(30 * SEC, &["done"]);
        }
    }
}

#[test]
fn syscalls_hand_off_ps() {
    for procs in 1..=4 {
        start(
            "syscall",
            &[
                ("cpu", "3"),
                ("work", "20ms"),
                ("blocking", "4"),
                ("syscall", "10ms"),
                ("stagger", "2ms"),
            ],
            procs,
        )
        .finish(30 * SEC, &["done"]);
    }
}

#[test]
fn netpoll_readers_park_and_return() {
    for procs in 1..=4 {
        start(
            "netpoll",
            &[
                ("cpu", "3"),
                ("work", "20ms"),
                ("readers", "5"),
                ("latency", "5ms"),
            ],
            procs,
        )
        .finish(30 * SEC, &["done"]);
    }
}

#[test]
fn pingpong_runnext_handoffs() {
    for procs in 1..=4u32 {
        for prog_procs in ["1", "2"] {
            start(
                "pingpong",
                &[("rounds", "5000"), ("procs", prog_procs)],
                procs,
            )
            .finish(30 * SEC, &["5000 round trips"]);
        }
    }
}

#[test]
fn compute_all_fixed_semaphore() {
    for procs in 1..=4 {
        start(
            "compute-all-fixed",
            &[("n", "50"), ("attempts", "10"), ("attempt", "50us")],
            procs,
        )
        .finish(30 * SEC, &["50 of 50 results ready"]);
    }
}

#[test]
fn spawn_many_goroutines_repeatedly() {
    for procs in 1..=4 {
        for _ in 0..3 {
            start("spawn", &[("n", "2000")], procs).finish(30 * SEC, &["2000 goroutines done"]);
        }
    }
}

/// The "10^6+ Gs per run" requirement, at GOMAXPROCS 1 and 2, with every event kept
/// for the conservation check (about 3 million per run). A debug build takes 5-10 s per
/// run on 2 cores (release: 1-2 s), within the suite's budget, so debug and release both
/// spawn the full million.
#[test]
fn spawn_a_million_goroutines() {
    const N: usize = 1_000_000;
    for procs in 1..=2 {
        let t0 = Instant::now();
        let want = format!("{N} goroutines done");
        let run = start("spawn", &[("n", &N.to_string())], procs).finish(300 * SEC, &[&want]);
        assert_eq!(run.created, N + 1, "{}: user goroutines created", run.what);
        eprintln!(
            "spawn n={N} procs={procs}: {:.2} s, {} events",
            t0.elapsed().as_secs_f64(),
            run.rt().events().count.load(Ordering::Relaxed)
        );
    }
}

/// GOMAXPROCS 4 → 2 → 3 while 40 CPU-bound Gs run: two stop-the-worlds, Ps destroyed
/// (their queues go global) and recreated, and every G still finishes.
///
/// An outside request is applied by the runtime's updater goroutine: with every P busy,
/// sysmon asks the Ps for a safe point and the first one in the scheduler readies the
/// updater (a few ms here). The work (40 × 50 ms of CPU) outlasts both changes with a
/// wide margin, even if the updater had to wait its turn in the global queue.
#[test]
fn gomaxprocs_changes_while_running() {
    for iter in 0..3 {
        let run = start("cpu-bound", &[("goroutines", "40"), ("work", "50ms")], 4);
        let rt = Arc::clone(&run.live.rt);
        let wait_for = |n: u32| {
            let deadline = Instant::now() + Duration::from_secs(10);
            while rt.gomaxprocs() != n && !rt.is_exited() {
                assert!(
                    Instant::now() < deadline,
                    "iteration {iter}: GOMAXPROCS never became {n}\n{}",
                    describe(&rt)
                );
                std::thread::sleep(Duration::from_micros(200));
            }
        };
        std::thread::sleep(Duration::from_millis(30));
        let t0 = Instant::now();
        rt.request_gomaxprocs(2).unwrap();
        wait_for(2);
        let t1 = Instant::now();
        std::thread::sleep(Duration::from_millis(30));
        let t2 = Instant::now();
        rt.request_gomaxprocs(3).unwrap();
        wait_for(3);
        eprintln!(
            "GOMAXPROCS 4→2 took {:?}, 2→3 took {:?}",
            t1 - t0,
            t2.elapsed()
        );
        let run = run.finish(60 * SEC, &["done"]);
        let changes: Vec<u32> = run
            .rt()
            .events()
            .snapshot()
            .iter()
            .filter_map(|e| match e.kind {
                EvKind::ProcsChange { procs } => Some(procs),
                _ => None,
            })
            .collect();
        // Start-up (4), then the two requests (the work lasts ~200 ms, the requests
        // come at ~30 and ~60 ms).
        assert_eq!(changes, vec![4, 2, 3], "{}", run.what);
        assert_eq!(run.rt().gomaxprocs(), 3);
    }
}

/// GOMAXPROCS changes while `go` statements fill the rings: destroyed Ps hand their
/// queues (runnext, ring) to the global queue's head, with thieves and overflows racing.
#[test]
fn gomaxprocs_changes_while_spawning() {
    for (procs, changes) in [(4, [1, 3]), (2, [4, 1]), (3, [2, 4])] {
        let run = start("spawn", &[("n", "100000")], procs);
        for n in changes {
            std::thread::sleep(Duration::from_millis(2));
            run.rt().request_gomaxprocs(n).unwrap();
        }
        run.finish(60 * SEC, &["100000 goroutines done"]);
    }
}

/// `checkdead` on real threads: with every G blocked (after a sleeper's timer), the last
/// M to go idle reports the deadlock, status 2.
#[test]
fn deadlock_is_reported_on_real_threads() {
    for procs in 1..=4 {
        let run = start("deadlock", &[("sleeper", "true")], procs);
        let code = run.wait_exit(10 * SEC);
        run.wait_threads();
        let st = run.rt().exit_status().unwrap();
        assert_eq!(code, 2, "{}: {}", run.what, st.stderr);
        assert!(
            st.stderr
                .contains("fatal error: all goroutines are asleep - deadlock!"),
            "{}: {}",
            run.what,
            st.stderr
        );
        run.check_after_exit();
    }
}

/// `Live::stop` in the middle of a run (Gs spinning, sleeping, queued): every thread
/// returns, the runtime is consistent, and no G is lost (they are all still somewhere).
#[test]
fn stop_mid_run_leaves_a_consistent_runtime() {
    for procs in 1..=4 {
        let run = start(
            "compute-all",
            &[("n", "60"), ("attempts", "1000"), ("sleep", "2s")],
            procs,
        );
        // Mid-run: once main has started all 60 (each spins for up to 1000 ms of
        // attempts, then main sleeps 2 s). On a loaded machine the real threads may take
        // longer than a fixed 40 ms to get there.
        let t0 = std::time::Instant::now();
        let started = |rt: &Runtime| {
            let system: HashSet<u64> = (1..rt.allgs().len())
                .map(|i| rt.g(GIdx(i as u32)))
                .filter(|g| g.kind() == GKind::System)
                .map(|g| g.goid())
                .collect();
            rt.events()
                .snapshot()
                .iter()
                .filter(|e| matches!(e.kind, EvKind::GoCreate { g, .. } if !system.contains(&g)))
                .count()
        };
        while started(run.rt()) < 60 && t0.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(5));
        }
        std::thread::sleep(Duration::from_millis(20));
        assert!(!run.rt().is_exited(), "{}: ended early", run.what);
        run.live.stop();
        run.wait_threads();
        if let Err(e) = run.rt().check_invariants() {
            panic!("{}: after stop: {e}\n{}", run.what, describe(run.rt()));
        }
        let created = conservation_allowing(run.rt(), &run.what, 60);
        assert_eq!(created, 61, "{}: goroutines created", run.what);
    }
}

/// Outside GOMAXPROCS requests every few tens of µs while Ps go idle and busy (syscall
/// hand-offs): sysmon and the Ms' schedulers both try to ready the updater goroutine,
/// and it must be readied once per request (a double ready was a `casgstatus` panic).
#[test]
fn gomaxprocs_requests_bombard_a_busy_program() {
    let mut x: u64 = 0x9E37_79B9;
    let mut rand = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for procs in 2..=4 {
        for _ in 0..3 {
            let run = start(
                "syscall",
                &[
                    ("cpu", "3"),
                    ("work", "20ms"),
                    ("blocking", "200"),
                    ("syscall", "300us"),
                    ("stagger", "100us"),
                ],
                procs,
            );
            let deadline = Instant::now() + Duration::from_secs(30);
            while !run.rt().is_exited() && Instant::now() < deadline {
                assert!(run.panics().is_empty(), "{}: {:?}", run.what, run.panics());
                std::thread::sleep(Duration::from_micros(rand() % 100));
                run.rt()
                    .request_gomaxprocs((rand() % 3 + 2) as u32)
                    .unwrap();
            }
            let run = run.finish(30 * SEC, &["done"]);
            let changes = run
                .rt()
                .events()
                .snapshot()
                .iter()
                .filter(|e| matches!(e.kind, EvKind::ProcsChange { .. }))
                .count();
            assert!(changes >= 2, "{}: no GOMAXPROCS change applied", run.what);
        }
    }
}

/// The playground's accept loop on real threads: requests for CPU-bound, blocking and
/// network goroutines arrive from outside (`request_spawn`, as the Spawn buttons send
/// them) while the loop parks on the netpoller, is woken, spawns, and parks again. Every
/// requested goroutine runs and exits; then the run is stopped.
#[test]
fn playground_spawn_requests_from_outside() {
    let mut x: u64 = 0x2545_F491;
    let mut rand = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for procs in 1..=4 {
        let run = start(
            "playground",
            &[("work", "2ms"), ("syscall", "1ms"), ("latency", "1ms")],
            procs,
        );
        let mut asked = 0usize;
        for _ in 0..60 {
            let kind = [GKind::Cpu, GKind::Blocking, GKind::Network][(rand() % 3) as usize];
            let n = (rand() % 8 + 1) as u32;
            run.rt().request_spawn(kind, n).unwrap();
            asked += n as usize;
            std::thread::sleep(Duration::from_micros(rand() % 500));
        }
        // Every requested G is created and exits.
        let deadline = Instant::now() + Duration::from_secs(30);
        let destroyed = || {
            run.rt()
                .events()
                .snapshot()
                .iter()
                .filter(|e| matches!(e.kind, EvKind::GoDestroy { .. }))
                .count()
        };
        while destroyed() < asked {
            assert!(run.panics().is_empty(), "{}: {:?}", run.what, run.panics());
            assert!(!run.rt().is_exited(), "{}: exited", run.what);
            assert!(
                Instant::now() < deadline,
                "{}: {} of {asked} requested goroutines done after 30 s\n{}",
                run.what,
                destroyed(),
                describe(run.rt())
            );
            std::thread::sleep(Duration::from_millis(2));
        }
        run.live.stop();
        run.wait_threads();
        if let Err(e) = run.rt().check_invariants() {
            panic!("{}: after stop: {e}\n{}", run.what, describe(run.rt()));
        }
        let created = conservation_allowing(run.rt(), &run.what, 0);
        assert_eq!(created, asked + 1, "{}: goroutines created", run.what);
    }
}
