//! The four scenarios that once ran as op lists (syscall, netpoll, playground,
//! cpu-bound), now Go files (programs/*.go) with `os`, `net` and `gmp/explorer`
//! (tests/io/*/main.go link to them, and tests/io/explorer is the stand-in that lets
//! real Go build them): on the deterministic driver each shows the scheduling the
//! core's op-list workload of the same name (`gmp_core::workloads`) shows.

use std::collections::HashMap;

use gmp_core::sim::Stop;
use gmp_core::trace::{EvKind, Event};
use gmp_core::workloads;
use gmp_core::{Config, GKind, Program, Sim};
use gmp_live::live::std_clock;
use gmp_live::{Live, LiveOptions, StdSpawner};

const MS: i64 = 1_000_000;

fn fixture(name: &str) -> String {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/io")
        .join(name)
        .join("main.go");
    std::fs::read_to_string(p).unwrap()
}

/// The scenario's Go file (programs/NAME.go) with some of its parameters set (shorter
/// CPU loops keep the tests quick: each iteration runs in the VM).
fn go(name: &str, sets: &[(&str, &str)]) -> Program {
    let s = gmp_go::scenarios::find(name).unwrap();
    let given: Vec<(String, String)> = sets
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    gmp_go::scenarios::program(s, &s.params(&given).unwrap())
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// A Go file of tests/io compiled as it is.
fn go_file(name: &str) -> Program {
    gmp_go::compile(&fixture(name))
        .unwrap_or_else(|d| panic!("{name}: {d:?}"))
        .program()
}

fn ops(name: &str, sets: &[(&str, &str)]) -> Program {
    let s = workloads::find(name).unwrap();
    let given: Vec<(String, String)> = sets
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    s.program(&s.params(&given).unwrap())
        .unwrap_or_else(|| panic!("{name} has an op list"))
}

fn sim(prog: Program, procs: u32, seed: u64) -> Sim {
    let cfg = Config {
        gomaxprocs: procs,
        ..Config::default()
    };
    Sim::new(prog, cfg, seed).unwrap()
}

/// Runs to the end (at most `limit` ns of virtual time), noting each goroutine's start
/// function (`main.readFile`) by goid every virtual millisecond (a dead G's struct is
/// reused for a later goroutine, so the end's snapshot does not have them all).
fn run_for(s: Sim, limit: i64) -> (Sim, Stop, HashMap<u64, String>) {
    run_sampled(s, limit, MS)
}

fn run_sampled(mut s: Sim, limit: i64, every: i64) -> (Sim, Stop, HashMap<u64, String>) {
    let mut names = HashMap::new();
    let mut t = 0;
    let stop = loop {
        t += every;
        let stop = s.run_until(t.min(limit), u64::MAX);
        for g in s.rt.snapshot().gs {
            let (f, _) = s.rt.goroutine_name(g.startfn, g.startarg);
            names.entry(g.goid).or_insert_with(|| f.to_string());
        }
        if stop != Stop::TimeLimit || t >= limit {
            break stop;
        }
    };
    (s, stop, names)
}

fn run(prog: Program, procs: u32, seed: u64) -> (Sim, Stop, HashMap<u64, String>) {
    run_for(sim(prog, procs, seed), 5_000 * MS)
}

fn events(s: &Sim) -> Vec<Event> {
    s.rt.events().snapshot()
}

fn stdout(s: &Sim) -> Vec<String> {
    s.rt.stdout_lines()
}

fn goid(k: &EvKind) -> Option<u64> {
    match *k {
        EvKind::GoCreate { g, .. }
        | EvKind::GoStart { g }
        | EvKind::GoStop { g, .. }
        | EvKind::GoBlock { g, .. }
        | EvKind::GoUnblock { g }
        | EvKind::GoDestroy { g }
        | EvKind::GoSyscallBegin { g }
        | EvKind::GoSyscallEnd { g }
        | EvKind::GoSyscallEndBlocked { g } => Some(g),
        _ => None,
    }
}

/// What a run shows, counted: per start function, how many goroutines it had and how
/// many of some events they had.
#[derive(Debug, Default, PartialEq)]
struct Figures {
    created: Vec<(String, usize)>,
    syscalls: usize,
    syscalls_blocked: usize,
    retakes: usize,
    netpoll_parks: usize,
    netpoll_readied: usize,
}

fn figures(s: &Sim, names: &HashMap<u64, String>, func: &str) -> Figures {
    let ev = events(s);
    let of = |e: &Event| {
        goid(&e.kind)
            .and_then(|g| names.get(&g))
            .map(String::as_str)
    };
    let mut created: HashMap<String, usize> = HashMap::new();
    for e in &ev {
        if let (EvKind::GoCreate { .. }, Some(n)) = (&e.kind, of(e)) {
            if n.starts_with("main.") {
                *created.entry(n.to_string()).or_default() += 1;
            }
        }
    }
    let mut created: Vec<_> = created.into_iter().collect();
    created.sort();
    let count = |f: &dyn Fn(&EvKind) -> bool| {
        ev.iter()
            .filter(|e| of(e) == Some(func) && f(&e.kind))
            .count()
    };
    Figures {
        created,
        syscalls: count(&|k| matches!(k, EvKind::GoSyscallBegin { .. })),
        syscalls_blocked: count(&|k| matches!(k, EvKind::GoSyscallEndBlocked { .. })),
        // Ps that another M took from an M whose goroutine (of `func`) was in a syscall.
        retakes: ev
            .iter()
            .enumerate()
            .filter(|(i, e)| match e.kind {
                EvKind::ProcSteal { m: lost, .. } if lost != e.m => ev[..*i]
                    .iter()
                    .rev()
                    .find(|b| b.m == lost && matches!(b.kind, EvKind::GoSyscallBegin { .. }))
                    .is_some_and(|b| of(b) == Some(func)),
                _ => false,
            })
            .count(),
        netpoll_parks: count(&|k| {
            matches!(
                k,
                EvKind::GoBlock {
                    reason: "network",
                    ..
                }
            )
        }),
        netpoll_readied: count(&|k| matches!(k, EvKind::GoUnblock { .. })),
    }
}

const US: i64 = 1_000;

/// The events of goroutines started by `func`, by goid.
fn gs_of<'a>(ev: &'a [Event], names: &HashMap<u64, String>, func: &str) -> Vec<Vec<&'a Event>> {
    let mut ids: Vec<u64> = names
        .iter()
        .filter(|(_, n)| n.as_str() == func)
        .map(|(g, _)| *g)
        .collect();
    ids.sort();
    ids.iter()
        .map(|g| ev.iter().filter(|e| goid(&e.kind) == Some(*g)).collect())
        .collect()
}

