//! A sentence per step: what the scheduler just did, in plain words, naming each
//! goroutine by what the program calls it ("B (G20)", "main (G1)",
//! "G2 (forcegchelper)").
//!
//! A step's caption comes from its events (the tracer's, plus the explorer's Steal and
//! Preempt) read against the snapshot before the step, so a `GoStart` can say where the
//! goroutine was taken from (runnext, the ring, the global queue, another P). Every
//! event kind has a sentence: the match below has no catch-all arm, so a new kind does
//! not compile until it has one. A step with no event, in which only a goroutine's
//! line moved, says that.

use gmp_core::snapshot::Snapshot;
use gmp_core::trace::{EvKind, Event, StopReason};

/// Names a goroutine for a caption.
pub type Name<'a> = &'a dyn Fn(u64) -> String;

/// Where a goroutine was in a snapshot, as a phrase after "from" ("P0's runnext").
fn taken_from(before: &Snapshot, g: u64, p: i32) -> Option<String> {
    for q in &before.ps {
        let own = q.id as i32 == p;
        let whose = if own {
            "its".to_string()
        } else {
            format!("P{}'s", q.id)
        };
        if q.runnext == Some(g) {
            return Some(format!("{whose} runnext"));
        }
        if q.ring.contains(&g) {
            return Some(format!("{whose} local run queue"));
        }
    }
    if before.global.as_ref().is_some_and(|q| q.contains(&g)) {
        return Some("the global run queue".into());
    }
    None
}

/// One event in words (`None` only for events that are part of another one's
/// sentence, such as the `GoStart` that follows a steal).
pub fn sentence(e: &Event, before: &Snapshot, name: Name) -> Option<String> {
    let p = if e.p >= 0 {
        format!("P{}", e.p)
    } else {
        "an M without a P".into()
    };
    Some(match &e.kind {
        EvKind::GoCreate { g, parent } => format!(
            "{} ran a go statement: the new goroutine {} goes into {p}'s runnext (newproc), ahead of its local run queue",
            name(*parent),
            name(*g)
        ),
        EvKind::GoStart { g } => match taken_from(before, *g, e.p) {
            Some(from) => format!("{p} runs {}, taken from {from} (schedule → execute)", name(*g)),
            None => format!("{p} runs {} (schedule → execute)", name(*g)),
        },
        EvKind::GoStop { g, reason: StopReason::Gosched } => format!(
            "{} called runtime.Gosched: it stays runnable and goes to the tail of the global run queue, and {p} looks for the next goroutine",
            name(*g)
        ),
        EvKind::GoStop { g, reason: StopReason::Preempted } => format!(
            "{} was preempted: it goes to the tail of the global run queue, and {p} looks for the next goroutine",
            name(*g)
        ),
        EvKind::GoBlock { g, reason } => format!(
            "{} blocks ({reason}): it waits off every queue (gopark), and {p} looks for other work",
            name(*g)
        ),
        EvKind::GoUnblock { g } if e.p >= 0 => format!(
            "{} is ready again (goready): it goes into {p}'s runnext",
            name(*g)
        ),
        EvKind::GoUnblock { g } => format!(
            "{} is ready again; with no P to hand it to, it goes to the global run queue",
            name(*g)
        ),
        EvKind::GoDestroy { g } => format!(
            "{} returned from its function: it is dead (goexit0) and its G is kept for reuse (gfput)",
            name(*g)
        ),
        EvKind::GoSyscallBegin { g } => format!(
            "{} enters a system call (entersyscall): its M goes into the kernel and {p} is left for sysmon to retake if it takes long",
            name(*g)
        ),
        EvKind::GoSyscallEnd { g } => format!(
            "{} is back from its system call and still has {p} (exitsyscall fast path)",
            name(*g)
        ),
        EvKind::GoSyscallEndBlocked { g } => format!(
            "{} is back from its system call, but its P was taken meanwhile: it looks for another P, or waits in the global run queue",
            name(*g)
        ),
        EvKind::ProcStart { p } => format!("P{p} starts running on an M"),
        EvKind::ProcStop { p } => format!("P{p} found nothing to run and goes idle (pidleput)"),
        EvKind::ProcSteal { p, m } => format!(
            "P{p} is taken from M{m}, which is stuck in a system call (retake → handoffp), so another M can run Go code on it"
        ),
        EvKind::ProcsChange { procs } => {
            format!("GOMAXPROCS is now {procs} (procresize, with the world stopped)")
        }
        EvKind::ProcDestroy { p, moved } if moved.is_empty() => {
            format!("P{p} is destroyed (GOMAXPROCS went down); it had no goroutines queued")
        }
        EvKind::ProcDestroy { p, moved } => format!(
            "P{p} is destroyed (GOMAXPROCS went down): its {} queued goroutine{} move{} to the global run queue",
            moved.len(),
            if moved.len() == 1 { "" } else { "s" },
            if moved.len() == 1 { "s" } else { "" }
        ),
        EvKind::STWBegin { kind } => format!("The world stops ({kind}): every P halts its goroutine"),
        EvKind::STWEnd => "The world starts again: the Ps run goroutines again".into(),
        EvKind::Steal { victim, thief, n, runnext: true } => format!(
            "P{thief} had no work and stole P{victim}'s runnext ({n} goroutine) (runqsteal)"
        ),
        EvKind::Steal { victim, thief, n, .. } => format!(
            "P{thief} had no work and stole {n} goroutine{} from P{victim}'s local run queue: half of it (runqsteal)",
            if *n == 1 { "" } else { "s" }
        ),
        EvKind::PreemptRequest { g, p, async_ } => format!(
            "sysmon sees {} has run on P{p} for over 10 ms and asks it to stop (preemptone{})",
            name(*g),
            if *async_ { ", with a signal" } else { "" }
        ),
        EvKind::Preempt { g, async_: true } => format!(
            "{} stops where the preemption signal caught it (asyncPreempt)",
            name(*g)
        ),
        EvKind::Preempt { g, async_: false } => format!(
            "{} stops at a function call's stack check (the cooperative preemption)",
            name(*g)
        ),
        EvKind::StackGrow { g, old, new } => format!(
            "{} needs more stack than its {old} bytes: the runtime copies it to a new {new}-byte stack (newstack → copystack), so its locals move",
            name(*g)
        ),
        EvKind::StackShrink { g, old, new } => format!(
            "{} uses under a quarter of its {old}-byte stack: the GC shrinks it to {new} bytes (shrinkstack)",
            name(*g)
        ),
        EvKind::MStart { id } => format!("A new OS thread M{id} starts (newm)"),
        EvKind::MPark { id } => format!("M{id} has nothing to do and sleeps (stopm)"),
        EvKind::MWake { id } => format!("M{id} is woken to run a P (notewakeup)"),
        EvKind::Spinning { id, on: true } => {
            format!("M{id} spins: it looks for goroutines to steal from the other Ps")
        }
        EvKind::Spinning { id, on: false } => format!("M{id} stops spinning"),
        EvKind::SchedTrace { .. } => "sysmon prints a schedtrace line (GODEBUG=schedtrace)".into(),
        EvKind::Print { .. } => {
            "The program writes a line of output (a write system call)".into()
        }
        EvKind::GCBegin { seq } => format!(
            "GC cycle {seq} begins (gcStart): the world stops for sweep termination, then one mark worker per P joins in"
        ),
        EvKind::GCEnd { seq } => format!(
            "GC cycle {seq} ends: after the mark-termination stop-the-world the heap goal is set for the next cycle"
        ),
        EvKind::Exit { code } => format!("The program exits with status {code}"),
    })
}

