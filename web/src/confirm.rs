//! A teaching lint confirmed by the run: the search behind a lint's "show me" (a
//! `StepTarget::LintAt`), step by step, and the sentence that says what the run showed.
//!
//! Each lint (`gmp_go::lint`) is found in the source; this finds the step where the run
//! shows it happening, on the lint's lines:
//! - a CPU loop: sysmon's `retake` → `preemptone` preempts a G on the loop (async, by
//!   signal); with `asyncpreemptoff=1` the request itself, since no signal follows and a
//!   loop without a call never reaches a stack check to notice it;
//! - `runtime.Gosched` as a wait: the same G yields on the loop a second time, the loop
//!   still running (`goschedImpl` only re-queues it; nothing it waits for has changed),
//!   or, if the awaited goroutine happened to run first, the end of the yielder;
//! - `time.Sleep` as a completion signal: the sleeper's timer fires (`goready` from the
//!   timer), and how many goroutines had not finished then;
//! - goroutines started without bound: the loop's goroutine next waits or ends (the
//!   burst is over), how many goroutines are alive against GOMAXPROCS Ps, and how
//!   many wait in run queues;
//! - large locals in deep recursion: the next stack copy (`newstack` → `copystack`).

use gmp_core::g::GKind;
use gmp_core::snapshot::Snapshot;
use gmp_core::trace::{EvKind, Event, StopReason};
use gmp_go::lint::LintKind;

use crate::strings::Msg;

/// One lint's search.
pub struct Confirm {
    kind: LintKind,
    first: u32,
    last: u32,
    asyncpreemptoff: bool,
    /// Gosched as a wait: the G that yielded on the loop once already.
    yielded: Option<u64>,
    /// Unbounded `go`: the loop's goroutine (seen running a `go` statement on the loop).
    creator: Option<u64>,
}

fn line_of(s: &Snapshot, g: u64) -> Option<u32> {
    s.gs.iter().find(|x| x.goid == g).map(|x| x.line)
}

impl Confirm {
    pub fn new(kind: LintKind, first: u32, last: u32, asyncpreemptoff: bool) -> Confirm {
        Confirm {
            kind,
            first,
            last,
            asyncpreemptoff,
            yielded: None,
            creator: None,
        }
    }

    /// Whether `g` is on the lint's lines before or after the step (a running G's line
    /// is the one it last yielded at).
    fn on_lines(&self, before: &Snapshot, after: &Snapshot, g: u64) -> bool {
        let r = self.first..=self.last;
        [before, after]
            .iter()
            .any(|s| line_of(s, g).is_some_and(|l| r.contains(&l)))
    }

    /// The unbounded loop's sentence: how many goroutines are alive (its burst, and any
    /// started before the search began), for how many Ps, and how many wait in run
    /// queues now.
    fn unbounded(&self, g: u64, after: &Snapshot, name: &dyn Fn(u64) -> String) -> Vec<Msg> {
        let queued = after.global_len as usize
            + after
                .ps
                .iter()
                .map(|p| p.ring.len() + usize::from(p.runnext.is_some()))
                .sum::<usize>();
        let alive = after
            .gs
            .iter()
            .filter(|x| x.goid != g && !matches!(x.kind, GKind::System | GKind::Main))
            .count();
        vec![Msg::new("cap.lint_unbounded")
            .with("g", name(g))
            .int("n", alive as u64)
            .int("procs", after.gomaxprocs as u64)
            .int("queued", queued as u64)]
    }

    /// Whether a step with these events may confirm the lint: the caller takes the
    /// snapshot [`Confirm::step`] reads only then (a snapshot of 10,000 goroutines per
    /// step would make the search of an unbounded loop take minutes).
    pub fn wants(&self, evs: &[Event]) -> bool {
        evs.iter().any(|ev| match ev.kind {
            EvKind::Preempt { .. } | EvKind::PreemptRequest { .. } => {
                self.kind == LintKind::CpuLoop
            }
            EvKind::GoStop {
                reason: StopReason::Gosched,
                ..
            } => self.kind == LintKind::GoschedWait,
            EvKind::GoUnblock { .. } => self.kind == LintKind::SleepAsSignal,
            EvKind::GoCreate { .. } => self.kind == LintKind::UnboundedGo && self.creator.is_none(),
            EvKind::GoBlock { g, .. } => {
                self.kind == LintKind::UnboundedGo && self.creator == Some(g)
            }
            EvKind::GoDestroy { g } => match self.kind {
                LintKind::UnboundedGo => self.creator == Some(g),
                LintKind::GoschedWait => self.yielded == Some(g),
                _ => false,
            },
            EvKind::Exit { .. } => {
                matches!(self.kind, LintKind::UnboundedGo | LintKind::GoschedWait)
            }
            EvKind::StackGrow { .. } => self.kind == LintKind::BigFrameRecursion,
            _ => false,
        })
    }