/// `proc.go: entersyscall` (`reentersyscall`), `sysmon` → `retake` → `handoffp`,
/// `exitsyscall` (its slow path, `GoSyscallEndBlocked`), `startm` (the thread count):
/// each goroutine reading `explorer.SlowFile` blocks in read(2) for the file's 50 ms;
/// sysmon takes its P after 20 µs (within its 10 ms back-off at most) and another M
/// runs it; the read ends 50 ms after it began, without its P. The op list
/// (`Op::Syscall`) shows the same figures and the same number of threads.
#[test]
fn syscall_from_go_hands_off_ps_as_its_op_list_does() {
    let edits = [("work", "20ms")];
    for procs in [1, 2] {
        let (a, sa, na) = run(ops("syscall", &[("work", "20ms")]), procs, 3);
        let (b, sb, nb) = run(go("syscall", &edits), procs, 3);
        assert_eq!((sa, sb), (Stop::Exited(0), Stop::Exited(0)), "P={procs}");
        assert_eq!(stdout(&a), ["done"]);
        assert_eq!(stdout(&b), ["done"]);
        let (fa, fb) = (
            figures(&a, &na, "main.readFile"),
            figures(&b, &nb, "main.readFile"),
        );
        assert_eq!(fa, fb, "P={procs}");
        assert_eq!(fb.syscalls, 3);
        assert_eq!(fb.syscalls_blocked, 3);
        assert_eq!(a.rt.mcount(), b.rt.mcount(), "threads at P={procs}");
        let ev = events(&b);
        for g in gs_of(&ev, &nb, "main.readFile") {
            let begin = g
                .iter()
                .find(|e| matches!(e.kind, EvKind::GoSyscallBegin { .. }))
                .expect("read(2)");
            let end = g
                .iter()
                .find(|e| matches!(e.kind, EvKind::GoSyscallEndBlocked { .. }))
                .expect("returned without its P");
            let d = end.t - begin.t;
            assert!(
                (50 * MS..50 * MS + 50 * US).contains(&d),
                "read took {d} ns"
            );
            let steal = ev
                .iter()
                .find(|e| {
                    e.t >= begin.t
                        && matches!(e.kind, EvKind::ProcSteal { p, m } if p == begin.p && m == begin.m)
                })
                .expect("retake took the P");
            assert_ne!(steal.m, begin.m, "sysmon took it, not the M in the syscall");
            let after = steal.t - begin.t;
            // At sysmon's first look that sees the same `syscalltick` twice: one tick
            // (20 µs up to its 10 ms back-off) after the syscall began at most.
            assert!(
                (1..=10 * MS + 20 * US).contains(&after),
                "retake after {after} ns"
            );
        }
    }
}

