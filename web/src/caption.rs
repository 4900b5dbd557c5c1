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
//!
//! A caption is kept as messages ([`Msg`]: a key of `static/i18n/*.json` and its
//! values), so it is said in the page's language; goroutine names and Go's names go
//! in as they are.

use gmp_core::snapshot::Snapshot;
use gmp_core::trace::{EvKind, Event, StopReason};

use crate::strings::{Arg, Msg};

/// Names a goroutine for a caption.
pub type Name<'a> = &'a dyn Fn(u64) -> String;

/// Where a goroutine was in a snapshot: the key of a `GoStart` sentence that says so,
/// and the P it was taken from when that is another P.
fn taken_from(before: &Snapshot, g: u64, p: i32) -> (&'static str, Option<u32>) {
    for q in &before.ps {
        let own = q.id as i32 == p;
        if q.runnext == Some(g) {
            return if own {
                ("cap.go_start_own_runnext", None)
            } else {
                ("cap.go_start_other_runnext", Some(q.id))
            };
        }
        if q.ring.contains(&g) {
            return if own {
                ("cap.go_start_own_ring", None)
            } else {
                ("cap.go_start_other_ring", Some(q.id))
            };
        }
    }
    if before.global.as_ref().is_some_and(|q| q.contains(&g)) {
        return ("cap.go_start_global", None);
    }
    ("cap.go_start", None)
}

fn int(n: impl TryInto<i64>) -> Arg {
    Arg::Int(n.try_into().unwrap_or(i64::MAX))
}

/// One event in words.
pub fn sentence(e: &Event, before: &Snapshot, name: Name) -> Msg {
    // The P the event happened on (or the M, when it had none): Go's names, the same in
    // every language.
    let p = if e.p >= 0 {
        format!("P{}", e.p)
    } else {
        format!("M{}", e.m)
    };
    let m = |key: &'static str| Msg::new(key);
    match &e.kind {
        EvKind::GoCreate { g, parent } => m("cap.go_create")
            .with("parent", name(*parent))
            .with("g", name(*g))
            .with("p", p),
        EvKind::GoStart { g } => {
            let (key, q) = taken_from(before, *g, e.p);
            let msg = m(key).with("p", p).with("g", name(*g));
            match q {
                Some(q) => msg.with("q", q.to_string()),
                None => msg,
            }
        }
        EvKind::GoStop {
            g,
            reason: StopReason::Gosched,
        } => m("cap.gosched").with("g", name(*g)).with("p", p),
        EvKind::GoStop {
            g,
            reason: StopReason::Preempted,
        } => m("cap.preempted").with("g", name(*g)).with("p", p),
        EvKind::GoBlock { g, reason } => m("cap.go_block")
            .with("g", name(*g))
            .with("reason", *reason)
            .with("p", p),
        EvKind::GoUnblock { g } if e.p >= 0 => m("cap.go_unblock").with("g", name(*g)).with("p", p),
        EvKind::GoUnblock { g } => m("cap.go_unblock_no_p").with("g", name(*g)),
        EvKind::GoDestroy { g } => m("cap.go_destroy").with("g", name(*g)),
        EvKind::GoSyscallBegin { g } => m("cap.syscall_begin").with("g", name(*g)).with("p", p),
        EvKind::GoSyscallEnd { g } => m("cap.syscall_end").with("g", name(*g)).with("p", p),
        EvKind::GoSyscallEndBlocked { g } => m("cap.syscall_end_blocked").with("g", name(*g)),
        EvKind::ProcStart { p } => m("cap.proc_start").with("p", p.to_string()),
        EvKind::ProcStop { p } => m("cap.proc_stop").with("p", p.to_string()),
        EvKind::ProcSteal { p, m: lost } => m("cap.proc_steal")
            .with("p", p.to_string())
            .with("m", lost.to_string()),
        EvKind::ProcsChange { procs } => m("cap.procs_change").with("procs", procs.to_string()),
        EvKind::ProcDestroy { p, moved } if moved.is_empty() => {
            m("cap.proc_destroy_empty").with("p", p.to_string())
        }
        EvKind::ProcDestroy { p, moved } => m("cap.proc_destroy")
            .with("p", p.to_string())
            .with("n", int(moved.len())),
        EvKind::STWBegin { kind } => m("cap.stw_begin").with("kind", *kind),
        EvKind::STWEnd => m("cap.stw_end"),
        EvKind::Steal {
            victim,
            thief,
            runnext: true,
            ..
        } => m("cap.steal_runnext")
            .with("thief", thief.to_string())
            .with("victim", victim.to_string()),
        EvKind::Steal {
            victim, thief, n, ..
        } => m("cap.steal")
            .with("thief", thief.to_string())
            .with("victim", victim.to_string())
            .with("n", int(*n)),
        EvKind::PreemptRequest { g, p, async_ } => m(if *async_ {
            "cap.preempt_request_signal"
        } else {
            "cap.preempt_request"
        })
        .with("g", name(*g))
        .with("p", p.to_string()),
        EvKind::Preempt { g, async_: true } => m("cap.preempt_async").with("g", name(*g)),
        EvKind::Preempt { g, async_: false } => m("cap.preempt_sync").with("g", name(*g)),
        EvKind::StackGrow { g, old, new } => m("cap.stack_grow")
            .with("g", name(*g))
            .with("old", old.to_string())
            .with("new", new.to_string()),
        EvKind::StackShrink { g, old, new } => m("cap.stack_shrink")
            .with("g", name(*g))
            .with("old", old.to_string())
            .with("new", new.to_string()),
        EvKind::MStart { id } => m("cap.m_start").with("id", id.to_string()),
        EvKind::MPark { id } => m("cap.m_park").with("id", id.to_string()),
        EvKind::MWake { id } => m("cap.m_wake").with("id", id.to_string()),
        EvKind::Spinning { id, on: true } => m("cap.spinning_on").with("id", id.to_string()),
        EvKind::Spinning { id, on: false } => m("cap.spinning_off").with("id", id.to_string()),
        EvKind::SchedTrace { .. } => m("cap.schedtrace"),
        EvKind::Print { .. } => m("cap.print"),
        EvKind::GCBegin { seq } => m("cap.gc_begin").with("seq", int(*seq)),
        EvKind::GCEnd { seq } => m("cap.gc_end").with("seq", int(*seq)),
        EvKind::Exit { code } => m("cap.exit").with("code", code.to_string()),
    }
}

