//! The machine behind the page: the current run ([`Engine`]), what the page has
//! folded in from it ([`Ui`]: arrows, flashes, timeline, console, feed) and the
//! program's output, read through the core's two read paths: `Runtime::snapshot` and
//! `Runtime::output_since` (plus the event log by count).
//!
//! The page state ([`crate::state::Page`]) never holds the run; it sends numbered
//! [`Command`]s, which [`Runner::carry_out`] applies after each render, and each frame
//! [`Runner::tick`] advances the run and reports [`RunFacts`] back as an action.

use std::cell::RefCell;
use std::rc::Rc;

use gmp_core::output::OutputCursor;
use gmp_core::runtime::{ExitStatus, StackCopy};
use gmp_core::GKind;

use crate::engine::{Engine, Input};
use crate::recording::{Moment, Recording};
use crate::state::{Command, Page, RunFacts, StepTarget};
use crate::ui::Ui;

/// Workers started for live runs: GOMAXPROCS up to 16, sysmon, and Ms blocked in
/// syscalls.
pub const POOL_THREADS: usize = 24;
/// Lines of program output kept.
const OUTPUT_LINES: usize = 2_000;

#[derive(Default)]
pub struct Runner {
    pub engine: Option<Engine>,
    pub ui: Ui,
    events_from: u64,
    out: OutputCursor,
    /// The program's stdout and stderr lines, in the order read.
    pub output: Vec<String>,
    pub copies: Vec<StackCopy>,
    pub exit: Option<ExitStatus>,
    paused: bool,
    speed: f64,
    /// The number of the next command to carry out.
    next: u64,
    frame: u64,
    last_ms: Option<f64>,
    /// What the last Step did, in words ([`crate::caption`]); cleared when the run
    /// moves on by itself.
    pub caption: Option<Vec<crate::strings::Msg>>,
    /// The caption each Step left, by the step count it reached: Step back and the
    /// scrubber show what the step they land on did (the latest 10,000).
    captions: std::collections::BTreeMap<u64, Vec<crate::strings::Msg>>,
    /// The step count before each Step, so Step back undoes a whole merged step.
    marks: Vec<u64>,
    /// Play by steps: this many Steps a second instead of virtual time.
    step_rate: Option<u32>,
    /// Steps owed to the step rate (fractions carry over between frames).
    step_debt: f64,
    /// Wall ms of the last seek not yet shown: the seek itself (the next frame adds
    /// folding the events in).
    seek_ms: Option<f64>,
    /// Wall ms the last seek took until its moment was on screen (seek and fold).
    pub last_seek_ms: f64,
    /// Wall ms the last build took (a `step=N` link runs N steps in it).
    pub last_build_ms: f64,
    /// A live run's frames, kept for scrubbing it while paused.
    pub rec: Recording,
    /// While a recorded frame is shown: the present's fold and output, put aside.
    present: Option<(Ui, Vec<String>)>,
    /// Output lines read since the run started.
    output_total: u64,
    /// Spawn requests the accept loop has not taken yet (as last read).
    pending: u32,
    /// A `step=N` link beyond what the run has reached: the run goes there over
    /// frames (a CPU-heavy Go program runs every instruction on the way; seconds of
    /// work), so the page keeps drawing and says how far it is.
    going_to: Option<u64>,
}

/// Scheduler steps a Step may merge while none of them changes anything the page
/// shows (no event, no goroutine on a new line).
pub const MAX_MERGED_STEPS: u32 = 2_000;

/// Scheduler steps a "next steal / preemption / ..." search runs before it gives up.
pub const MAX_SEARCH_STEPS: u32 = 50_000;

/// A goroutine as a caption names it: "A (G19)", "main (G1)", "G2 (forcegchelper)".
pub fn caption_name(
    snaps: &[&gmp_core::snapshot::Snapshot],
    rt: &gmp_core::Runtime,
    g: u64,
) -> String {
    let Some(x) = snaps.iter().find_map(|s| s.gs.iter().find(|x| x.goid == g)) else {
        return format!("G{g}");
    };
    if let Some(l) = &x.label {
        return format!("{l} (G{g})");
    }
    if x.kind == GKind::Main {
        return format!("main (G{g})");
    }
    match rt.goroutine_name(x.startfn, x.startarg) {
        (_, Some(l)) => format!("{l} (G{g})"),
        (f, None) => format!("G{g} ({})", f.strip_prefix("runtime.").unwrap_or(f)),
    }
}

/// Each code goroutine's line, for telling whether a step moved one.
fn lines(snap: &gmp_core::snapshot::Snapshot) -> Vec<(u64, u32)> {
    snap.gs
        .iter()
        .filter(|g| g.line > 0)
        .map(|g| (g.goid, g.line))
        .collect()
}

/// The runner, shared by the page's components (compared by identity: the frame
/// number in their props says when to redraw).
#[derive(Clone, Default)]
pub struct Shared(pub Rc<RefCell<Runner>>);

impl PartialEq for Shared {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl Runner {
    fn reset_view(&mut self) {
        self.ui = Ui::default();
        self.events_from = 0;
        self.out = OutputCursor::default();
        self.output.clear();
        self.copies.clear();
        self.exit = None;
        self.caption = None;
        self.rec = Recording::default();
        self.present = None;
        self.output_total = 0;
    }

    /// Whether the run is paused.
    pub fn paused(&self) -> bool {
        self.paused
    }

    /// Shows recorded frame `i` of a live run: the fold rebuilt up to it, and the
    /// program's output as it stood then.
    fn show_recorded(&mut self, i: usize) {
        let Some(e) = self.engine.as_ref() else {
            return;
        };
        if self.rec.is_empty() {
            return;
        }
        let (ui, output) = self
            .present
            .take()
            .unwrap_or_else(|| (self.ui.clone(), self.output.clone()));
        let rt = e.rt();
        let shown = self
            .rec
            .show(i, &ui, &|f, a| {
                let (func, name) = rt.goroutine_name(f, a);
                (func.to_string(), name.map(String::from))
            })
            .cloned();
        if let Some(shown) = shown {
            self.ui = shown;
        }
        let at = self.rec.at().and_then(|i| self.rec.moment(i));
        let later = at.map_or(0, |m| self.output_total.saturating_sub(m.output_lines)) as usize;
        self.output = output[..output.len().saturating_sub(later)].to_vec();
        self.present = Some((ui, output));
    }