/// `netpoll.go: netpollblock` → `gopark(waitReasonIOWait)` ("network"), then
/// `netpoll` → `injectglist` (`GoUnblock`) from `findRunnable` or sysmon: each
/// goroutine reading a connection from `explorer.DialSlowPeer` parks until its byte
/// arrives 30 ms later, its M runs another goroutine meanwhile, and no thread is made
/// for the wait. The op list (`Op::NetRead`) shows the same figures.
#[test]
fn netpoll_from_go_parks_readers_as_its_op_list_does() {
    let edits = [("work", "20ms")];
    for procs in [1, 2] {
        let (a, sa, na) = run(ops("netpoll", &[("work", "20ms")]), procs, 1);
        let (b, sb, nb) = run(go("netpoll", &edits), procs, 1);
        assert_eq!((sa, sb), (Stop::Exited(0), Stop::Exited(0)), "P={procs}");
        assert_eq!(stdout(&b), ["done"]);
        let (fa, fb) = (
            figures(&a, &na, "main.readConn"),
            figures(&b, &nb, "main.readConn"),
        );
        assert_eq!(fa, fb, "P={procs}");
        assert_eq!((fb.netpoll_parks, fb.netpoll_readied), (3, 3));
        assert_eq!(fb.syscalls_blocked, 0);
        assert_eq!(a.rt.mcount(), b.rt.mcount(), "threads at P={procs}");
        assert!(
            b.rt.mcount() <= procs as i64 + 2,
            "network waits need no threads"
        );
        let ev = events(&b);
        for g in gs_of(&ev, &nb, "main.readConn") {
            let park = g
                .iter()
                .find(|e| {
                    matches!(
                        e.kind,
                        EvKind::GoBlock {
                            reason: "network",
                            ..
                        }
                    )
                })
                .expect("parked on the netpoller");
            let ready = g
                .iter()
                .find(|e| e.t >= park.t && matches!(e.kind, EvKind::GoUnblock { .. }))
                .expect("readied by netpoll");
            let d = ready.t - park.t;
            assert!(
                (30 * MS..=40 * MS + 20 * US).contains(&d),
                "readied after {d} ns"
            );
        }
        let i = ev
            .iter()
            .position(|e| matches!(e.kind, EvKind::GoBlock { reason: "network", g } if nb.get(&g).map(String::as_str) == Some("main.readConn")))
            .unwrap();
        assert!(
            ev[i + 1..]
                .iter()
                .any(|e| e.m == ev[i].m && matches!(e.kind, EvKind::GoStart { .. })),
            "the M ran another G"
        );
    }
}