/// The caption of "skip start-up": how long the runtime's start-up took.
pub fn started(steps: u64, main: &str, line: u32) -> String {
    format!(
        "Skipped the runtime's start-up ({steps} scheduler steps: schedinit and procresize, then runtime.main starting the runtime's own goroutines). {main} is at line {line} of main.go."
    )
}

/// The caption of a "next ..." search that found nothing.
pub fn not_found(steps: u64, ended: bool) -> String {
    if ended {
        format!("Not found: the run ended {steps} scheduler steps later.")
    } else {
        format!("Not found in the next {steps} scheduler steps; the run stands where the search stopped.")
    }
}

/// The caption of one (merged) step: its events' sentences, in order, joined; the
/// `GoStart` after a steal is folded into the steal's sentence. `moved` names the
/// goroutines whose line changed when there was no event.
pub fn caption(events: &[Event], before: &Snapshot, moved: &[(u64, u32)], name: Name) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut stole = false;
    for e in events {
        if let EvKind::GoStart { .. } = e.kind {
            if stole {
                stole = false;
                if let Some(last) = out.last_mut() {
                    if let Some(s) = sentence(e, before, name) {
                        last.push_str(&format!("; {s}"));
                    }
                    continue;
                }
            }
        }
        stole = matches!(e.kind, EvKind::Steal { .. });
        if let Some(s) = sentence(e, before, name) {
            if out.last() != Some(&s) {
                out.push(s);
            }
        }
    }
    if out.is_empty() {
        for (g, line) in moved {
            out.push(format!("{} runs on to line {line}", name(*g)));
        }
    }
    // Sentences start with a Go name (main, sysmon, P0, GOMAXPROCS) as they are
    // written, or with a capital.
    let mut text = out.join(". ");
    if !text.is_empty() {
        text.push('.');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use gmp_core::runtime::PStatus;
    use gmp_core::snapshot::PSnap;

    fn psnap(id: u32, curg: Option<u64>, ring: Vec<u64>) -> PSnap {
        PSnap {
            id,
            status: PStatus::Running,
            schedtick: 0,
            syscalltick: 0,
            m: None,
            runnext: None,
            ring,
            head: 0,
            tail: 0,
            curg,
            in_syscall: false,
            timers: 0,
        }
    }

    fn ev(p: i32, kind: EvKind) -> Event {
        Event {
            t: 0,
            m: 0,
            p,
            kind,
        }
    }

    fn name(g: u64) -> String {
        match g {
            1 => "main (G1)".into(),
            19 => "A (G19)".into(),
            20 => "B (G20)".into(),
            _ => format!("G{g}"),
        }
    }

    fn every_kind() -> Vec<EvKind> {
        use EvKind::*;
        vec![
            GoCreate { g: 20, parent: 1 },
            GoStart { g: 19 },
            GoStop {
                g: 20,
                reason: StopReason::Gosched,
            },
            GoStop {
                g: 20,
                reason: StopReason::Preempted,
            },
            GoBlock {
                g: 1,
                reason: "sync.WaitGroup.Wait",
            },
            GoUnblock { g: 1 },
            GoDestroy { g: 19 },
            GoSyscallBegin { g: 19 },
            GoSyscallEnd { g: 19 },
            GoSyscallEndBlocked { g: 19 },
            ProcStart { p: 1 },
            ProcStop { p: 1 },
            ProcSteal { p: 1, m: 3 },
            ProcsChange { procs: 2 },
            ProcDestroy {
                p: 3,
                moved: vec![],
            },
            ProcDestroy {
                p: 3,
                moved: vec![19, 20],
            },
            STWBegin { kind: "GOMAXPROCS" },
            STWEnd,
            Steal {
                victim: 0,
                thief: 1,
                n: 3,
                runnext: false,
            },
            Steal {
                victim: 0,
                thief: 1,
                n: 1,
                runnext: true,
            },
            PreemptRequest {
                g: 19,
                p: 0,
                async_: true,
            },
            Preempt {
                g: 19,
                async_: true,
            },
            Preempt {
                g: 19,
                async_: false,
            },
            StackGrow {
                g: 1,
                old: 2048,
                new: 4096,
            },
            StackShrink {
                g: 1,
                old: 8192,
                new: 4096,
            },
            MStart { id: 4 },
            MPark { id: 4 },
            MWake { id: 4 },
            Spinning { id: 4, on: true },
            Spinning { id: 4, on: false },
            SchedTrace { line: 0 },
            Print { line: 0 },
            GCBegin { seq: 1 },
            GCEnd { seq: 1 },
            Exit { code: 0 },
        ]
    }

    #[test]
    fn every_event_kind_has_a_sentence_naming_its_goroutine() {
        let before = Snapshot::default();
        for k in every_kind() {
            let e = ev(0, k.clone());
            let s = sentence(&e, &before, &name).unwrap_or_default();
            assert!(s.len() > 12, "{k:?}: {s:?}");
            if let (Some(g), _) = crate::ui::about(&k) {
                assert!(s.contains(&name(g)), "{k:?} names its G: {s}");
            }
        }
    }

    #[test]
    fn the_gosched_step_reads_as_the_lesson_tells_it() {
        // P0 ran B; B yields; P0 takes A from its local run queue.
        let before = Snapshot {
            ps: vec![psnap(0, Some(20), vec![19])],
            global: Some(vec![]),
            ..Snapshot::default()
        };
        let c = caption(
            &[
                ev(
                    0,
                    EvKind::GoStop {
                        g: 20,
                        reason: StopReason::Gosched,
                    },
                ),
                ev(0, EvKind::GoStart { g: 19 }),
            ],
            &before,
            &[],
            &name,
        );
        assert_eq!(
            c,
            "B (G20) called runtime.Gosched: it stays runnable and goes to the tail of the global run queue, and P0 looks for the next goroutine. \
             P0 runs A (G19), taken from its local run queue (schedule → execute)."
        );
    }

    #[test]
    fn a_steal_and_the_start_it_leads_to_are_one_sentence() {
        let before = Snapshot {
            ps: vec![psnap(0, None, vec![19, 20]), psnap(1, None, vec![])],
            ..Snapshot::default()
        };
        let c = caption(
            &[
                ev(
                    1,
                    EvKind::Steal {
                        victim: 0,
                        thief: 1,
                        n: 1,
                        runnext: false,
                    },
                ),
                ev(1, EvKind::GoStart { g: 19 }),
            ],
            &before,
            &[],
            &name,
        );
        assert_eq!(
            c,
            "P1 had no work and stole 1 goroutine from P0's local run queue: half of it (runqsteal); P1 runs A (G19), taken from P0's local run queue (schedule → execute)."
        );
    }

    #[test]
    fn a_step_without_events_says_which_line_a_goroutine_reached() {
        let c = caption(&[], &Snapshot::default(), &[(19, 21)], &name);
        assert_eq!(c, "A (G19) runs on to line 21.");
    }
}