    /// Back to the live present from a recorded frame.
    fn leave_recorded(&mut self) {
        self.rec.leave();
        if let Some((ui, output)) = self.present.take() {
            self.ui = ui;
            self.output = output;
        }
    }

    /// Carries out the page's new commands; returns what went wrong, for a notice.
    pub fn carry_out(&mut self, page: &Page) -> Vec<crate::strings::Msg> {
        let mut errors = Vec::new();
        let cmds: Vec<(u64, Command)> = page.commands_from(self.next).cloned().collect();
        for (i, (n, c)) in cmds.iter().cloned().enumerate() {
            self.next = n + 1;
            // A drag sends many seeks at once: only the last one (before any other
            // command) matters.
            if matches!(c, Command::Seek(_))
                && matches!(
                    cmds.get(i + 1),
                    Some((_, Command::Seek(_)) | (_, Command::Clock { .. }))
                )
                && cmds[i + 1..]
                    .iter()
                    .take_while(|(_, c)| matches!(c, Command::Seek(_) | Command::Clock { .. }))
                    .any(|(_, c)| matches!(c, Command::Seek(_)))
            {
                continue;
            }
            if let Err(e) = self.command(c) {
                errors.push(e);
            }
        }
        errors
    }

    fn command(&mut self, c: Command) -> Result<(), crate::strings::Msg> {
        use crate::strings::Msg;
        let engine_error = |e: String| Msg::new("notice.engine_error").with("error", e);
        // Any other command takes the run from wherever the way to a link's step got.
        if !matches!(c, Command::Clock { .. } | Command::Export) {
            self.going_to = None;
        }
        match c {
            Command::Build {
                spec,
                live,
                start_step,
                inputs,
                paused,
                speed,
            } => {
                if let Some(old) = self.engine.take() {
                    old.stop();
                }
                self.reset_view();
                self.captions.clear();
                self.paused = paused;
                self.speed = speed;
                let live = live.then_some((if paused { 1e-9 } else { speed }, POOL_THREADS));
                let t0 = crate::clock::now_ms();
                // A deterministic run starts at step 0 and goes to the link's step
                // in frames (`tick`); the build itself is only the compile.
                self.engine = Some(Engine::build(spec, live, inputs, None).map_err(engine_error)?);
                self.going_to = start_step.filter(|&n| n > 0 && live.is_none());
                self.last_build_ms = crate::clock::now_ms() - t0;
            }
            Command::Apply(input) => {
                // An input changes the run from this step on: later captions are gone.
                if let Some(at) = self.engine.as_ref().map(|e| e.steps()) {
                    self.captions.retain(|&k, _| k <= at);
                }
                if let Some(e) = self.engine.as_mut() {
                    if let Input::Spawn(_, n) = input {
                        // The explorer's goroutine limit, said in the learner's words
                        // (the core refuses the request with the same limit).
                        if let Some(limit) = e.rt().spawn_over_limit(n) {
                            return Err(Msg::new("notice.too_many_goroutines").int("limit", limit));
                        }
                    }
                    e.apply(input).map_err(engine_error)?;
                }
            }
            Command::Step => self.step(),
            Command::StepTo(t, g) => self.step_to(Some((t, g))),
            Command::StepRate(r) => {
                self.step_rate = r;
                self.step_debt = 0.0;
            }
            Command::StepBack => {
                let Some(e) = self.engine.as_mut() else {
                    return Ok(());
                };
                let target = match self.marks.pop() {
                    Some(m) if m < e.steps() => m,
                    _ => e.step_back_target(),
                };
                e.rewind_to(target).map_err(engine_error)?;
                let marks = std::mem::take(&mut self.marks);
                self.reset_view();
                self.marks = marks;
                self.caption = self.captions.get(&target).cloned();
            }
            Command::Seek(n) if self.engine.as_ref().is_some_and(|e| e.is_live()) => {
                let t0 = crate::clock::now_ms();
                self.show_recorded(n as usize);
                self.seek_ms = Some(crate::clock::now_ms() - t0);
            }
            Command::Seek(n) => {
                let Some(e) = self.engine.as_mut() else {
                    return Ok(());
                };
                let t0 = crate::clock::now_ms();
                e.rewind_to(n).map_err(engine_error)?;
                self.reset_view();
                self.marks.clear();
                self.caption = self.captions.get(&n).cloned();
                self.seek_ms = Some(crate::clock::now_ms() - t0);
            }
            Command::Clock { paused, speed } => {
                if !paused {
                    self.leave_recorded();
                }
                self.paused = paused;
                self.speed = speed;
                if let Some(e) = self.engine.as_ref() {
                    e.set_scale(if paused { 1e-9 } else { speed });
                }
            }
            Command::Export => {
                if let Some(e) = self.engine.as_ref() {
                    let evs = e
                        .rt()
                        .events()
                        .try_snapshot()
                        .ok_or(Msg::new("notice.export_busy"))?;
                    // Every P ever made (allp), so destroyed Ps' tracks are named too.
                    let ps = e.rt().allp().len() as u32;
                    let json = gmp_core::export::chrome_trace(&evs, ps);
                    crate::components::download("gmp-trace.json", &json);
                }
            }
        }
        Ok(())
    }

    /// One Step: scheduler steps until one changes what the page shows (an event, or
    /// a goroutine on a new line), at most [`MAX_MERGED_STEPS`]; then its caption.
    fn step(&mut self) {
        self.step_to(None);
    }