/// The page's accept loop: `ln.Accept()` parks main on the netpoller until
/// `Runtime::request_spawn` (a Spawn button, the CLI's inputs) sends a request; the
/// netpoller readies it (`netpoll` → `injectglist`), `explorer.ReadRequest` reads the
/// counts and main's own `go` statements start them (`newproc` with parent goid 1),
/// as the op list's `Op::Accept` + `Op::SpawnRequested` do. The blocking and network
/// goroutines then hand off and park as in the scenarios above.
#[test]
fn accept_loop_from_go_starts_the_requested_goroutines() {
    let edits = [("work", "20ms")];
    let op_list = ops("playground", &[("work", "20ms")]);
    let mut results = Vec::new();
    for prog in [op_list, go("playground", &edits)] {
        let s = sim(prog, 2, 1);
        s.rt.request_spawn(GKind::Cpu, 2).unwrap();
        s.rt.request_spawn(GKind::Blocking, 1).unwrap();
        s.rt.request_spawn(GKind::Network, 1).unwrap();
        let (s, stop, mut names) = run_for(s, 10 * MS);
        assert_eq!(stop, Stop::TimeLimit, "an accept loop runs until stopped");
        let first = figures(&s, &names, "main.readFile");
        assert_eq!(s.rt.output_since(&mut Default::default()).pending_spawns, 0);
        // main waits in Accept again: parked on the netpoller as its listener.
        let main =
            s.rt.snapshot()
                .gs
                .into_iter()
                .find(|g| g.goid == 1)
                .unwrap();
        assert_eq!(main.waitreason.trace_block_reason(), "network");
        // A second request while the first goroutines run. (Made while nothing at all
        // runs, it would wait for the driver's next step: sysmon's deep sleep or a
        // timer; `Sim::run_until` applies requests only after a step.)
        s.rt.request_spawn(GKind::Cpu, 1).unwrap();
        s.rt.request_spawn(GKind::Network, 2).unwrap();
        let (s, _, later) = run_for(s, 400 * MS);
        names.extend(later);
        let all = figures(&s, &names, "main.handleConn");
        let file = figures(&s, &names, "main.readFile");
        let ev = events(&s);
        assert!(ev
            .iter()
            .filter(|e| matches!(e.kind, EvKind::GoCreate { g, .. } if names.get(&g).is_some_and(|n| n.starts_with("main."))))
            .all(|e| matches!(e.kind, EvKind::GoCreate { parent: 1, .. })));
        results.push((first, all, file));
    }
    assert_eq!(results[0], results[1]);
    let (first, all, file) = &results[1];
    assert_eq!(
        first.created,
        [
            ("main.crunch".to_string(), 2),
            ("main.handleConn".to_string(), 1),
            ("main.readFile".to_string(), 1)
        ]
    );
    assert_eq!(
        all.created,
        [
            ("main.crunch".to_string(), 3),
            ("main.handleConn".to_string(), 3),
            ("main.readFile".to_string(), 1)
        ]
    );
    assert_eq!((all.netpoll_parks, all.netpoll_readied), (3, 3));
    assert_eq!(all.syscalls, 0);
    assert_eq!(
        (file.syscalls, file.syscalls_blocked, file.retakes),
        (1, 1, 1)
    );
}

