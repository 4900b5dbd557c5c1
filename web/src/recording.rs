//! What a live run showed, kept so a paused live run can be scrubbed.
//!
//! A live run cannot be replayed: its Ms run on real threads, so the same inputs give
//! another interleaving. What the page can go back to is what it saw. While a live run
//! plays, each frame's reading (the snapshot, the events read since the last frame,
//! the schedtrace lines, how many output lines there were) is kept as a [`Moment`] in a
//! bounded ring; when the run is paused, the scrubber moves through the moments kept,
//! and the machine view shows the one picked: the page's fold ([`Ui`]) is rebuilt from
//! the oldest moment kept up to it, as the frames built it the first time.
//!
//! The budget: at most [`MAX_MOMENTS`] moments (about 20 s of frames at 30 a second)
//! and at most [`MAX_BYTES`] of them by [`Moment::bytes`]' estimate, whichever comes
//! first; the oldest moments go first. A run with many goroutines (a 10,000-G
//! snapshot is about 1 MB) keeps fewer seconds.

use std::collections::VecDeque;
use std::rc::Rc;

use gmp_core::snapshot::{GSnap, MSnap, PSnap, Snapshot};
use gmp_core::trace::Event;

use crate::ui::{Namer, Ui};

/// Moments kept at most (one per frame while the live run plays).
pub const MAX_MOMENTS: usize = 600;
/// Estimated bytes of the moments kept, at most.
pub const MAX_BYTES: usize = 32 << 20;

/// One frame of a live run, as the page read it.
#[derive(Clone, Debug, PartialEq)]
pub struct Moment {
    pub snap: Rc<Snapshot>,
    /// The events read in this frame.
    pub events: Vec<Event>,
    /// The schedtrace lines read in this frame.
    pub console: Vec<String>,
    /// The page clock of the frame (arrows and flashes fade by it).
    pub page_ms: f64,
    /// Lines of program output read up to this frame, counted from the run's start.
    pub output_lines: u64,
}

impl Moment {
    /// An estimate of the memory this moment holds: the snapshot's vectors and the
    /// events (the strings of the lines are counted by length).
    pub fn bytes(&self) -> usize {
        use std::mem::size_of;
        let s = &self.snap;
        size_of::<Snapshot>()
            + s.ps.len() * size_of::<PSnap>()
            + s.ps.iter().map(|p| p.ring.len() * 8).sum::<usize>()
            + s.global.as_ref().map_or(0, |g| g.len() * 8)
            + s.ms.len() * size_of::<MSnap>()
            + s.gs.len() * size_of::<GSnap>()
            + (s.netpoll.len() + s.timers.len()) * 16
            + self.events.len() * size_of::<Event>()
            + self.console.iter().map(|l| l.len() + 24).sum::<usize>()
    }
}

/// The moments kept of a live run, and which one the page shows (if not the present).
#[derive(Default)]
pub struct Recording {
    moments: VecDeque<Moment>,
    bytes: usize,
    /// Moments dropped from the front so far (for telling the learner).
    pub dropped: u64,
    /// The moment shown and the fold that shows it; `None`: the live present.
    view: Option<(usize, Ui)>,
}

impl Recording {
    /// Keeps a frame's reading, dropping the oldest moments past the budget.
    pub fn push(&mut self, m: Moment) {
        self.bytes += m.bytes();
        self.moments.push_back(m);
        while self.moments.len() > MAX_MOMENTS || (self.bytes > MAX_BYTES && self.moments.len() > 1)
        {
            let old = self.moments.pop_front().expect("not empty");
            self.bytes -= old.bytes();
            self.dropped += 1;
        }
    }

    pub fn len(&self) -> usize {
        self.moments.len()
    }

    pub fn is_empty(&self) -> bool {
        self.moments.is_empty()
    }