    /// After one scheduler step with these events: `Some(sentences)` when the step
    /// confirms the lint (the sentences are said after the step's own caption).
    pub fn step(
        &mut self,
        evs: &[Event],
        before: &Snapshot,
        after: &Snapshot,
        name: &dyn Fn(u64) -> String,
    ) -> Option<Vec<Msg>> {
        match self.kind {
            LintKind::CpuLoop => {
                for ev in evs {
                    match ev.kind {
                        EvKind::Preempt { g, .. } if self.on_lines(before, after, g) => {
                            return Some(vec![]);
                        }
                        EvKind::PreemptRequest { g, p, .. }
                            if self.asyncpreemptoff && self.on_lines(before, after, g) =>
                        {
                            return Some(vec![Msg::new("cap.lint_no_signal")
                                .with("g", name(g))
                                .with("p", p.to_string())]);
                        }
                        _ => {}
                    }
                }
                None
            }
            LintKind::GoschedWait => {
                for ev in evs {
                    if let EvKind::GoStop {
                        g,
                        reason: StopReason::Gosched,
                    } = ev.kind
                    {
                        if !self.on_lines(before, after, g) {
                            continue;
                        }
                        if self.yielded == Some(g) {
                            return Some(vec![Msg::new("cap.lint_busy_wait").with("g", name(g))]);
                        }
                        self.yielded = Some(g);
                    }
                }
                // It yielded once and the wait ended before a second turn (the awaited
                // goroutine happened to run meanwhile): the end of the run or of the G.
                let g = self.yielded?;
                evs.iter()
                    .any(|ev| {
                        matches!(ev.kind, EvKind::Exit { .. })
                            || matches!(ev.kind, EvKind::GoDestroy { g: x } if x == g)
                    })
                    .then(|| vec![Msg::new("cap.lint_gosched_once").with("g", name(g))])
            }
            LintKind::SleepAsSignal => {
                for ev in evs {
                    if let EvKind::GoUnblock { g } = ev.kind {
                        // The sleeper is parked on the Sleep's line until its timer fires,
                        // and still there when readied (`after`; `before` may be an
                        // older snapshot in a program of many goroutines).
                        let at_sleep = |s: &Snapshot| {
                            line_of(s, g).is_some_and(|l| (self.first..=self.last).contains(&l))
                        };
                        if at_sleep(after) || at_sleep(before) {
                            let left = after
                                .gs
                                .iter()
                                .filter(|x| {
                                    x.goid != g && !matches!(x.kind, GKind::System | GKind::Main)
                                })
                                .count();
                            let m = if left == 0 {
                                Msg::new("cap.lint_sleep_all_done")
                            } else {
                                Msg::new("cap.lint_sleep_left").int("n", left as u64)
                            };
                            return Some(vec![m.with("g", name(g))]);
                        }
                    }
                }
                None
            }
            LintKind::UnboundedGo => {
                for ev in evs {
                    match ev.kind {
                        EvKind::GoCreate { parent, .. }
                            if self.creator == Some(parent)
                                || (self.creator.is_none()
                                    && self.on_lines(before, after, parent)) =>
                        {
                            self.creator = Some(parent);
                        }
                        // The loop is over when its goroutine next waits, ends or the
                        // program exits (a loop that blocks inside is over as a burst).
                        EvKind::GoBlock { g, .. } | EvKind::GoDestroy { g }
                            if self.creator == Some(g) =>
                        {
                            return Some(self.unbounded(g, after, name));
                        }
                        EvKind::Exit { .. } if self.creator.is_some() => {
                            return Some(self.unbounded(self.creator?, after, name));
                        }
                        _ => {}
                    }
                }
                None
            }
            // The recursion's frames are what grows the stack: the next copy is it.
            LintKind::BigFrameRecursion => evs
                .iter()
                .any(|ev| matches!(ev.kind, EvKind::StackGrow { .. }))
                .then(Vec::new),
        }
    }
}