    /// Steps until `to` happens (or, for `None`, one Step), then says so: the caption
    /// is the sentence of the step where it happened.
    pub fn step_to(&mut self, to: Option<(StepTarget, Option<u64>)>) {
        let Some(e) = self.engine.as_mut() else {
            return;
        };
        if e.is_live() {
            return;
        }
        let mut before = e.snapshot();
        let first = e.steps();
        let lines0 = lines(&before);
        let mut cursor = self.events_from;
        // Events of earlier frames not read yet are not this step's.
        let _ = e.events_since(&mut cursor);
        self.marks.push(e.steps());
        // Lines are compared (and `before` taken each step) while the program has few
        // goroutines: a snapshot of 10,000 per step would make a search take minutes.
        let watch = |s: &gmp_core::snapshot::Snapshot| s.gs.len() <= 2_000;
        let watch_lines = watch(&before);
        let mut moved = vec![];
        let mut evs = vec![];
        let mut found = to.is_none();
        let mut confirm =
            match to {
                Some((StepTarget::LintAt(k, first, last), _)) => Some(
                    crate::confirm::Confirm::new(k, first, last, e.rt().cfg().asyncpreemptoff),
                ),
                _ => None,
            };
        let mut confirmed = vec![];
        let limit = if to.is_some() {
            MAX_SEARCH_STEPS
        } else {
            MAX_MERGED_STEPS
        };
        for _ in 0..limit {
            // The fairness search reads the queues before each step, at any size.
            if to.is_some() && (watch(&before) || matches!(to, Some((StepTarget::Fair, _)))) {
                before = e.snapshot();
            }
            e.step();
            evs = e.events_since(&mut cursor);
            // The last step's events count too (a search may end at the exit).
            let stopped = e.stopped().is_some();
            match to {
                None => {
                    if !evs.is_empty() {
                        break;
                    }
                    if watch_lines {
                        let now = lines(&e.snapshot());
                        if now != lines0 {
                            moved = now.into_iter().filter(|x| !lines0.contains(x)).collect();
                            break;
                        }
                    }
                }
                Some((StepTarget::MainStarts, _)) => {
                    let snap = e.snapshot();
                    if let Some(g) = snap.gs.iter().find(|g| g.kind == GKind::Main && g.line > 0) {
                        moved = vec![(g.goid, g.line)];
                        found = true;
                        break;
                    }
                }
                // `proc.go: findRunnable`: `if pp.schedtick%61 == 0 && !sched.runq.empty()`,
                // one G from the global queue before the local one. Seen from outside: a G
                // starts that was in the global queue while its P's runnext or ring held
                // others (the snapshot before the step).
                Some((StepTarget::Fair, _)) => {
                    let fair = evs.iter().any(|ev| match ev.kind {
                        gmp_core::trace::EvKind::GoStart { g } => {
                            let in_global = before.global.as_ref().is_some_and(|q| q.contains(&g));
                            let local = before.ps.iter().find(|p| p.id as i32 == ev.p);
                            in_global
                                && local.is_some_and(|p| !p.ring.is_empty() || p.runnext.is_some())
                        }
                        _ => false,
                    });
                    if fair {
                        found = true;
                        break;
                    }
                }
                Some((StepTarget::LintAt(..), _))
                    if confirm.as_ref().is_some_and(|c| c.wants(&evs)) =>
                {
                    let c = confirm.as_mut().expect("a lint's search");
                    let after = e.snapshot();
                    let rt = e.rt();
                    let name = |g: u64| caption_name(&[&after, &before], rt, g);
                    if let Some(m) = c.step(&evs, &before, &after, &name) {
                        confirmed = m;
                        found = true;
                        break;
                    }
                }
                Some((t, g)) => {
                    if evs.iter().any(|ev| t.matches(&ev.kind, g)) {
                        found = true;
                        break;
                    }
                }
            }
            if stopped {
                break;
            }
        }
        let after = e.snapshot();
        let rt = e.rt();
        let name = |g: u64| caption_name(&[&after, &before], rt, g);
        let mut text = match to {
            Some((StepTarget::MainStarts, _)) if found => {
                crate::caption::started(e.steps() - first, &name(moved[0].0), moved[0].1)
            }
            _ => crate::caption::caption(&evs, &before, &moved, &name),
        };
        text.append(&mut confirmed);
        // A search that finds nothing leaves the run where it was (it may have run to
        // the program's end, where nothing more could be done), and says how far it
        // looked.
        let mut rewound = false;
        if !found {
            text = crate::caption::not_found(e.steps() - first, e.stopped().is_some());
            rewound = e.rewind_to(first).is_ok();
        } else if text.is_empty() {
            use crate::strings::Msg;
            text = vec![match e.stopped() {
                Some(gmp_core::Stop::TimeLimit) => Msg::new("cap.time_limit"),
                Some(_) => Msg::new("cap.ended"),
                None => Msg::new("cap.quiet")
                    .with("steps", crate::strings::Arg::Int(MAX_MERGED_STEPS as i64)),
            }];
        }
        if rewound {
            let mut marks = std::mem::take(&mut self.marks);
            marks.pop();
            self.reset_view();
            self.marks = marks;
        }
        if let Some(at) = self.engine.as_ref().map(|e| e.steps()) {
            self.captions.insert(at, text.clone());
            if self.captions.len() > 10_000 {
                self.captions.pop_first();
            }
        }
        self.caption = Some(text);
    }

    /// One frame: advances a deterministic run by a bounded slice (at most 8 ms of
    /// wall time), then reads the snapshot, the new events and the new output.
    pub fn tick(&mut self, now_ms: f64) -> Option<RunFacts> {
        let dt = self
            .last_ms
            .map(|l| (now_ms - l).clamp(0.0, 100.0))
            .unwrap_or(0.0);
        self.last_ms = Some(now_ms);
        let t0 = crate::clock::now_ms();
        let eng = self.engine.as_mut()?;
        if self.present.is_some() {
            // A recorded frame is shown: the present is read again when the run goes on.
            self.frame += 1;
            if let Some(ms) = self.seek_ms.take() {
                self.last_seek_ms = ms;
            }
            return Some(self.facts());
        }
        if let Some(n) = self.going_to {
            let t1 = crate::clock::now_ms();
            if eng.seek_within(n, 30.0) {
                let at = eng.steps();
                self.going_to = None;
                self.reset_view();
                self.last_build_ms += crate::clock::now_ms() - t1;
                // A link past the run's end stops at its last step, and says so.
                if at < n {
                    self.caption = Some(vec![crate::strings::Msg::new("cap.past_end")
                        .int("n", n)
                        .int("at", at)]);
                }
            } else {
                self.last_build_ms += crate::clock::now_ms() - t1;
                self.caption = Some(vec![crate::strings::Msg::new("cap.going_to")
                    .int("n", n)
                    .int("at", eng.steps())]);
                self.frame += 1;
                return Some(self.facts());
            }
        }
        let eng = self.engine.as_mut()?;
        match self.step_rate {
            Some(rate) if !self.paused && !eng.is_live() => {
                self.step_debt = (self.step_debt + dt * rate as f64 / 1000.0).min(4.0);
                while self.step_debt >= 1.0 {
                    self.step_debt -= 1.0;
                    self.step();
                }
            }
            _ => {
                if !self.paused && eng.advance((dt * 1e6 * self.speed) as i64, 8.0) > 0 {
                    self.caption = None;
                    self.marks.clear();
                }
            }
        }
        let eng = self.engine.as_mut()?;
        let snap = eng.snapshot();
        let evs = eng.events_since(&mut self.events_from);
        let out = eng.rt().output_since(&mut self.out);
        self.output_total += (out.stdout.len() + out.stderr.len()) as u64;
        let live = eng.is_live();
        // A live run's frame is kept (unless nothing changed since the last one kept).
        let moment = live.then(|| Moment {
            snap: std::rc::Rc::new(snap.clone()),
            events: evs.clone(),
            console: out.schedtrace.clone(),
            page_ms: now_ms,
            output_lines: self.output_total,
        });
        self.output.extend(out.stdout);
        self.output.extend(out.stderr);
        if self.output.len() > OUTPUT_LINES {
            self.output.drain(..self.output.len() - OUTPUT_LINES);
        }
        self.copies.extend(out.stack_copies);
        if out.exit.is_some() {
            self.exit = out.exit;
        }
        let rt = eng.rt();
        self.ui.frame(snap, &evs, out.schedtrace, now_ms, &|f, a| {
            let (func, name) = rt.goroutine_name(f, a);
            (func.to_string(), name.map(String::from))
        });
        self.frame += 1;
        if let Some(ms) = self.seek_ms.take() {
            self.last_seek_ms = ms + (crate::clock::now_ms() - t0);
        }
        if let Some(m) = moment {
            // A frame with nothing new is not kept: while paused that is any frame
            // without events (the threads stand nearly still, and the frames kept
            // must not roll away while the learner looks), while playing one whose
            // machine did not change either.
            let quiet = m.events.is_empty() && m.console.is_empty();
            let same = quiet
                && (self.paused
                    || self
                        .rec
                        .moment(self.rec.len().wrapping_sub(1))
                        .is_some_and(|last| last.snap == m.snap));
            if !same {
                self.rec.push(m);
            }
        }
        self.pending = out.pending_spawns;
        Some(self.facts())
    }

