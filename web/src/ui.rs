//! The page's state between frames, derived from snapshots and events (pure: no web
//! types here, so it is unit-testable natively).

use std::collections::{HashMap, VecDeque};
use std::rc::Rc;

use gmp_core::snapshot::Snapshot;
use gmp_core::trace::{EvKind, Event, StopReason};
use gmp_core::GKind;

use crate::strings::Msg;

/// How long an animation stays on screen, in page ms.
pub const ARROW_MS: f64 = 1600.0;
pub const FLASH_MS: f64 = 1200.0;
/// Timeline window in virtual ns.
pub const TIMELINE_NS: i64 = 200_000_000;
/// Steal arrows drawn at once: the newest per (victim, thief) pair, at most this many.
pub const MAX_ARROWS: usize = 6;
/// Events kept for a goroutine's card.
const HISTORY: usize = 20_000;
const FEED: usize = 60;

/// What an event in the feed is about, for the feed's filter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Topic {
    /// A goroutine's life: created, started, stopped, blocked, woken, ended.
    Goroutine,
    /// Work moving between Ps: steals and preemptions.
    Moves,
    /// Ps, Ms, syscalls, GOMAXPROCS, stop-the-world, stacks.
    Machine,
}

#[derive(Clone, Debug, PartialEq)]
pub struct FeedItem {
    pub t: i64,
    pub text: Msg,
    /// The goroutine it is about, if one (a click opens its card).
    pub g: Option<u64>,
    pub topic: Topic,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Arrow {
    pub victim: i32,
    pub thief: i32,
    pub n: u32,
    pub runnext: bool,
    pub born: f64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Flash {
    pub what: &'static str,
    pub text: Msg,
    pub born: f64,
}

/// One stretch of a goroutine on a P, for the timeline.
#[derive(Clone, Debug, PartialEq)]
pub struct Slice {
    pub p: i32,
    pub goid: u64,
    pub start: i64,
    pub end: Option<i64>,
}

#[derive(Clone, Default, PartialEq)]
pub struct Ui {
    pub snap: Rc<Snapshot>,
    pub console: VecDeque<String>,
    pub feed: VecDeque<FeedItem>,
    /// Recent events, for a goroutine's card.
    pub history: VecDeque<Event>,
    /// The goroutine whose preemption was the last event described: the `GoStop
    /// (preempted)` that follows says the same and is left out of the feed.
    last_preempt: Option<u64>,
    pub arrows: Vec<Arrow>,
    /// Per P: the latest flash (preempted, handed off, stack grew...).
    pub flashes: HashMap<i32, Flash>,
    /// Goids that just arrived in the global queue by preemption: goid → born.
    pub preempted: HashMap<u64, f64>,
    pub slices: VecDeque<Slice>,
    /// Slices dropped from the front of `slices` so far, and per P the number (counted
    /// from the first slice ever) of its open slice: closing one is a lookup, not a
    /// walk back through `slices` (which, for every stop of a P with none open, went
    /// through all 20,000: seconds of main thread with 100,000 goroutines).
    slices_dropped: usize,
    open_slice: HashMap<i32, usize>,
    pub kinds: GoidMap<GKind>,
    /// goid → (start function, the program's name for it).
    pub names: GoidMap<(String, Option<String>)>,
    /// Cumulative counters for the page.
    pub steals: u64,
    pub preemptions: u64,
    pub handoffs: u64,
}

/// A map keyed by goid (`gmp_core::hash`: every frame looks up each goroutine).
pub type GoidMap<V> = gmp_core::hash::IntMap<u64, V>;

/// Short words for an event, with Go's names.
pub fn describe(e: &Event) -> Option<Msg> {
    let p = if e.p >= 0 {
        format!("P{}", e.p)
    } else {
        "-".into()
    };
    let m = |key| Msg::new(key).with("p", p.as_str());
    Some(match &e.kind {
        EvKind::GoCreate { g, parent } => m("ev.go_create")
            .with("g", g.to_string())
            .with("parent", parent.to_string()),
        EvKind::GoStart { g } => m("ev.go_start").with("g", g.to_string()),
        EvKind::GoStop { g, reason } => m("ev.go_stop")
            .with("g", g.to_string())
            .with("reason", reason.as_str()),
        EvKind::GoBlock { g, reason } => m("ev.go_block")
            .with("g", g.to_string())
            .with("reason", reason.to_string()),
        EvKind::GoUnblock { g } if e.p >= 0 => m("ev.go_unblock").with("g", g.to_string()),
        EvKind::GoUnblock { g } => m("ev.go_unblock_global").with("g", g.to_string()),
        EvKind::GoDestroy { g } => m("ev.go_destroy").with("g", g.to_string()),
        EvKind::GoSyscallBegin { g } => m("ev.syscall_begin").with("g", g.to_string()),
        EvKind::GoSyscallEnd { g } => m("ev.syscall_end").with("g", g.to_string()),
        EvKind::GoSyscallEndBlocked { g } => m("ev.syscall_end_blocked").with("g", g.to_string()),
        EvKind::ProcSteal { p: pp, m: mm } => m("ev.proc_steal")
            .with("pp", pp.to_string())
            .with("m", mm.to_string()),
        EvKind::ProcsChange { procs } => m("ev.procs_change").with("procs", procs.to_string()),
        EvKind::ProcDestroy { p, moved } => Msg::new("ev.p_destroyed")
            .with("p", p.to_string())
            .int("n", moved.len())
            .with(
                "list",
                if moved.is_empty() {
                    String::new()
                } else {
                    format!(
                        " ({})",
                        moved
                            .iter()
                            .map(|g| format!("G{g}"))
                            .collect::<Vec<_>>()
                            .join(" ")
                    )
                },
            ),
        EvKind::STWBegin { kind } => m("ev.stw_begin").with("kind", kind.to_string()),
        EvKind::STWEnd => m("ev.stw_end"),
        EvKind::GCBegin { seq } => Msg::new("ev.gc_begin").with("seq", seq.to_string()),
        EvKind::GCEnd { seq } => Msg::new("ev.gc_end").with("seq", seq.to_string()),
        EvKind::Steal {
            victim,
            thief,
            n,
            runnext,
        } => Msg::new(if *runnext {
            "ev.steal_runnext"
        } else {
            "ev.steal"
        })
        .with("thief", thief.to_string())
        .with("victim", victim.to_string())
        .int("n", *n),
        EvKind::Preempt { g, async_ } => m(if *async_ {
            "ev.preempt_async"
        } else {
            "ev.preempt_call"
        })
        .with("g", g.to_string()),
        EvKind::StackGrow { g, old, new } => Msg::new("ev.stack_grow")
            .with("g", g.to_string())
            .with("old", old.to_string())
            .with("new", new.to_string()),
        EvKind::StackShrink { g, old, new } => Msg::new("ev.stack_shrink")
            .with("g", g.to_string())
            .with("old", old.to_string())
            .with("new", new.to_string()),
        EvKind::MStart { id } => Msg::new("ev.m_start").with("id", id.to_string()),
        EvKind::Exit { code } => Msg::new("ev.exit").with("code", code.to_string()),
        _ => return None,
    })
}

/// The goroutine an event is about, and its topic.
pub fn about(k: &EvKind) -> (Option<u64>, Topic) {
    use EvKind::*;
    match k {
        GoCreate { g, .. }
        | GoStart { g }
        | GoStop { g, .. }
        | GoBlock { g, .. }
        | GoUnblock { g }
        | GoDestroy { g } => (Some(*g), Topic::Goroutine),
        Preempt { g, .. } => (Some(*g), Topic::Moves),
        Steal { .. } => (None, Topic::Moves),
        GoSyscallBegin { g }
        | GoSyscallEnd { g }
        | GoSyscallEndBlocked { g }
        | StackGrow { g, .. }
        | StackShrink { g, .. } => (Some(*g), Topic::Machine),
        _ => (None, Topic::Machine),
    }
}

/// Where a goroutine is in a snapshot, in words ("running on P0", "in P1's run queue
/// behind 37 others", "in the global run queue, 12th").
pub fn where_is(snap: &Snapshot, goid: u64) -> Msg {
    for p in &snap.ps {
        let on = |key| Msg::new(key).with("p", p.id.to_string());
        if p.curg == Some(goid) {
            return on("where.running");
        }
        if p.runnext == Some(goid) {
            return on("where.runnext");
        }
        if let Some(i) = p.ring.iter().position(|&g| g == goid) {
            // runnext runs before the ring, so it is ahead too.
            return on("where.ring").int("n", i + usize::from(p.runnext.is_some()));
        }
    }
    if let Some(i) = snap
        .global
        .as_ref()
        .and_then(|q| q.iter().position(|&g| g == goid))
    {
        return Msg::new("where.global").int("n", i);
    }
    match snap.gs.iter().find(|g| g.goid == goid) {
        // Go's own names for the status and the wait reason.
        Some(g) if g.waitreason.as_str().is_empty() => {
            Msg::new("where.go").with("what", g.status.go_name())
        }
        Some(g) => Msg::new("where.go").with(
            "what",
            format!("{} ({})", g.status.go_name(), g.waitreason.as_str()),
        ),
        None => Msg::new("where.finished"),
    }
}

/// Names a goroutine from its start function and argument: (function, its own name).
pub type Namer<'a> = &'a dyn Fn(u32, i64) -> (String, Option<String>);

impl Ui {
    /// Folds a frame's snapshot and new events in. `page_ms` is the page clock.
    pub fn frame(
        &mut self,
        snap: Snapshot,
        events: &[Event],
        console: Vec<String>,
        page_ms: f64,
        name: Namer,
    ) {
        for g in &snap.gs {
            self.kinds.insert(g.goid, g.kind);
            let named = self
                .names
                .entry(g.goid)
                .or_insert_with(|| name(g.startfn, g.startarg));
            if named.1.is_none() {
                // A front end's goroutine the program names (`go worker("A")`).
                named.1 = g.label.as_deref().map(String::from);
            }
        }
        for e in events {
            self.history.push_back(e.clone());
            match &e.kind {
                EvKind::Steal {
                    victim,
                    thief,
                    n,
                    runnext,
                } => {
                    self.steals += 1;
                    // One arrow per pair of Ps (the newest), so arrows do not pile up.
                    self.arrows
                        .retain(|a| (a.victim, a.thief) != (*victim, *thief));
                    if self.arrows.len() >= MAX_ARROWS {
                        self.arrows.remove(0);
                    }
                    self.arrows.push(Arrow {
                        victim: *victim,
                        thief: *thief,
                        n: *n,
                        runnext: *runnext,
                        born: page_ms,
                    });
                }
                EvKind::Preempt { g, .. } => {
                    self.preemptions += 1;
                    self.preempted.insert(*g, page_ms);
                    self.flashes.insert(
                        e.p,
                        Flash {
                            what: "preempt",
                            text: Msg::new("flash.preempt").with("g", g.to_string()),
                            born: page_ms,
                        },
                    );
                }
                EvKind::ProcSteal { p, m } => {
                    self.handoffs += 1;
                    self.flashes.insert(
                        *p,
                        Flash {
                            what: "handoff",
                            text: Msg::new("flash.handoff").with("m", m.to_string()),
                            born: page_ms,
                        },
                    );
                }
                EvKind::StackGrow { g, old, new } if e.p >= 0 => {
                    self.flashes.insert(
                        e.p,
                        Flash {
                            what: "stack",
                            text: Msg::new("flash.stack")
                                .with("g", g.to_string())
                                .with("old", old.to_string())
                                .with("new", new.to_string()),
                            born: page_ms,
                        },
                    );
                }
                EvKind::GoStart { g } if e.p >= 0 => {
                    self.close_slice(e.p, e.t);
                    self.open_slice
                        .insert(e.p, self.slices_dropped + self.slices.len());
                    self.slices.push_back(Slice {
                        p: e.p,
                        goid: *g,
                        start: e.t,
                        end: None,
                    });
                }
                EvKind::GoStop { .. }
                | EvKind::GoBlock { .. }
                | EvKind::GoDestroy { .. }
                | EvKind::GoSyscallBegin { .. }
                    if e.p >= 0 =>
                {
                    self.close_slice(e.p, e.t);
                }
                _ => {}
            }
            let repeat = matches!(e.kind, EvKind::GoStop { g, reason: StopReason::Preempted }
                if self.last_preempt == Some(g));
            self.last_preempt = match e.kind {
                EvKind::Preempt { g, .. } => Some(g),
                _ => None,
            };
            if repeat {
                continue;
            }
            if let Some(text) = describe(e) {
                let (g, topic) = about(&e.kind);
                self.feed.push_front(FeedItem {
                    t: e.t,
                    text,
                    g,
                    topic,
                });
            }
        }
        self.feed.truncate(FEED);
        while self.history.len() > HISTORY {
            self.history.pop_front();
        }
        if snap.exited.is_some() {
            // The program is over: nothing is moving any more.
            self.arrows.clear();
            self.flashes.clear();
            self.preempted.clear();
        }
        for line in console {
            self.console.push_back(line);
        }
        while self.console.len() > 300 {
            self.console.pop_front();
        }
        self.arrows.retain(|a| page_ms - a.born < ARROW_MS);
        self.flashes.retain(|_, f| page_ms - f.born < FLASH_MS);
        self.preempted.retain(|_, b| page_ms - *b < FLASH_MS * 2.0);
        let horizon = snap.now - TIMELINE_NS;
        while self
            .slices
            .front()
            .is_some_and(|s| s.end.is_some_and(|e| e < horizon))
        {
            self.slices.pop_front();
            self.slices_dropped += 1;
        }
        while self.slices.len() > 20_000 {
            self.slices.pop_front();
            self.slices_dropped += 1;
        }
        if self.kinds.len() > 300_000 {
            self.kinds.clear();
            self.names.clear();
        }
        self.snap = Rc::new(snap);
    }

    fn close_slice(&mut self, p: i32, t: i64) {
        let Some(i) = self.open_slice.remove(&p) else {
            return;
        };
        if let Some(s) = i
            .checked_sub(self.slices_dropped)
            .and_then(|i| self.slices.get_mut(i))
        {
            s.end = Some(t);
        }
    }

    /// The token text and its tooltip: `G19 A` / `G19 main.main.func1 (A, example)`.
    pub fn label(&self, goid: u64, s: &crate::strings::Text) -> (String, String) {
        let kind = s.t(kind_key(self.kind(goid)));
        match self.names.get(&goid) {
            Some((f, Some(l))) => (format!("G{goid} {l}"), format!("G{goid} {f} ({l}, {kind})")),
            Some((f, None)) => (format!("G{goid}"), format!("G{goid} {f} ({kind})")),
            None => (format!("G{goid}"), format!("G{goid} ({kind})")),
        }
    }

    /// A goroutine as the captions name it: "A (G19)", "main (G1)", "G2 (forcegchelper)"
    /// (the program's name for it first, else main, else its start function).
    pub fn name(&self, goid: u64) -> String {
        match self.names.get(&goid) {
            Some((_, Some(l))) => format!("{l} (G{goid})"),
            _ if self.kinds.get(&goid) == Some(&GKind::Main) => format!("main (G{goid})"),
            Some((f, None)) if !f.is_empty() => {
                format!("G{goid} ({})", f.strip_prefix("runtime.").unwrap_or(f))
            }
            _ => format!("G{goid}"),
        }
    }

    /// What the page knows of a goroutine's past: its events, newest first.
    pub fn history_of(&self, goid: u64, n: usize) -> Vec<(i64, Msg)> {
        self.history
            .iter()
            .rev()
            .filter(|e| about(&e.kind).0 == Some(goid))
            .filter_map(|e| describe(e).map(|d| (e.t, d)))
            .take(n)
            .collect()
    }

    pub fn kind(&self, goid: u64) -> GKind {
        self.kinds.get(&goid).copied().unwrap_or(GKind::Example)
    }
}

/// The text key of what kind of goroutine a G is (the page's colours).
pub fn kind_key(k: GKind) -> &'static str {
    match k {
        GKind::Main => "gkind.main",
        GKind::Cpu => "gkind.cpu",
        GKind::Blocking => "gkind.blocking",
        GKind::Network => "gkind.network",
        GKind::Example => "gkind.example",
        GKind::System => "gkind.system",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ring's slots and hover name a G as the captions do (`runner::caption_name`).
    #[test]
    fn a_goroutine_is_named_as_the_captions_name_it() {
        let mut ui = Ui::default();
        let named = |f: &str, l: Option<&str>| (f.to_string(), l.map(String::from));
        ui.names.insert(19, named("main.main.func1", Some("A")));
        ui.names.insert(1, named("main.main", None));
        ui.kinds.insert(1, GKind::Main);
        ui.names.insert(2, named("runtime.forcegchelper", None));
        ui.names.insert(30, named("main.crunch", None));
        assert_eq!(ui.name(19), "A (G19)");
        assert_eq!(ui.name(1), "main (G1)");
        assert_eq!(ui.name(2), "G2 (forcegchelper)");
        assert_eq!(ui.name(30), "G30 (main.crunch)");
        assert_eq!(ui.name(77), "G77", "a G the page has not seen yet");
    }

    /// A stop closes the P's own open slice (and nothing else), also after the oldest
    /// slices were dropped: the open slice is found by its number, not by a walk back.
    #[test]
    fn a_stop_closes_its_ps_open_slice_after_drops() {
        let ev = |t, p, kind| Event { t, m: 0, p, kind };
        let start = |t, p, g| ev(t, p, EvKind::GoStart { g });
        let stop = |t, p, g| {
            ev(
                t,
                p,
                EvKind::GoStop {
                    g,
                    reason: StopReason::Gosched,
                },
            )
        };
        let name: Namer = &|_, _| (String::new(), None);
        let mut ui = Ui::default();
        let snap = |now| Snapshot {
            now,
            ..Snapshot::default()
        };
        ui.frame(
            snap(3),
            &[start(1, 0, 5), start(2, 1, 6), stop(3, 0, 5)],
            vec![],
            0.0,
            name,
        );
        assert_eq!(
            ui.slices.iter().map(|s| (s.p, s.end)).collect::<Vec<_>>(),
            [(0, Some(3)), (1, None)]
        );
        // A P with nothing open: nothing changes.
        ui.frame(snap(4), &[stop(4, 2, 9), stop(4, 0, 5)], vec![], 0.0, name);
        assert_eq!(
            ui.slices.iter().map(|s| (s.p, s.end)).collect::<Vec<_>>(),
            [(0, Some(3)), (1, None)]
        );
        // 30,000 short slices on P2 push the oldest out (20,000 kept); P1's open slice
        // is among them, so its stop finds nothing; P2's last one is closed.
        let many: Vec<Event> = (0..30_000)
            .flat_map(|i| [start(10 + 2 * i, 2, 7), stop(11 + 2 * i, 2, 7)])
            .collect();
        ui.frame(snap(70_000), &many, vec![], 0.0, name);
        ui.frame(
            snap(70_001),
            &[start(70_001, 2, 8), stop(70_002, 1, 6)],
            vec![],
            0.0,
            name,
        );
        assert_eq!(ui.slices.len(), 20_000);
        assert!(ui.slices.iter().all(|s| s.p == 2));
        ui.frame(snap(70_003), &[stop(70_003, 2, 8)], vec![], 0.0, name);
        let last = ui.slices.back().unwrap();
        assert_eq!((last.goid, last.start, last.end), (8, 70_001, Some(70_003)));
        assert!(ui.slices.iter().all(|s| s.end.is_some()));
    }
}