/// `sysmon` → `preemptone` (`forcePreemptNS` = 10 ms) and `runqsteal`: the
/// cpu-bound goroutines are time-sliced by asynchronous preemption and stolen by the
/// idle P, in Go as in the op list. Where they differ: the Go loop runs until
/// `time.Since(start)` (elapsed time, as real Go's does) where `Op::Work` counts CPU
/// time, so at GOMAXPROCS=1 they end sooner in Go (real Go 1.27.3: 8 × 50 ms at
/// GOMAXPROCS=1 take 0.21-0.22 s of wall time, 3 runs); and `time.Since` is a call, a
/// safe point, so with `asyncpreemptoff=1` Go still time-slices the loop
/// (`gopreempt_m` at the prologue) where the call-free `Op::Work` never stops.
#[test]
fn cpu_bound_from_go_time_slices_like_its_op_list() {
    let edits = [("goroutines", "3"), ("work", "25ms")];
    let preempts = |s: &Sim, async_: bool| {
        events(s)
            .iter()
            .filter(|e| matches!(e.kind, EvKind::Preempt { async_: a, .. } if a == async_))
            .count()
    };
    let steals = |s: &Sim| {
        events(s)
            .iter()
            .filter(|e| matches!(e.kind, EvKind::Steal { .. }))
            .count()
    };
    let sets = [("goroutines", "3"), ("work", "25ms")];
    for procs in [1, 2] {
        let (a, sa, _) = run(ops("cpu-bound", &sets), procs, 1);
        let (b, sb, _) = run(go("cpu-bound", &edits), procs, 1);
        assert_eq!((sa, sb), (Stop::Exited(0), Stop::Exited(0)));
        assert_eq!(stdout(&a), stdout(&b));
        assert!(
            preempts(&a, true) > 0 && preempts(&b, true) > 0,
            "P={procs}"
        );
        if procs == 2 {
            assert!(steals(&a) > 0 && steals(&b) > 0, "the idle P steals");
        }
        // Elapsed time against CPU time: the Go loops end no later.
        assert!(b.now() <= a.now(), "Go {} ns, ops {} ns", b.now(), a.now());
    }
    // asyncpreemptoff=1 at GOMAXPROCS=1.
    let cfg = Config {
        gomaxprocs: 1,
        asyncpreemptoff: true,
        ..Config::default()
    };
    let (a, _, _) = run_for(
        Sim::new(ops("cpu-bound", &sets), cfg.clone(), 1).unwrap(),
        5_000 * MS,
    );
    let (b, _, _) = run_for(
        Sim::new(go("cpu-bound", &edits), cfg, 1).unwrap(),
        5_000 * MS,
    );
    assert_eq!(
        preempts(&a, false) + preempts(&a, true),
        0,
        "Op::Work has no safe point"
    );
    assert!(preempts(&b, false) > 0, "time.Since's prologue is one");
}

/// The packages' results and errors in Go's words: tests/io/errors/expected.txt is what
/// real Go 1.27.3 printed with the stand-in (10 of 10 runs the same).
#[test]
fn os_net_and_explorer_print_what_real_go_printed() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/io/errors");
    let want = std::fs::read_to_string(dir.join("expected.txt")).unwrap();
    let (s, stop, _) = run(go_file("errors"), 1, 1);
    assert_eq!(stop, Stop::Exited(0));
    assert_eq!(stdout(&s).join("\n") + "\n", want);
}

/// Under the live driver (every M a real thread; read(2) really sleeps its thread):
/// the syscall program ends with "done", and the blocked reads cost threads.
#[test]
fn syscall_from_go_on_real_threads() {
    let prog = go("syscall", &[("work", "20ms")]);
    let cfg = Config {
        gomaxprocs: 2,
        keep_events: gmp_core::trace::Keep::All,
        ..Config::default()
    };
    let opts = LiveOptions {
        scale: 1.0,
        clock: std_clock(),
        max_threads: 64,
    };
    let live = Live::start(prog, cfg, opts, Box::new(StdSpawner)).expect("starts");
    let code = live.wait(live.now() + 30_000_000_000);
    let out = live.rt.stdout_lines();
    let ev = live.rt.events().snapshot();
    let threads = live.rt.mcount();
    live.stop();
    assert_eq!(code, Some(0));
    assert_eq!(out, ["done"]);
    // The three blocking reads are retaken; main's own write of "done" may be too
    // when the machine is loaded (real threads, real time), so only the readers'
    // syscalls are counted.
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e.kind, EvKind::GoSyscallEndBlocked { g } if g != 1))
            .count(),
        3
    );
    assert!(threads >= 4, "threads={threads}");
}