    /// What the page's controls need to know of the run.
    fn facts(&self) -> RunFacts {
        let eng = self.engine.as_ref().expect("a run");
        let snap = &self.ui.snap;
        let main = snap.gs.iter().find(|g| g.kind == GKind::Main);
        RunFacts {
            frame: self.frame,
            live: eng.is_live(),
            steps: eng.steps(),
            going_to: self.going_to,
            exited: self.exit.as_ref().map(|x| x.code),
            time_limit: matches!(eng.stopped(), Some(gmp_core::Stop::TimeLimit)),
            out_of_memory: self
                .exit
                .as_ref()
                .is_some_and(|x| gmp_go::heap::is_out_of_memory(&x.stderr)),
            inputs: eng.user_inputs(),
            reach: eng.reach(),
            pending: self.pending,
            main_at: (self.pending > 0)
                .then(|| main.map(|g| crate::ui::where_is(snap, g.goid)))
                .flatten(),
            recorded: self.rec.len(),
            recorded_at: self.rec.at(),
        }
    }

    pub fn out_of_threads(&self) -> bool {
        self.engine.as_ref().is_some_and(|e| e.out_of_threads())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{Action, Page};

    /// A `step=N` link to a moment deep in a CPU-heavy Go run: the page keeps drawing
    /// on the way there (each frame runs a bounded slice and says how far it is), and
    /// once there it shows what a run straight to step N shows.
    #[test]
    fn a_far_step_link_is_reached_over_frames_and_lands_where_a_replay_does() {
        let mut page = Page::new("lesson=compute-all&step=20000", false);
        let mut r = Runner::default();
        r.carry_out(&page);
        let mut frames = 0;
        let mut said = None;
        while r.going_to.is_some() {
            let facts = r.tick(frames as f64 * 16.0).expect("a run");
            // The address bar keeps the step being gone to, not the steps so far.
            page.apply(Action::Frame(facts));
            assert!(page.query().contains("step=20000"), "{}", page.query());
            frames += 1;
            if let Some(c) = r.caption.as_deref() {
                said.get_or_insert_with(|| crate::strings::Text::english().msgs(c));
            }
            assert!(frames < 100_000, "never got there");
        }
        r.tick(frames as f64 * 16.0);
        let e = r.engine.as_ref().unwrap();
        assert_eq!(e.steps(), 20_000);
        assert!(r.caption.is_none(), "the way there is not a Step's caption");
        // The same moment, reached in one go.
        let direct = Engine::build(page.settings.spec.clone(), None, vec![], Some(20_000)).unwrap();
        assert_eq!(direct.snapshot(), e.snapshot());
        assert_eq!(direct.steps(), 20_000);
        // In a debug build the way there takes many 30 ms slices; said as it went.
        if frames > 2 {
            let said = said.expect("the way there is said");
            assert!(said.starts_with("Going to step 20,000: step "), "{said}");
        }
        direct.stop();
    }

    /// A search that finds nothing (no steal on one P) leaves the run at the step it
    /// started from, still steppable, and says how far it looked.
    #[test]
    fn a_search_that_finds_nothing_leaves_the_run_where_it_was() {
        let page = Page::new("lesson=gosched", false);
        let mut r = Runner::default();
        r.carry_out(&page);
        r.step_to(Some((StepTarget::MainStarts, None)));
        let at = r.engine.as_ref().unwrap().steps();
        r.step_to(Some((StepTarget::Steal, None)));
        let e = r.engine.as_ref().unwrap();
        assert_eq!(e.steps(), at);
        assert!(e.stopped().is_none());
        let said = crate::strings::Text::english().msgs(r.caption.as_deref().unwrap());
        assert!(
            said.starts_with("Not found: the run ended ")
                && said.ends_with("it stays where it was."),
            "{said}"
        );
        // Step goes on from there.
        r.step_to(None);
        assert!(r.engine.as_ref().unwrap().steps() > at);
    }

    /// A `step=N` link past the run's end stops at its last step and says so.
    #[test]
    fn a_step_link_past_the_end_says_where_the_run_ends() {
        let page = Page::new("lesson=gosched&step=4000000", false);
        let mut r = Runner::default();
        r.carry_out(&page);
        let mut frames = 0;
        while r.going_to.is_some() {
            r.tick(frames as f64 * 16.0).expect("a run");
            frames += 1;
            assert!(frames < 100_000, "never got there");
        }
        let e = r.engine.as_ref().unwrap();
        assert!(
            e.stopped().is_some(),
            "the gosched program ends: {:?} at {} ({:?})",
            e.stopped(),
            e.steps(),
            r.caption
        );
        let said = crate::strings::Text::english().msgs(r.caption.as_deref().expect("a caption"));
        assert_eq!(
            said,
            format!(
                "This link asks for step 4,000,000, but the run ends at step {}: this is its last step.",
                crate::strings::Text::english().int(e.steps())
            )
        );
    }

    /// Every "show me" of every lesson lands on a step of the run where its item
    /// happens: each search of its path finds its event (none says "not found").
    #[test]
    fn every_lesson_bookmark_resolves_to_a_step_of_its_run() {
        let mut resolved = 0;
        for l in crate::lessons::LESSONS {
            for (i, b) in l.bookmarks.iter().enumerate() {
                let Some(b) = b else { continue };
                assert_eq!(
                    b.targets().len(),
                    b.path.len(),
                    "{} #{i}: {:?}",
                    l.id,
                    b.path
                );
                let mut page = Page::new(&format!("lesson={}", l.id), false);
                let mut r = Runner::default();
                r.carry_out(&page);
                page.apply(Action::Bookmark(i));
                let errors = r.carry_out(&page);
                assert!(errors.is_empty(), "{} #{i}: {errors:?}", l.id);
                let steps = r.engine.as_ref().unwrap().steps();
                let caption = r.caption.clone().unwrap_or_default();
                assert!(
                    steps > 0 && !caption.iter().any(|m| m.key.starts_with("cap.not_found")),
                    "{} #{i} {:?}: {} at step {steps}",
                    l.id,
                    b.path,
                    crate::strings::Text::english().msgs(&caption)
                );
                if let Some(v) = b.variant {
                    assert_eq!(page.settings.variant, v, "{} #{i}", l.id);
                }
                eprintln!(
                    "{} #{i} {:?} step {steps}: {}",
                    l.id,
                    b.path,
                    crate::strings::Text::english().msgs(&caption)
                );
                resolved += 1;
            }
        }
        // The 14 lessons have 27 moments to seek to; none may be lost from the data.
        assert!(resolved >= 27, "{resolved} bookmarks");
    }

    /// The thread and GOMAXPROCS searches land on the step of their event, in the
    /// programs of the lessons that use them: in m-life, past main's start, the first new M comes
    /// from a blocked read's handoffp (one more thread), the next M to go idle parks on
    /// sched.midle (stopm), and the next one woken (notewakeup) is an idle M, so the
    /// count of threads does not grow; in procs-change, procresize leaves one P and
    /// moves the destroyed Ps' goroutines to the global run queue.
    #[test]
    fn new_m_stop_m_wake_m_and_procresize_land_on_their_events() {
        use crate::state::StepTarget as T;
        use gmp_core::snapshot::MState;
        let en = |r: &Runner| crate::strings::Text::english().msgs(r.caption.as_deref().unwrap());
        let go = |page: &mut Page, r: &mut Runner, t: T| {
            page.apply(Action::StepTo(t));
            r.carry_out(page);
            r.engine.as_ref().unwrap().snapshot()
        };
        let mut page = Page::new("scenario=m-life&procs=2", false);
        let mut r = Runner::default();
        r.carry_out(&page);
        r.tick(0.0);
        let at_main = go(&mut page, &mut r, T::MainStarts);
        let made = go(&mut page, &mut r, T::NewM);
        let c = en(&r);
        assert!(
            c.contains("A new OS thread M") && c.contains("(newm)"),
            "{c}"
        );
        assert_eq!(made.threads, at_main.threads + 1, "{c}");
        // The P it runs was taken from an M blocked in read(2).
        assert!(
            made.ms.iter().any(|m| m.state == MState::SyscallNoP),
            "an M in a syscall without its P: {:?}",
            made.ms
        );
        let parked = go(&mut page, &mut r, T::StopM);
        let c = en(&r);
        assert!(c.contains("sleeps (stopm)"), "{c}");
        assert!(parked.nmidle >= 1, "{c}");
        assert!(
            parked.now >= 15_000_000,
            "the reads took 15 ms: {}",
            parked.now
        );
        let woken = go(&mut page, &mut r, T::WakeM);
        let c = en(&r);
        assert!(c.contains("is woken to run a P (notewakeup)"), "{c}");
        assert_eq!(woken.threads, parked.threads, "no new thread: {c}");
        assert!(
            woken.ms.iter().all(|m| m.state != MState::Exited),
            "{:?}",
            woken.ms
        );
        let mut page = Page::new("scenario=procs-change&procs=4", false);
        let mut r = Runner::default();
        r.carry_out(&page);
        r.tick(0.0);
        let start = go(&mut page, &mut r, T::MainStarts);
        assert_eq!(start.gomaxprocs, 4);
        let resized = go(&mut page, &mut r, T::Procresize);
        let c = en(&r);
        assert!(c.contains("GOMAXPROCS is now 1 (procresize"), "{c}");
        assert_eq!(resized.gomaxprocs, 1);
        assert!(
            c.contains("is destroyed (GOMAXPROCS went down): the goroutines queued on it move to the global run queue"),
            "{c}"
        );
    }

    /// A learner who keeps pressing Spawn 10,000 meets the explorer's goroutine limit
    /// (`Config::max_goroutines`, 200,000 here; requests count as soon as they are
    /// made): the click past it is refused in the page's words, the rest stands.
    #[test]
    fn spawning_past_the_goroutine_limit_is_refused_in_the_learners_words() {
        let mut page = Page::new("scenario=playground&driver=sim", false);
        let mut r = Runner::default();
        r.carry_out(&page);
        page.apply(Action::SpawnText("10000".into()));
        let mut refusals = vec![];
        for _ in 0..21 {
            page.apply(Action::Spawn(GKind::Cpu));
            refusals.extend(r.carry_out(&page));
        }
        // 19 clicks fit beside main and the runtime's own goroutines; the 20th and
        // 21st would pass 200,000.
        assert_eq!(refusals.len(), 2, "{refusals:?}");
        assert_eq!(
            crate::strings::Text::english().msg(&refusals[0]),
            "That would make more than 200,000 goroutines, the explorer's limit for one page; the goroutines already running go on."
        );
        assert_eq!(r.engine.as_ref().unwrap().rt().spawn_over_limit(0), None);
    }

    /// Stepping the Gosched lesson: every Step says something, names the goroutines
    /// as the program does, and merges the scheduler steps nobody could see.
    #[test]
    fn each_step_of_the_gosched_lesson_has_a_caption() {
        let mut page = Page::new("lesson=gosched", false);
        let mut r = Runner::default();
        r.carry_out(&page);
        r.tick(0.0);
        let mut captions = vec![];
        let mut presses = 0;
        while r.exit.is_none() && presses < 400 {
            page.apply(Action::Step);
            r.carry_out(&page);
            r.tick(0.0);
            presses += 1;
            let c = r
                .caption
                .as_deref()
                .map(|c| crate::strings::Text::english().msgs(c))
                .unwrap_or_else(|| {
                    panic!(
                        "step {presses} (at {}) has no caption; before: {:?}",
                        r.engine.as_ref().unwrap().steps(),
                        captions.last()
                    )
                });
            assert!(!c.is_empty());
            captions.push(c);
        }
        let steps = r.engine.as_ref().unwrap().steps();
        assert_eq!(
            r.exit.as_ref().map(|x| x.code),
            Some(0),
            "the program ran to its end"
        );
        assert!(
            (presses as u64) < steps,
            "{presses} presses for {steps} steps: quiet steps merge"
        );
        let all = captions.join("\n");
        // go worker("A"), go worker("B"): named as the program names them.
        assert!(
            all.contains("main (G1) ran a go statement: the new goroutine A (G"),
            "{all}"
        );
        assert!(all.contains(") called runtime.Gosched: it stays runnable and goes to the tail of the global run queue"), "{all}");
        assert!(
            all.lines()
                .any(|l| l.starts_with("B (G") && l.contains("called runtime.Gosched")),
            "{all}"
        );
        // Step back undoes a whole merged step.
        let at = r.engine.as_ref().unwrap().steps();
        page.apply(Action::StepBack);
        r.carry_out(&page);
        let back = r.engine.as_ref().unwrap().steps();
        assert!(back < at);
        // ... and shows what the step it lands on did, not the idle hint.
        assert_eq!(
            r.caption
                .as_deref()
                .map(|c| crate::strings::Text::english().msgs(c)),
            Some(captions[captions.len() - 2].clone()),
            "the caption after Step back"
        );
        page.apply(Action::Step);
        r.carry_out(&page);
        assert_eq!(
            r.engine.as_ref().unwrap().steps(),
            at,
            "Step after Step back lands where it was"
        );
    }

    /// A lint's "show me": the tight-loop scenario's CPU loop (the lint at its `for`
    /// line) is found preempted by sysmon on its lines; the stack-growth lesson's next
    /// stack copy is found too.
    #[test]
    fn show_me_finds_the_preemption_on_a_lint_s_lines_and_the_next_stack_copy() {
        use crate::state::StepTarget;
        let en = |r: &Runner| crate::strings::Text::english().msgs(r.caption.as_deref().unwrap());
        let mut page = Page::new("scenario=tight-loop", false);
        let src = page.source().unwrap();
        let lint = gmp_go::lint::lints(&src).unwrap();
        assert_eq!(lint.len(), 1, "{lint:?}");
        let t = crate::components::lints::show_me(&lint[0]);
        assert_eq!(
            t,
            StepTarget::LintAt(gmp_go::lint::LintKind::CpuLoop, lint[0].line, lint[0].end)
        );
        let mut r = Runner::default();
        r.carry_out(&page);
        r.tick(0.0);
        page.apply(Action::StepTo(t));
        r.carry_out(&page);
        let c = en(&r);
        assert!(!c.starts_with("Not found"), "{c}");
        assert!(
            c.contains("was preempted") && c.contains("asyncPreempt"),
            "{c}"
        );
        // The preempted G was on the loop's lines.
        let snap = r.engine.as_ref().unwrap().snapshot();
        assert!(snap
            .gs
            .iter()
            .any(|g| (lint[0].line..=lint[0].end).contains(&g.line)));
        // A program typed into the editor: its goroutine's loop, at the page's defaults.
        let src = "package main\n\nimport (\n\"fmt\"\n\"time\"\n)\n\nfunc main() {\ngo func() {\nx := 0\nfor {\nx++\n}\n}()\ntime.Sleep(time.Second)\nfmt.Println(\"done\")\n}\n";
        let lint = gmp_go::lint::lints(src).unwrap();
        assert_eq!(
            (lint.len(), lint[0].line, lint[0].end),
            (1, 11, 13),
            "{lint:?}"
        );
        let mut page = Page::new("scenario=gosched", false);
        let mut r = Runner::default();
        r.carry_out(&page);
        r.tick(0.0);
        page.apply(Action::RunSource(src.into()));
        r.carry_out(&page);
        r.tick(16.0);
        let s0 = r.engine.as_ref().unwrap().steps();
        page.apply(Action::StepTo(crate::components::lints::show_me(&lint[0])));
        r.carry_out(&page);
        let c = en(&r);
        eprintln!(
            "TYPED {} steps: {c}",
            r.engine.as_ref().unwrap().steps() - s0
        );
        assert!(c.contains("was preempted"), "{c}");
        let mut page = Page::new("lesson=stack-growth", false);
        let mut r = Runner::default();
        r.carry_out(&page);
        r.tick(0.0);
        page.apply(Action::StepTo(StepTarget::StackGrow));
        r.carry_out(&page);
        let c = en(&r);
        assert!(!c.starts_with("Not found"), "{c}");
        assert!(c.contains("newstack → copystack"), "{c}");
    }

    /// Runs `url`'s program (or `src` typed in), presses the "show me" of its lint of
    /// `kind`, and returns the caption in English.
    fn show_me(url: &str, src: Option<&str>, kind: gmp_go::lint::LintKind) -> String {
        let mut page = Page::new(url, false);
        let mut r = Runner::default();
        r.carry_out(&page);
        r.tick(0.0);
        let src = match src {
            Some(s) => {
                page.apply(Action::RunSource(s.into()));
                r.carry_out(&page);
                s.to_string()
            }
            None => page.source().unwrap(),
        };
        let lints = gmp_go::lint::lints(&src).unwrap();
        let l = lints
            .iter()
            .find(|l| l.kind == kind)
            .unwrap_or_else(|| panic!("{url}: no {kind:?} in {lints:?}"));
        page.apply(Action::StepTo(crate::components::lints::show_me(l)));
        r.carry_out(&page);
        crate::strings::Text::english().msgs(r.caption.as_deref().unwrap())
    }

    /// Each lint's "show me" lands where the run confirms it, and says what it showed:
    /// with asyncpreemptoff=1 sysmon's `preemptone` request is all the CPU loop gets
    /// (real Go never exits there: the preemption lesson's "off" variant, 20/20 runs
    /// timed out); main's Sleep ends with the goroutines not finished (a 1 ms guess) or
    /// all finished (the chapter's 2 s); the compute-all loop's burst of `go`
    /// statements against GOMAXPROCS Ps; a Gosched loop yielding twice.
    #[test]
    fn show_me_confirms_each_lint_in_the_run() {
        use gmp_go::lint::LintKind as K;
        let c = show_me("lesson=preemption&variant=off", None, K::CpuLoop);
        assert!(c.contains("asks it to stop (preemptone)"), "{c}");
        assert!(c.contains("no signal follows"), "{c}");
        let quick = "scenario=compute-all&p.n=40&p.attempts=5&procs=2";
        let c = show_me(&format!("{quick}&p.sleep=1ms"), None, K::SleepAsSignal);
        assert!(c.contains("main (G1)'s sleep is over while"), "{c}");
        assert!(c.contains("other goroutine(s) have not finished"), "{c}");
        let c = show_me(quick, None, K::SleepAsSignal);
        assert!(c.contains("every other goroutine has finished"), "{c}");
        // The lint's own example: 10,000 `go` statements (a WaitGroup, no Sleep).
        let many = include_str!("../../crates/go/tests/lints/unbounded_go.go");
        let c = show_me("scenario=gosched&procs=2", Some(many), K::UnboundedGo);
        assert!(
            c.contains("main (G1)'s loop has stopped starting goroutines"),
            "{c}"
        );
        let alive: u32 = c
            .split(" of them are alive for 2 P(s)")
            .next()
            .and_then(|h| h.rsplit(": ").next())
            .and_then(|n| n.replace(',', "").parse().ok())
            .unwrap_or_else(|| panic!("{c}"));
        assert!((1_000..=10_000).contains(&alive), "{c}");
        let busy = "package main\n\nimport (\n\t\"fmt\"\n\t\"runtime\"\n\t\"sync/atomic\"\n)\n\nvar ready atomic.Bool\n\n//go:noinline\nfunc step(x int) int { return x*3 + 1 }\n\nfunc main() {\n\truntime.GOMAXPROCS(2)\n\tgo func() {\n\t\tx := 0\n\t\tfor i := 0; i < 200000; i++ {\n\t\t\tx = step(x)\n\t\t}\n\t\tready.Store(true)\n\t}()\n\tfor !ready.Load() {\n\t\truntime.Gosched()\n\t}\n\tfmt.Println(\"ready\")\n}\n";
        let c = show_me("scenario=gosched", Some(busy), K::GoschedWait);
        assert!(c.contains("called runtime.Gosched"), "{c}");
        assert!(c.contains("yielded on this loop again"), "{c}");
        // The lint's own example: the awaited goroutine runs while main is queued.
        let once = include_str!("../../crates/go/tests/lints/gosched_wait.go");
        let c = show_me("scenario=gosched", Some(once), K::GoschedWait);
        assert!(c.contains("called runtime.Gosched here once"), "{c}");
    }

    /// Skip start-up lands where main.main begins, and says how long start-up took;
    /// "next Gosched" lands on the step where a goroutine calls runtime.Gosched; play
    /// by steps takes N captioned Steps a second of page time.
    #[test]
    fn skip_start_up_next_gosched_and_play_by_steps() {
        use crate::state::StepTarget;
        let en = |r: &Runner| crate::strings::Text::english().msgs(r.caption.as_deref().unwrap());
        let mut page = Page::new("lesson=gosched", false);
        let mut r = Runner::default();
        r.carry_out(&page);
        r.tick(0.0);
        page.apply(Action::StepTo(StepTarget::MainStarts));
        r.carry_out(&page);
        r.tick(0.0);
        let snap = r.engine.as_ref().unwrap().snapshot();
        let main = snap.gs.iter().find(|g| g.kind == GKind::Main).unwrap();
        // func main() { runtime.GOMAXPROCS(1) ...: main.main's first statement.
        assert!(main.line > 0);
        let c = en(&r);
        assert!(c.starts_with("Skipped the runtime's start-up ("), "{c}");
        assert!(
            c.contains(&format!("main (G1) is at line {} of main.go", main.line)),
            "{c}"
        );
        // The next Gosched: its step's events include B's or A's GoStop(Gosched).
        page.apply(Action::StepTo(StepTarget::Gosched));
        r.carry_out(&page);
        let c = en(&r);
        assert!(
            c.contains("called runtime.Gosched: it stays runnable"),
            "{c}"
        );
        let at = r.engine.as_ref().unwrap().steps();
        // A search that cannot succeed (no steal with one P) says so, and the run
        // stays where it was.
        page.apply(Action::StepTo(StepTarget::Steal));
        r.carry_out(&page);
        let c = en(&r);
        assert!(c.starts_with("Not found"), "{c}");
        assert_eq!(r.engine.as_ref().unwrap().steps(), at);
        // Play by steps: 10 Steps a second, 1 s of page time, is 10 Steps.
        let mut page = Page::new("lesson=gosched", false);
        let mut r = Runner::default();
        r.carry_out(&page);
        r.tick(0.0);
        page.apply(Action::StepRate(Some(10)));
        page.apply(Action::TogglePause);
        r.carry_out(&page);
        let marks0 = r.marks.len();
        let mut t = 0.0;
        for _ in 0..10 {
            t += 100.0;
            r.tick(t);
        }
        assert_eq!(r.marks.len() - marks0, 10, "one Step per 100 ms");
        assert!(r.caption.is_some(), "each played Step has its caption");
    }

    /// "next goroutine exit" stops on `goexit0` (a GoDestroy); "next fairness look"
    /// on a G taken from the global queue while P0's ring still holds others. In the
    /// scheduling-loop lesson's 320 goroutines, the first two such looks take the
    /// runtime's own goroutines queued before main.main (`updateMaxProcsGoroutine`,
    /// `runFinalizers`), the third the program's goroutine 0, as its output shows.
    #[test]
    fn next_exit_and_next_fairness_look_find_their_steps() {
        use crate::state::StepTarget;
        use gmp_core::trace::EvKind;
        let mut page = Page::new("lesson=scheduling-loop&variant=three", false);
        let mut r = Runner::default();
        r.carry_out(&page);
        r.tick(0.0);
        page.apply(Action::StepTo(StepTarget::MainStarts));
        r.carry_out(&page);
        let mut cursor = r.events_from;
        let _ = r.engine.as_mut().unwrap().events_since(&mut cursor);
        page.apply(Action::StepTo(StepTarget::Exit));
        r.carry_out(&page);
        let evs = r.engine.as_mut().unwrap().events_since(&mut cursor);
        let gone: Vec<u64> = evs
            .iter()
            .filter_map(|e| match e.kind {
                EvKind::GoDestroy { g } => Some(g),
                _ => None,
            })
            .collect();
        assert_eq!(gone.len(), 1, "{evs:?}");
        let snap = r.engine.as_ref().unwrap().snapshot();
        assert!(
            snap.gs.iter().all(|g| g.goid != gone[0]),
            "a dead G leaves the G list"
        );

        let mut page = Page::new("lesson=scheduling-loop&variant=fairness", false);
        let mut r = Runner::default();
        r.carry_out(&page);
        r.tick(0.0);
        page.apply(Action::StepTo(StepTarget::MainStarts));
        r.carry_out(&page);
        let mut started = vec![];
        for _ in 0..3 {
            let e = r.engine.as_mut().unwrap();
            let mut cursor = r.events_from;
            let _ = e.events_since(&mut cursor);
            page.apply(Action::StepTo(StepTarget::Fair));
            r.carry_out(&page);
            let e = r.engine.as_mut().unwrap();
            let evs = e.events_since(&mut cursor);
            let g = evs
                .iter()
                .rev()
                .find_map(|ev| match ev.kind {
                    EvKind::GoStart { g } => Some(g),
                    _ => None,
                })
                .expect("a G started");
            let snap = e.snapshot();
            assert!(!snap.ps[0].ring.is_empty(), "P0's ring still has work");
            let gs = e.snapshot().gs;
            let x = gs.iter().find(|x| x.goid == g).unwrap();
            started.push(if x.kind == GKind::System {
                e.rt().g_label(x.startfn, x.startarg).0.to_string()
            } else {
                // The program's goroutines are numbered from G7 (G1 main, G2-G6 the
                // runtime's): goroutine 0 of the loop.
                format!("G{} of the program", x.goid)
            });
        }
        assert_eq!(
            started,
            [
                "runtime.updateMaxProcsGoroutine",
                "runtime.runFinalizers",
                "G7 of the program"
            ]
        );
    }

    /// A live run (real threads) keeps its frames while it plays; paused, the
    /// scrubber shows one of them (the machine and the feed as the page showed them
    /// then, and the facts say a recorded frame is shown); Run returns to the present.
    #[test]
    fn a_paused_live_run_shows_a_recorded_frame_and_run_returns_to_the_present() {
        let mut page = Page::new("", true);
        page.apply(Action::PoolReady);
        page.apply(Action::Speed(0.2));
        let mut r = Runner::default();
        r.carry_out(&page);
        assert!(r.engine.as_ref().unwrap().is_live());
        page.apply(Action::SpawnText("40".into()));
        page.apply(Action::Spawn(GKind::Cpu));
        r.carry_out(&page);
        let mut seen = vec![];
        let t0 = crate::clock::now_ms();
        while seen.len() < 40 || r.ui.steals == 0 {
            assert!(
                crate::clock::now_ms() - t0 < 20_000.0,
                "the live run moved work"
            );
            std::thread::sleep(std::time::Duration::from_millis(25));
            let f = r.tick(crate::clock::now_ms()).unwrap();
            seen.push((r.ui.snap.clone(), r.ui.feed.clone()));
            page.apply(Action::Frame(f));
        }
        page.apply(Action::TogglePause);
        r.carry_out(&page);
        let f = r.tick(crate::clock::now_ms()).unwrap();
        seen.push((r.ui.snap.clone(), r.ui.feed.clone()));
        page.apply(Action::Frame(f));
        let kept = page.run.recorded;
        assert!(
            kept >= 20 && kept <= seen.len(),
            "{kept} frames kept of {}",
            seen.len()
        );
        assert_eq!(page.run.recorded_at, None);
        let present = r.ui.snap.now;
        for i in [kept / 2, 3, kept - 1, 0] {
            page.apply(Action::Seek(i as u64));
            r.carry_out(&page);
            let f = r.tick(crate::clock::now_ms()).unwrap();
            page.apply(Action::Frame(f));
            assert_eq!(page.run.recorded_at, Some(i));
            let shown = (*r.ui.snap).clone();
            let (_, feed) = seen.iter().find(|(s, _)| **s == shown).unwrap_or_else(|| {
                panic!(
                    "frame {i} is a frame the page showed: {} not in {:?}",
                    shown.now,
                    seen.iter().map(|(s, _)| s.now).collect::<Vec<_>>()
                )
            });
            assert_eq!(&r.ui.feed, feed, "frame {i}'s feed is the one shown then");
            std::thread::sleep(std::time::Duration::from_millis(30));
        }
        assert!(r.ui.snap.now < present);
        page.apply(Action::TogglePause);
        r.carry_out(&page);
        let f = r.tick(crate::clock::now_ms()).unwrap();
        assert_eq!(f.recorded_at, None, "Run returns to the live present");
        assert!(r.ui.snap.now >= present);
        r.engine.as_ref().unwrap().stop();
    }

    /// The page's commands reach the run, and the run's facts and output come back
    /// through the read path (snapshot, events, output_since).
    #[test]
    fn commands_in_facts_and_output_out() {
        let mut page = Page::new("lesson=gosched", false);
        let mut r = Runner::default();
        assert!(r.carry_out(&page).is_empty());
        let f = r.tick(0.0).unwrap();
        assert_eq!((f.steps, f.exited), (0, None), "a lesson waits for Run");
        page.apply(Action::Speed(1.0));
        page.apply(Action::TogglePause);
        r.carry_out(&page);
        let mut t = 0.0;
        let f = loop {
            t += 100.0;
            let f = r.tick(t).unwrap();
            if f.exited.is_some() || t > 1e6 {
                break f;
            }
        };
        assert_eq!(f.exited, Some(0));
        assert!(
            r.output.iter().any(|l| l == "[B0 A0 B1 A1 B2 A2]"),
            "{:?}",
            r.output
        );
        let (_, a) = r.ui.label(2, &crate::strings::Text::english());
        assert!(
            !a.contains("(A,"),
            "a runtime goroutine is not called A: {a}"
        );
        page.apply(Action::Frame(f));
        page.apply(Action::Reset);
        r.carry_out(&page);
        assert!(
            r.output.is_empty() && r.exit.is_none(),
            "a new run starts clean"
        );
    }
}
