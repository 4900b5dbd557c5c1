//! Several Ps as real Go behaves (issue 25.1): small programs of our own at
//! GOMAXPROCS=2 and 4, whose output depends on when a woken thread gets to steal, with
//! the distribution of what real Go 1.27.3 printed over 200 runs (`tests/procs/*/
//! real.txt`, `record.sh`). The deterministic driver draws the thread hand-offs'
//! latencies (`notewakeup` to the woken M running, `newm` to `mstart`, `runqgrab`'s
//! `usleep(3)`) from the distributions measured on these machines (`tools/wake-latency`,
//! `OpCost::wake`, `::create`, `::usleep3`). Over 20 seeds, at least 90 % of the
//! explorer's outputs must be ones real Go printed, and the default seed (1) must print
//! real Go's most common output in at least 80 % of the programs.

mod common;

use std::collections::HashMap;

/// What the program prints, its lines joined by " | " as `record.sh` joins them.
fn output(prog: &std::sync::Arc<gmp_go::GoProgram>, procs: u32, seed: u64) -> String {
    let cfg = gmp_core::Config {
        gomaxprocs: procs,
        keep_events: gmp_core::trace::Keep::None,
        ..gmp_core::Config::default()
    };
    let mut sim = gmp_core::Sim::new(prog.program(), cfg, seed).expect("runtime starts");
    let stop = sim.run_until(20_000_000_000, u64::MAX);
    assert!(matches!(stop, gmp_core::sim::Stop::Exited(0)), "{stop:?}");
    sim.rt.stdout_lines().join(" | ")
}

#[test]
fn at_two_and_four_ps_the_explorer_prints_what_real_go_prints() {
    let (dir, names) = common::program_dirs("procs");
    assert!(names.len() >= 6, "the programs are here");
    let (mut seen, mut known, mut default_top) = (0, 0, 0);
    let mut report = vec![];
    for n in &names {
        let src = std::fs::read_to_string(dir.join(n).join("main.go")).unwrap();
        let procs: u32 = src
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("// GOMAXPROCS="))
            .and_then(|v| v.parse().ok())
            .expect("the first line names GOMAXPROCS");
        let real = std::fs::read_to_string(dir.join(n).join("real.txt")).unwrap();
        let mut counts: Vec<(u32, String)> = vec![];
        for l in real.lines().filter(|l| !l.starts_with('#')) {
            let (c, out) = l.split_once(' ').unwrap();
            counts.push((c.parse().unwrap(), out.trim_end().to_string()));
        }
        let top = counts[0].1.clone();
        let prog = gmp_go::compile(&src).expect("compiles");
        let mut ours: HashMap<String, u32> = HashMap::new();
        for seed in 1..=20 {
            let o = output(&prog, procs, seed);
            let o = o.trim_end().to_string();
            seen += 1;
            if counts.iter().any(|(_, r)| *r == o) {
                known += 1;
            }
            if seed == 1 && o == top {
                default_top += 1;
            }
            *ours.entry(o).or_default() += 1;
        }
        report.push(format!(
            "{n} (GOMAXPROCS={procs}): real {counts:?}\n  explorer {ours:?}"
        ));
    }
    let text = report.join("\n");
    eprintln!("{text}");
    assert!(
        known * 10 >= seen * 9,
        "{known} of {seen} outputs are ones real Go printed (want 90 %):\n{text}"
    );
    assert!(
        default_top * 10 >= names.len() * 8,
        "the default seed printed real Go's most common output in {default_top} of {} programs (want 80 %):\n{text}",
        names.len()
    );
}

/// How many of the goroutines main started first ran on a P other than main's: stolen
/// (`runqsteal`) or taken from the global queue. `tools/wake-latency -steals` counts the
/// same in real Go's runtime/trace.
fn ran_elsewhere(sets: &[(&str, &str)], procs: u32, seed: u64) -> usize {
    use gmp_core::sim::Stop;
    use gmp_core::trace::EvKind;
    let s = gmp_go::scenarios::find("cpu-bound").unwrap();
    let given: Vec<(String, String)> = sets
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let p = s.params(&given).unwrap();
    let want: usize = given[0].1.parse().unwrap();
    let cfg = gmp_core::Config {
        gomaxprocs: procs,
        ..gmp_core::Config::default()
    };
    let mut sim = gmp_core::Sim::new(gmp_go::scenarios::program(s, &p).unwrap(), cfg, seed)
        .expect("runtime starts");
    let mut until = 0;
    loop {
        // Until every one of main's goroutines has started: the rest is computing.
        until += 5_000_000;
        let stop = sim.run_until(until, u64::MAX);
        assert!(
            matches!(stop, Stop::TimeLimit | Stop::Exited(0)),
            "{stop:?}"
        );
        // main's last `want` creations: runtime.main's own (forcegc, bgsweep, ...) come
        // before, as real Go's came before its trace started.
        let events = sim.rt.events().snapshot();
        let mut mains: Vec<(u64, i32)> = events
            .iter()
            .filter_map(|e| match e.kind {
                EvKind::GoCreate { g, parent: 1 } => Some((g, e.p)),
                _ => None,
            })
            .collect();
        if mains.len() < want + 1 {
            continue;
        }
        let mut created: HashMap<u64, i32> =
            mains.split_off(mains.len() - want).into_iter().collect();
        let mut n = 0;
        for e in &events {
            if let EvKind::GoStart { g } = e.kind {
                if let Some(p) = created.remove(&g) {
                    n += usize::from(p != e.p);
                }
            }
        }
        if created.is_empty() {
            return n;
        }
        assert_eq!(
            stop,
            Stop::TimeLimit,
            "exited with goroutines never started"
        );
    }
}

/// The work-stealing lesson (8 goroutines of 50 ms on 4 Ps) and the five-hundred lesson
/// (500 of 1 ms on 8 Ps) show stealing where real Go steals. Real Go 1.27.3, 100 runs
/// each on a 2-CPU machine (`tools/wake-latency -steals`, 2026-12-07): of the 8, 4 ran
/// on another P in 7 runs, 5 in 61, 6 in 32; of the 500, 403-449 (median 436). Over the
/// seeds the explorer's counts stay in real Go's range, and most runs show its most
/// common count. (A seed of the eight takes 2-4 s here, one of the five hundred 7 s:
/// 8 seeds and 1; over 20 and 3 the counts were 5 × 14 and 6 × 6, and 437 each time.)
#[test]
fn the_stealing_lessons_steal_as_much_as_real_go() {
    let eight: Vec<usize> = (1..=8)
        .map(|seed| ran_elsewhere(&[("goroutines", "8"), ("work", "50ms")], 4, seed))
        .collect();
    assert!(eight.iter().all(|n| (4..=6).contains(n)), "{eight:?}");
    assert!(eight.iter().filter(|&&n| n == 5).count() >= 4, "{eight:?}");
    let five_hundred: Vec<usize> = (1..=1)
        .map(|seed| ran_elsewhere(&[("goroutines", "500"), ("work", "1ms")], 8, seed))
        .collect();
    assert!(
        five_hundred.iter().all(|n| (403..=449).contains(n)),
        "{five_hundred:?}"
    );
}