/// `exitsyscall`'s fast path (`exitsyscallfast`): a 5 µs read(2) ends before sysmon
/// takes the P, so the G goes on with the P it had (`GoSyscallEnd`), as the op list's
/// `syscall=5us` run does.
#[test]
fn a_short_read_keeps_its_p() {
    let edits = [("cpu", "0"), ("blocking", "1"), ("syscall", "5us")];
    let sets = [("cpu", "0"), ("blocking", "1"), ("syscall", "5us")];
    // The reader lives a few µs: its name is noted every µs.
    let (a, sa, na) = run_sampled(sim(ops("syscall", &sets), 2, 1), 100 * MS, US);
    let (b, sb, nb) = run_sampled(sim(go("syscall", &edits), 2, 1), 100 * MS, US);
    assert_eq!((sa, sb), (Stop::Exited(0), Stop::Exited(0)));
    assert_eq!(stdout(&b), ["done"]);
    let (fa, fb) = (
        figures(&a, &na, "main.readFile"),
        figures(&b, &nb, "main.readFile"),
    );
    assert_eq!(fa, fb);
    assert_eq!((fb.syscalls, fb.syscalls_blocked, fb.retakes), (1, 0, 0));
    assert!(events(&b).iter().any(|e| matches!(e.kind, EvKind::GoSyscallEnd { g } if nb.get(&g).map(String::as_str) == Some("main.readFile"))));
}

/// The page's deterministic runs seek (`seek::Timeline`: checkpoints that copy each
/// goroutine's VM state): the accept loop with Spawn inputs at their steps stands, after
/// any seek, where the run straight from the start stands.
#[test]
fn the_accept_loop_seeks_like_a_replay() {
    use gmp_core::output::OutputCursor;
    use gmp_core::seek::{Input, Policy, RunSpec, Timeline};
    let picture = |rt: &gmp_core::Runtime, steps: u64| {
        format!(
            "steps {steps}\n{:?}\n{:?}\n{:?}",
            rt.snapshot(),
            rt.events().snapshot(),
            rt.output_since(&mut OutputCursor::default())
        )
    };
    let spec = RunSpec {
        prog: go(
            "playground",
            &[("work", "2ms"), ("syscall", "3ms"), ("latency", "1ms")],
        ),
        cfg: Config {
            gomaxprocs: 2,
            ..Config::default()
        },
        seed: 5,
        inputs: vec![
            (0, Input::Spawn(GKind::Cpu, 2)),
            (0, Input::Spawn(GKind::Blocking, 1)),
            (0, Input::Spawn(GKind::Network, 1)),
            (700, Input::Spawn(GKind::Cpu, 1)),
            (1400, Input::Spawn(GKind::Network, 2)),
        ],
    };
    let mut t = Timeline::new(
        spec.clone(),
        Policy {
            interval: 97,
            budget: 64 << 20,
        },
    )
    .unwrap();
    t.seek(3_000).unwrap();
    let created = t
        .sim
        .rt
        .events()
        .snapshot()
        .iter()
        .filter(|e| matches!(e.kind, EvKind::GoCreate { parent: 1, .. }))
        .count();
    assert!(created >= 7, "every request's goroutines ran: {created}");
    for n in [2_990, 11, 1_500, 701, 2_400, 0, 1_399] {
        t.seek(n).unwrap();
        let want = spec.run_plain(n).unwrap();
        assert!(
            picture(&t.sim.rt, t.steps()) == picture(&want.rt, want.steps),
            "seek to {n} differs"
        );
    }
}

/// Only a program whose own code reads the explorer's requests accepts spawns: the
/// playground's accept loop does; a program that uses gmp/explorer's slow file, or no
/// gmp/explorer at all, does not (the page then offers no Spawn buttons).
#[test]
fn only_a_program_that_reads_requests_accepts_spawns() {
    let playground = gmp_go::scenarios::find("playground").unwrap();
    let src = gmp_go::scenarios::source(playground, &playground.params(&[]).unwrap());
    assert!(gmp_go::compile(&src).unwrap().reads_requests());
    let slow_file = "package main\n\nimport (\n\t\"fmt\"\n\t\"time\"\n\n\t\"gmp/explorer\"\n)\n\nfunc main() {\n\tf := explorer.SlowFile(time.Millisecond)\n\tb := make([]byte, 1)\n\tn, _ := f.Read(b)\n\tfmt.Println(n)\n}\n";
    assert!(!gmp_go::compile(slow_file).unwrap().reads_requests());
    let plain = "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(1) }\n";
    assert!(!gmp_go::compile(plain).unwrap().reads_requests());
}