    /// The estimated bytes kept.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    pub fn moment(&self, i: usize) -> Option<&Moment> {
        self.moments.get(i)
    }

    /// The moment shown, if the page shows a recorded one.
    pub fn at(&self) -> Option<usize> {
        self.view.as_ref().map(|(i, _)| *i)
    }

    /// The fold of moment `i` (the last one if past the end): the oldest moment kept
    /// up to `i`, folded as the frames were. The names the page gave goroutines are
    /// carried over from `names_from` (the present's fold), so a G that started
    /// before the oldest moment kept is still called what it was called.
    pub fn show(&mut self, i: usize, names_from: &Ui, name: Namer) -> Option<&Ui> {
        let i = i.min(self.moments.len().checked_sub(1)?);
        let (from, mut ui) = match self.view.take() {
            // Forward from the moment shown: fold only the moments in between.
            Some((at, ui)) if at <= i => (at + 1, ui),
            _ => {
                let mut ui = Ui::default();
                ui.kinds = names_from.kinds.clone();
                ui.names = names_from.names.clone();
                (0, ui)
            }
        };
        for m in self.moments.range(from..=i) {
            ui.frame(
                (*m.snap).clone(),
                &m.events,
                m.console.clone(),
                m.page_ms,
                name,
            );
        }
        self.view = Some((i, ui));
        self.view.as_ref().map(|(_, ui)| ui)
    }

    /// Back to the live present.
    pub fn leave(&mut self) -> Option<Ui> {
        self.view.take().map(|(_, ui)| ui)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Engine, Input, RunSpec};
    use gmp_core::GKind;

    fn namer(f: u32, a: i64) -> (String, Option<String>) {
        (format!("f{f}"), (a > 0).then(|| format!("a{a}")))
    }

    /// Frames of a run (the deterministic driver stands in for the live one: the
    /// recording only keeps what the page read), each with the fold the page built.
    fn frames(n: usize) -> (Vec<Moment>, Vec<Ui>) {
        let mut e = Engine::new_sim(RunSpec {
            procs: 4,
            ..RunSpec::default()
        })
        .unwrap();
        e.apply(Input::Spawn(GKind::Cpu, 40)).unwrap();
        let mut ui = Ui::default();
        let mut from = 0;
        let (mut moments, mut uis) = (vec![], vec![]);
        for f in 0..n {
            e.advance(2_000_000, 1e9);
            let snap = e.snapshot();
            let events = e.events_since(&mut from);
            let page_ms = f as f64 * 33.0;
            ui.frame(snap.clone(), &events, vec![], page_ms, &namer);
            moments.push(Moment {
                snap: Rc::new(snap),
                events,
                console: vec![],
                page_ms,
                output_lines: 0,
            });
            uis.push(ui.clone());
        }
        (moments, uis)
    }

    /// What the machine view, the timeline and the feed draw from.
    fn same(a: &Ui, b: &Ui, i: usize) {
        assert_eq!(a.snap, b.snap, "moment {i}: the machine");
        assert_eq!(a.feed, b.feed, "moment {i}: the feed");
        assert_eq!(a.slices, b.slices, "moment {i}: the timeline");
        assert_eq!(a.history, b.history, "moment {i}: the G cards' events");
        assert_eq!(a.arrows, b.arrows, "moment {i}: the steal arrows");
        assert_eq!(a.flashes, b.flashes, "moment {i}: the flashes");
        assert_eq!(
            (a.steals, a.preemptions, a.handoffs),
            (b.steals, b.preemptions, b.handoffs)
        );
        for (g, n) in &b.names {
            assert_eq!(a.names.get(g), Some(n), "moment {i}: G{g}'s name");
        }
    }

    #[test]
    fn a_recorded_moment_shows_what_the_page_showed_then() {
        let (moments, uis) = frames(60);
        assert!(
            uis[59].steals > 0 && uis[59].feed.len() > 10,
            "the run moved work"
        );
        let mut rec = Recording::default();
        for m in moments.iter().cloned() {
            rec.push(m);
        }
        let present = uis[59].clone();
        // Back, forward (folding on from where it stood), back again.
        for i in [30, 45, 59, 3, 0, 31] {
            let ui = rec.show(i, &present, &namer).unwrap();
            same(ui, &uis[i], i);
            assert_eq!(rec.at(), Some(i));
        }
        assert!(rec.leave().is_some());
        assert_eq!(rec.at(), None, "back to the present");
    }

    #[test]
    fn the_budget_drops_the_oldest_moments_and_keeps_the_newest() {
        let (moments, uis) = frames(40);
        let one = moments[39].bytes();
        assert!(one > 1_000, "a 40-G snapshot is counted ({one} bytes)");
        let mut rec = Recording::default();
        for _ in 0..(MAX_MOMENTS / 40 + 1) {
            for m in moments.iter().cloned() {
                rec.push(m);
            }
        }
        assert_eq!(rec.len(), MAX_MOMENTS);
        assert_eq!(rec.dropped, 40);
        assert!(rec.bytes() <= MAX_BYTES);
        assert_eq!(rec.moment(MAX_MOMENTS - 1), Some(&moments[39]));
        // The newest moment's machine is the present's.
        let ui = rec.show(usize::MAX, &uis[39], &namer).unwrap();
        assert_eq!(ui.snap, uis[39].snap);
        // A byte budget: moments of a big snapshot are kept while they fit.
        let mut big = moments[39].clone();
        let mut s = (*big.snap).clone();
        let g = s.gs[0].clone();
        s.gs = vec![g; 200_000];
        big.snap = Rc::new(s);
        let mut rec = Recording::default();
        for _ in 0..20 {
            rec.push(big.clone());
        }
        let fit = MAX_BYTES / big.bytes();
        assert!((1..20).contains(&fit));
        assert_eq!(rec.len(), fit, "{} bytes each", big.bytes());
        assert!(rec.bytes() <= MAX_BYTES);
    }
}