/// The caption of "skip start-up": how long the runtime's start-up took.
pub fn started(steps: u64, main: &str, line: u32) -> Vec<Msg> {
    vec![Msg::new("cap.started")
        .with("steps", int(steps))
        .with("g", main)
        .with("line", line.to_string())]
}

/// The caption of a "next ..." search that found nothing.
pub fn not_found(steps: u64, ended: bool) -> Vec<Msg> {
    let key = if ended {
        "cap.not_found_ended"
    } else {
        "cap.not_found"
    };
    vec![Msg::new(key).with("steps", int(steps))]
}

/// The caption of one (merged) step: its events' sentences in order (a sentence
/// repeated at once is said once). `moved` names the goroutines whose line changed
/// when there was no event.
pub fn caption(events: &[Event], before: &Snapshot, moved: &[(u64, u32)], name: Name) -> Vec<Msg> {
    let mut out: Vec<Msg> = Vec::new();
    for e in events {
        let s = sentence(e, before, name);
        if out.last() != Some(&s) {
            out.push(s);
        }
    }
    if out.is_empty() {
        for (g, line) in moved {
            out.push(
                Msg::new("cap.moved")
                    .with("g", name(*g))
                    .with("line", line.to_string()),
            );
        }
    }
    out
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

    fn en(ms: &[Msg]) -> String {
        crate::strings::Text::english().msgs(ms)
    }

    #[test]
    fn every_event_kind_has_a_sentence_naming_its_goroutine() {
        let before = Snapshot::default();
        for k in every_kind() {
            let msg = sentence(&ev(0, k.clone()), &before, &name);
            let s = en(&[msg.clone()]);
            assert!(s.len() > 12 && s.ends_with('.'), "{k:?}: {s:?}");
            assert!(
                !s.contains('{') && s != msg.key,
                "{k:?}: every placeholder filled: {s}"
            );
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
            en(&c),
            "B (G20) called runtime.Gosched: it stays runnable and goes to the tail of the global run queue, and P0 looks for the next goroutine. \
             P0 runs A (G19), taken from its local run queue (schedule → execute)."
        );
    }

    #[test]
    fn a_steal_says_whose_queue_and_the_start_says_where_from() {
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
            en(&c),
            "P1 had no work and stole half of P0's local run queue: 1 goroutine(s) (runqsteal). \
             P1 runs A (G19), taken from P0's local run queue (schedule → execute)."
        );
    }

    #[test]
    fn a_step_without_events_says_which_line_a_goroutine_reached() {
        let c = caption(&[], &Snapshot::default(), &[(19, 21)], &name);
        assert_eq!(en(&c), "A (G19) runs on to line 21.");
    }
}
