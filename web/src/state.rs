//! The page's state and every way it changes, built as Yew's `function_todomvc`
//! example builds its model: a plain struct ([`Page`]), an [`Action`] enum, and
//! [`Reducible`] (`use_reducer`). Nothing here touches the browser: the state comes
//! from a query string, each action is a plain function of the state, and what the
//! machine must do (build a run, spawn, step ...) is written out as [`Command`]s that
//! the page's runner (`runner.rs`) carries out. So all of it is unit-tested natively.

use std::rc::Rc;

use gmp_core::GKind;
use yew::Reducible;

use crate::compiler::{self, NotCompiled};
use crate::engine::{Input, RunSpec, SOURCE_MAX_TIME};
use crate::lessons;
use crate::strings::{self, Msg, Text};
use crate::url::{self, UrlState};

pub const DEFAULT_SPAWN_N: u32 = 10;
pub const DEFAULT_SPEED: f64 = 0.05;
pub const MAX_SPAWN_N: u32 = 10_000;
/// The longest program the editor runs (bytes).
pub const MAX_SOURCE: usize = 64 * 1024;
/// Commands kept for the runner; it reads them right after each render, so only a
/// burst of actions between two renders needs room.
const OUTBOX: usize = 64;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Driver {
    Live,
    Sim,
}

/// The worker pool a live run needs.
#[derive(Clone, PartialEq, Debug)]
pub enum Pool {
    /// No COOP/COEP: the browser withholds shared memory from workers.
    NotIsolated,
    /// Isolated, but the browser has no shared `WebAssembly.Memory` (index.html loaded
    /// the fallback bundle): no workers either.
    NoSharedMemory,
    Starting,
    Ready,
    /// The workers could not start (the browser's own words, for the console).
    Failed(String),
}

/// What the learner chose: the run and how the page shows it.
#[derive(Clone, PartialEq, Debug)]
pub struct Settings {
    pub driver: Driver,
    /// Virtual time per real time.
    pub speed: f64,
    pub paused: bool,
    pub spec: RunSpec,
    /// The lesson and variant shown, if any.
    pub lesson: Option<&'static str>,
    pub variant: &'static str,
    pub embed: bool,
    /// Explanations hidden (an embed, or `layout=compact`).
    pub compact: bool,
    /// `layout=compact` asked for: also tighter spacing (a quiz embed's option).
    pub dense: bool,
    /// The language the page speaks (`strings::LANGS`).
    pub lang: String,
    /// The language came from `lang=` (an embed), so links and the address bar keep
    /// it; otherwise the learner's browser remembers it.
    pub lang_in_url: bool,
    /// Run this many deterministic steps after (re)building, then pause (`step=N`).
    pub start_step: Option<u64>,
    /// `?quiz=<id|all>`: the quiz is shown.
    pub quiz: Option<String>,
    /// `pass=N`: answers a quiz needs before it can be marked complete.
    pub pass: Option<u32>,
    /// Inputs to replay when the run is built (from `in=`, or carried over from the
    /// previous run when the driver changes).
    pub inputs: Vec<(u64, Input)>,
}

impl Settings {
    /// The quiz is the whole page (`?quiz=` on its own, or in an embed): no machine.
    pub fn quiz_only(&self) -> bool {
        self.quiz.is_some() && (self.embed || self.lesson.is_none())
    }

    /// Settings from a query string, with a notice for each bad value.
    pub fn from_query(query: &str, isolated: bool) -> (Settings, Vec<Msg>) {
        let (u, mut notes) = url::parse(query);
        let mut st = Settings {
            driver: if isolated { Driver::Live } else { Driver::Sim },
            speed: u.speed.unwrap_or(DEFAULT_SPEED),
            paused: u.step.is_some(),
            spec: RunSpec::default(),
            lesson: None,
            variant: "",
            embed: u.embed,
            compact: u.layout == "compact" || u.embed,
            dense: u.layout == "compact",
            lang: u
                .lang
                .as_deref()
                .and_then(strings::supported)
                .unwrap_or("en")
                .into(),
            lang_in_url: u.lang.is_some(),
            start_step: u.step,
            quiz: u.quiz.clone(),
            pass: u.pass,
            inputs: u.inputs.clone(),
        };
        if let Some(l) = u.lesson.as_deref().and_then(lessons::find) {
            st.lesson = Some(l.id);
            st.variant = l.variant(u.variant.as_deref()).id;
            st.driver = Driver::Sim;
            // A lesson waits for Run, so the learner sees it from the first step.
            st.paused = true;
            if let Some(v) = &u.variant {
                if l.variant(Some(v)).id != v {
                    notes.push(
                        Msg::new("notice.no_variant")
                            .with("lesson", l.id)
                            .with("value", v)
                            .with("default", l.variant(None).id),
                    );
                }
            }
            st.apply_lesson();
        } else if let Some(sc) = &u.scenario {
            st.spec.scenario = sc.clone();
        }
        // A quiz page shows the quiz alone: the run behind it waits, deterministic
        // (no threads to start for a machine nobody sees).
        if st.quiz_only() {
            st.driver = Driver::Sim;
            st.paused = true;
        }
        // Each parameter is checked on its own: a bad one gets the default, as every
        // other bad value does, and the good ones stay.
        if let Some(sc) = crate::lessons::scenario(&st.spec.scenario) {
            for (k, v) in &u.params {
                match sc.params(&[(k.clone(), v.clone())]) {
                    Ok(_) => {
                        st.spec.params.retain(|(x, _)| x != k);
                        st.spec.params.push((k.clone(), v.clone()));
                    }
                    Err(e) => {
                        notes.push(Msg::new("notice.bad_param").with("error", param_error(&e)))
                    }
                }
            }
        }
        if let Some(n) = u.procs {
            st.spec.procs = n;
        }
        if let Some(seed) = u.seed {
            st.spec.seed = seed;
        }
        match u.driver.as_deref() {
            Some("sim") => st.driver = Driver::Sim,
            Some("live") if isolated && st.lesson.is_none() => st.driver = Driver::Live,
            _ => {}
        }
        if let Some(src) = u.source {
            st.spec.source = Some(src);
            st.spec.max_time = st.spec.max_time.min(SOURCE_MAX_TIME);
        }
        if st.start_step.is_some() {
            st.driver = Driver::Sim;
        }
        (st, notes)
    }

    /// The run a lesson variant asks for.
    pub fn apply_lesson(&mut self) {
        let Some(l) = self.lesson.and_then(lessons::find) else {
            return;
        };
        let v = l.variant(Some(self.variant));
        self.spec = RunSpec {
            scenario: l.scenario_for(v).into(),
            params: v
                .params
                .iter()
                .map(|(k, x)| (k.to_string(), x.to_string()))
                .collect(),
            procs: v.procs.unwrap_or(l.procs),
            seed: self.spec.seed,
            asyncpreemptoff: v.asyncpreemptoff,
            // A run that may never end stops after 200 ms of virtual time (twenty of
            // sysmon's 10 ms preemption requests, every one of them unanswered; the VM
            // runs each iteration of the loop, so a longer limit is a long wait in the
            // page); others get 60 s.
            max_time: if v.expect.is_none() && v.asyncpreemptoff {
                200_000_000
            } else {
                60_000_000_000
            },
            schedtrace_ms: 20,
            source: None,
        };
    }

    /// This state as a URL query: the run (with its inputs, and its step when
    /// paused) and how it is shown.
    pub fn to_url(&self, step: Option<u64>, inputs: &[(u64, Input)]) -> UrlState {
        let explorer = self.lesson.is_none();
        UrlState {
            lesson: self.lesson.map(String::from),
            variant: self.lesson.map(|_| self.variant.to_string()),
            scenario: (explorer && self.spec.scenario != "playground")
                .then(|| self.spec.scenario.clone()),
            params: if explorer {
                self.spec.params.clone()
            } else {
                vec![]
            },
            procs: (explorer && self.spec.procs != 4).then_some(self.spec.procs),
            seed: (self.spec.seed != 1).then_some(self.spec.seed),
            driver: (explorer && self.driver == Driver::Sim).then(|| "sim".into()),
            speed: ((self.speed - DEFAULT_SPEED).abs() > 1e-12).then_some(self.speed),
            step,
            layout: if self.dense { "compact" } else { "full" }.into(),
            lang: self.lang_in_url.then(|| self.lang.clone()),
            embed: self.embed,
            quiz: self.quiz.clone(),
            pass: self.pass,
            inputs: inputs.to_vec(),
            source: self.spec.source.clone(),
            show: None,
        }
    }

    /// A link to another lesson that keeps how the page is shown (embed, language,
    /// layout), so picking a lesson inside a course page's frame stays a frame.
    pub fn lesson_link(&self, id: &str) -> String {
        url::to_query(&UrlState {
            lesson: Some(id.into()),
            layout: if self.dense { "compact" } else { "full" }.into(),
            lang: self.lang_in_url.then(|| self.lang.clone()),
            embed: self.embed,
            ..UrlState::default()
        })
    }

    /// The same state outside a frame (for "open in a new tab" links): no embed
    /// chrome, and the live driver when the new tab can have it.
    pub fn unembedded(&self, step: Option<u64>, inputs: &[(u64, Input)]) -> String {
        let mut u = self.to_url(step, inputs);
        u.embed = false;
        if u.lesson.is_none() {
            u.driver = None;
        }
        url::to_query(&u)
    }
}

/// What the runner reports each frame (`runner.rs`): the facts about the run the
/// page's controls depend on.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct RunFacts {
    /// Frames so far: the machine view redraws on each.
    pub frame: u64,
    pub live: bool,
    /// Deterministic steps taken.
    pub steps: u64,
    /// A `step=N` link being gone to over frames: N (the address keeps it meanwhile).
    pub going_to: Option<u64>,
    /// The program exited with this status.
    pub exited: Option<i32>,
    /// A run that never ends was stopped at its time limit.
    pub time_limit: bool,
    /// The program ended for the explorer's heap budget (`gmp_go::heap`).
    pub out_of_memory: bool,
    /// The inputs applied so far, with their steps (0 for a live run).
    pub inputs: Vec<(u64, Input)>,
    /// Spawn requests the program's accept loop has not taken yet.
    pub pending: u32,
    /// Where main (the accept loop) is, while requests wait for it.
    pub main_at: Option<Msg>,
    /// A deterministic run: the furthest step reached, and the checkpoint interval.
    pub reach: Option<(u64, u64)>,
    /// A live run: the frames recorded so far (`recording.rs`), and the one shown
    /// (`None`: the live present).
    pub recorded: usize,
    pub recorded_at: Option<usize>,
}

impl RunFacts {
    pub fn finished(&self) -> bool {
        self.exited.is_some() || self.time_limit
    }
}

/// Where a "skip" or "next" button steps to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum StepTarget {
    /// main.main's first line (past the runtime's start-up).
    MainStarts,
    /// The next work steal (`runqsteal`).
    Steal,
    /// The next preemption (of the selected G, if any).
    Preempt,
    /// The next P taken from an M in a syscall (`handoffp`).
    Handoff,
    /// The next `runtime.Gosched` (of the selected G, if any).
    Gosched,
    /// The next time a goroutine parks (the selected G, if any).
    Park,
    /// A lint's "show me": the step where the run shows what the lint of this kind on
    /// these lines (first, last) of main.go says (`confirm.rs`).
    LintAt(gmp_go::lint::LintKind, u32, u32),
    /// The next `go` statement (`newproc`).
    Create,
    /// The next stack growth (`newstack` → `copystack`), of the selected G if any.
    StackGrow,
    /// The next stack shrink (`shrinkstack`, during a GC's stack scan).
    StackShrink,
    /// The next goroutine parked on the netpoller (`gopark(waitReasonIOWait)`).
    ParkNet,
    /// The next new M, an OS thread (`newm`: sysmon's at start-up, then one whenever
    /// `startm` finds no idle M).
    NewM,
    /// The next M with nothing to do going to sleep on the idle list (`stopm`).
    StopM,
    /// The next idle M woken to run a P (`startm` → `notewakeup`).
    WakeM,
    /// The next GOMAXPROCS change (`procresize`, with the world stopped).
    Procresize,
    /// The next goroutine that ends (`goexit0`: `_Gdead`, `gfput` on its P's free list).
    Exit,
    /// The next G `findRunnable` takes from the global queue while its P's own queue
    /// still has work: the fairness check of every 61st `schedtick`.
    Fair,
    /// The next parked goroutine made runnable again (`goready` → `ready`: `_Gwaiting`
    /// to `_Grunnable`), the selected G if any.
    Ready,
}

impl StepTarget {
    pub const NEXT: [StepTarget; 5] = [
        StepTarget::Steal,
        StepTarget::Preempt,
        StepTarget::Handoff,
        StepTarget::Gosched,
        StepTarget::Park,
    ];

    /// Whether an event is what this target looks for (about goroutine `g`, if given).
    pub fn matches(self, k: &gmp_core::trace::EvKind, g: Option<u64>) -> bool {
        use gmp_core::trace::{EvKind, StopReason};
        let mine = |x: u64| g.is_none_or(|g| g == x);
        match (self, k) {
            (StepTarget::Steal, EvKind::Steal { .. }) => true,
            (StepTarget::Preempt, EvKind::Preempt { g: x, .. }) => mine(*x),
            (StepTarget::Handoff, EvKind::ProcSteal { .. }) => true,
            (
                StepTarget::Gosched,
                EvKind::GoStop {
                    g: x,
                    reason: StopReason::Gosched,
                },
            ) => mine(*x),
            (StepTarget::Park, EvKind::GoBlock { g: x, .. }) => mine(*x),
            (StepTarget::Create, EvKind::GoCreate { .. }) => true,
            (StepTarget::StackGrow, EvKind::StackGrow { g: x, .. }) => mine(*x),
            (StepTarget::StackShrink, EvKind::StackShrink { .. }) => true,
            // The execution tracer's block reason for IO wait (`traceBlockNet`).
            (StepTarget::ParkNet, EvKind::GoBlock { reason, .. }) => *reason == "network",
            (StepTarget::NewM, EvKind::MStart { .. }) => true,
            (StepTarget::StopM, EvKind::MPark { .. }) => true,
            (StepTarget::WakeM, EvKind::MWake { .. }) => true,
            (StepTarget::Procresize, EvKind::ProcsChange { .. }) => true,
            (StepTarget::Exit, EvKind::GoDestroy { g: x }) => mine(*x),
            (StepTarget::Ready, EvKind::GoUnblock { g: x }) => mine(*x),
            _ => false,
        }
    }

    /// The key of its button's words (`static/i18n/*.json`).
    pub fn key(self) -> &'static str {
        match self {
            StepTarget::MainStarts => "step.skip_startup",
            StepTarget::Steal => "step.next_steal",
            StepTarget::Preempt => "step.next_preempt",
            StepTarget::Handoff => "step.next_handoff",
            StepTarget::Gosched => "step.next_gosched",
            StepTarget::Park => "step.next_park",
            StepTarget::LintAt(..) => "lint.show_me",
            StepTarget::Create => "step.next_create",
            StepTarget::StackGrow => "step.next_stack_grow",
            StepTarget::StackShrink => "step.next_stack_shrink",
            StepTarget::ParkNet => "step.next_park_net",
            StepTarget::NewM => "step.next_new_m",
            StepTarget::StopM => "step.next_stop_m",
            StepTarget::WakeM => "step.next_wake_m",
            StepTarget::Procresize => "step.next_procresize",
            StepTarget::Exit => "step.next_exit",
            StepTarget::Fair => "step.next_fair",
            StepTarget::Ready => "step.next_ready",
        }
    }

    /// Whether the selected goroutine narrows the search.
    pub fn per_g(self) -> bool {
        matches!(
            self,
            StepTarget::Preempt | StepTarget::Gosched | StepTarget::Park
        )
    }
}

/// What the runner must do to the machine.
#[derive(Clone, PartialEq, Debug)]
pub enum Command {
    /// Stop the current run and build a new one, replaying `inputs`.
    Build {
        spec: RunSpec,
        live: bool,
        start_step: Option<u64>,
        inputs: Vec<(u64, Input)>,
        paused: bool,
        speed: f64,
    },
    Apply(Input),
    Step,
    StepBack,
    /// Move the deterministic run to this step (the scrubber).
    Seek(u64),
    /// Step until this happens (to the selected goroutine, if one is given).
    StepTo(StepTarget, Option<u64>),
    /// Play by steps: this many Steps a second (`None`: by virtual time).
    StepRate(Option<u32>),
    /// Run or pause, at a speed.
    Clock {
        paused: bool,
        speed: f64,
    },
    Export,
}

/// The whole page.
#[derive(Clone, PartialEq, Debug)]
pub struct Page {
    pub settings: Settings,
    pub pool: Pool,
    /// What the page has to tell (kept as messages, said in the language of the moment).
    pub notice: Option<Vec<Msg>>,
    /// The words, in the page's language once its files have arrived (English until then).
    pub text: Text,
    /// What the learner typed in N and seed (kept as typed; read when used).
    pub spawn_text: String,
    pub seed_text: String,
    /// The goroutine whose card is open; its tokens, lanes and line are marked.
    pub selected: Option<u64>,
    /// The P cards whose ring is open as labelled slots (kept across frames).
    pub rings_open: Vec<u32>,
    pub shortcuts_open: bool,
    /// Explanations shown in a compact or embedded page.
    pub show_help: bool,
    pub run: RunFacts,
    /// Play by steps: Steps a second (`None`: by virtual time).
    pub step_rate: Option<u32>,
    /// Compile errors of the program last run from the editor, at their lines.
    pub diags: Vec<gmp_go::Diag>,
    /// The editor's text when it is not the program running (it did not compile).
    pub draft: Option<String>,
    /// Commands for the runner, numbered; it remembers the last one it carried out.
    pub commands: Vec<(u64, Command)>,
    pub next_command: u64,
    /// What waits for the compiler module (`compiler.rs`): a program the page was not
    /// built with. The app fetches the module while this is not empty.
    pub waiting: Vec<Waiting>,
}

const LOADING_COMPILER: &str = "notice.loading_compiler";

/// What the page does once the compiler module is here.
#[derive(Clone, PartialEq, Debug)]
pub enum Waiting {
    /// Check the link's own program (does it compile?).
    LinkSource,
    /// Run the learner's program (the editor's Run).
    RunSource(String),
    /// Build the run (a program with parameters the page was not built with).
    Build(Vec<(u64, Input)>),
}

/// Everything the learner (or the runner) can do to the page.
#[derive(Clone, PartialEq, Debug)]
pub enum Action {
    PoolReady,
    PoolFailed(String),
    SpawnText(String),
    Spawn(GKind),
    SeedText(String),
    CommitSeed,
    Procs(u32),
    Driver(Driver),
    Speed(f64),
    Scenario(String),
    Variant(&'static str),
    /// "Show me" beside a lesson's "What to look at" item: its variant from the start,
    /// then the step where the item happens, found in the run.
    Bookmark(usize),
    TogglePause,
    Step,
    StepBack,
    /// The scrubber: go to this step of the deterministic run.
    Seek(u64),
    /// Skip start-up, or step to the next steal, preemption, ... (deterministic).
    StepTo(StepTarget),
    /// Play by steps, this many a second (`None`: by virtual time, at the speed).
    StepRate(Option<u32>),
    Reset,
    Export,
    Select(u64),
    /// Open or close a P card's ring.
    ToggleRing(u32),
    /// Escape: closes the open dialog (G card, shortcut list).
    CloseDialogs,
    ToggleShortcuts,
    ToggleHelp,
    Notice(Msg),
    /// The learner picked a language (the picker).
    Lang(String),
    /// A language's text files arrived.
    Text(Text),
    Dismiss,
    Frame(RunFacts),
    /// Run this Go program (the editor's Run): compiled first; errors stay in the
    /// editor, marked at their lines, and the machine keeps the last good run.
    RunSource(String),
    /// Back to the lesson's or scenario's own program.
    RevertSource,
    /// The compiler module arrived, or could not be fetched (why).
    CompilerLoaded(Result<(), String>),
}

/// The keyboard shortcuts, for the `?` list and for [`shortcut`].
/// Each key with the text key of what it does.
pub const SHORTCUTS: &[(&str, &str)] = &[
    ("p", "keys.p"),
    (".", "keys.step"),
    (",", "keys.step_back"),
    ("r", "keys.r"),
    ("c", "keys.c"),
    ("?", "keys.help"),
    ("Escape", "keys.escape"),
];

/// The action a key stands for, when focus is not in a text field.
pub fn shortcut(key: &str) -> Option<Action> {
    Some(match key {
        "p" | "P" => Action::TogglePause,
        "." => Action::Step,
        "," => Action::StepBack,
        "r" | "R" => Action::Reset,
        "c" | "C" => Action::Spawn(GKind::Cpu),
        "?" => Action::ToggleShortcuts,
        "Escape" => Action::CloseDialogs,
        _ => return None,
    })
}

impl Page {
    /// The page for a URL query; its first command builds the run.
    pub fn new(query: &str, isolated: bool) -> Page {
        Page::new_in(query, isolated, None, &[])
    }

    /// The page for a URL query, in the language `strings::choose` picks from `lang=`,
    /// the learner's stored choice and the browser's languages.
    pub fn new_in(query: &str, isolated: bool, stored: Option<&str>, browser: &[String]) -> Page {
        let (mut settings, mut notes) = Settings::from_query(query, isolated);
        let (u, _) = url::parse(query);
        let (lang, refused) = strings::choose(u.lang.as_deref(), stored, browser);
        settings.lang = lang.into();
        notes.extend(refused);
        let mut page = Page {
            spawn_text: DEFAULT_SPAWN_N.to_string(),
            seed_text: settings.spec.seed.to_string(),
            pool: if isolated {
                Pool::Starting
            } else {
                Pool::NotIsolated
            },
            settings,
            notice: (!notes.is_empty()).then_some(notes),
            text: Text::english(),
            selected: None,
            rings_open: vec![],
            shortcuts_open: false,
            show_help: false,
            run: RunFacts::default(),
            step_rate: None,
            diags: vec![],
            draft: None,
            commands: vec![],
            next_command: 0,
            waiting: vec![],
        };
        page.check_link_source();
        // Show the machine at once on the deterministic driver; a live run replaces it
        // when the workers are ready (starting them takes a moment).
        page.build(page.settings.inputs.clone());
        // `show=N`: the lesson's Nth item, as its "Show me" button finds it.
        if let Some(i) = u.show {
            let found = page
                .settings
                .lesson
                .and_then(lessons::find)
                .is_some_and(|l| l.bookmarks.get(i).copied().flatten().is_some());
            if found && page.settings.start_step.is_none() {
                page.apply(Action::Bookmark(i));
            } else if !found {
                page.say(Msg::new("notice.bad_show").with("value", i.to_string()));
            }
        }
        page
    }

    /// A linked program that does not compile opens in the editor with its errors; the
    /// machine runs the lesson's or scenario's own program.
    fn check_link_source(&mut self) {
        let Some(src) = self.settings.spec.source.clone() else {
            return;
        };
        if !compiler::can_compile(&src) {
            self.wait(Waiting::LinkSource);
            return;
        }
        match compiler::compile(&src) {
            Ok(_) => {}
            Err(NotCompiled::Errors(diags)) => {
                self.settings.spec.source = None;
                self.notice =
                    Some(vec![Msg::new("notice.link_does_not_compile")
                        .int("n", gmp_go::error_count(&diags))]);
                self.diags = diags;
                self.draft = Some(src);
            }
            Err(NotCompiled::Unavailable(why)) => self.compiler_failed(why),
        }
    }

    /// Waits for the compiler module to do `w` (the app fetches it meanwhile), and says
    /// so after what the page already had to say (a link's refused values ...).
    fn wait(&mut self, w: Waiting) {
        if !self.waiting.contains(&w) {
            self.waiting.push(w);
        }
        let said = self.notice.get_or_insert_with(Vec::new);
        if !said.iter().any(|m| m.key == LOADING_COMPILER) {
            said.push(Msg::new(LOADING_COMPILER));
        }
    }

    /// No longer waits for what `gone` says; the loading sentence goes with the last.
    fn stop_waiting(&mut self, gone: impl Fn(&Waiting) -> bool) {
        self.waiting.retain(|w| !gone(w));
        if !self.waiting.is_empty() {
            return;
        }
        if let Some(said) = &mut self.notice {
            said.retain(|m| m.key != LOADING_COMPILER);
            if said.is_empty() {
                self.notice = None;
            }
        }
    }

    /// The learner chose another program (a scenario, variant, bookmark, Revert): what
    /// waited to run theirs, or to check the link's, is dropped.
    fn stop_waiting_for_source(&mut self) {
        self.stop_waiting(|w| matches!(w, Waiting::RunSource(_) | Waiting::LinkSource));
    }

    /// The compiler module arrived: what waited for it is done, in order (a run that
    /// waited is not built when the learner's program replaces it anyway).
    fn compiler_loaded(&mut self) {
        let mut waited = std::mem::take(&mut self.waiting);
        if waited.iter().any(|w| matches!(w, Waiting::RunSource(_))) {
            waited.retain(|w| !matches!(w, Waiting::Build(_)));
        }
        self.stop_waiting(|_| true);
        for w in waited {
            match w {
                Waiting::LinkSource => self.check_link_source(),
                Waiting::RunSource(src) => self.run_source(src),
                Waiting::Build(inputs) => self.build(inputs),
            }
        }
    }

    /// The compiler module could not be fetched (offline, a blocked file): the learner's
    /// program stays in the editor, and the machine runs the lesson's or scenario's own
    /// program as the page was built with it.
    fn compiler_failed(&mut self, why: String) {
        let mut build = false;
        let mut draft = None;
        for w in std::mem::take(&mut self.waiting) {
            match w {
                Waiting::LinkSource => {}
                Waiting::RunSource(src) => draft = Some(src),
                Waiting::Build(_) => build = true,
            }
        }
        // The program the learner ran last is the one the editor keeps (a link's comes
        // second).
        if let Some(src) = self.settings.spec.source.take() {
            draft.get_or_insert(src);
            build = true;
        }
        let kept = draft.is_some();
        if kept {
            self.draft = draft;
        }
        // A link's parameter values no lesson uses: the scenario runs with its own, and
        // the notice names the values it could not use.
        let mut dropped = String::new();
        if self
            .own_source()
            .is_some_and(|s| !compiler::can_compile(&s))
        {
            let values: Vec<String> = std::mem::take(&mut self.settings.spec.params)
                .into_iter()
                .map(|(k, v)| format!("p.{k}={v}"))
                .collect();
            dropped = values.join(" ");
            build = true;
        }
        self.say(if kept || dropped.is_empty() {
            Msg::new("notice.compiler_failed").with("why", why)
        } else {
            Msg::new("notice.compiler_failed_values")
                .with("why", why)
                .with("values", dropped)
        });
        if build {
            self.rebuild_fresh();
        }
    }

    fn send(&mut self, c: Command) {
        self.commands.push((self.next_command, c));
        self.next_command += 1;
        if self.commands.len() > OUTBOX {
            self.commands.remove(0);
        }
    }

    /// Commands numbered `from` or later.
    pub fn commands_from(&self, from: u64) -> impl Iterator<Item = &(u64, Command)> {
        self.commands.iter().filter(move |(n, _)| *n >= from)
    }

    pub fn live_possible(&self) -> bool {
        self.pool == Pool::Ready
    }

    fn build(&mut self, inputs: Vec<(u64, Input)>) {
        // A program the page was not built with waits for the compiler module; a
        // linked program waits for its check.
        if self.waiting.contains(&Waiting::LinkSource)
            || self
                .source()
                .is_some_and(|src| !compiler::can_compile(&src))
        {
            self.waiting.retain(|w| !matches!(w, Waiting::Build(_)));
            self.wait(Waiting::Build(inputs));
            return;
        }
        self.stop_waiting(|w| matches!(w, Waiting::Build(_)));
        let s = &self.settings;
        let live = s.driver == Driver::Live && self.live_possible();
        self.run = RunFacts {
            frame: self.run.frame,
            live,
            ..RunFacts::default()
        };
        self.send(Command::Build {
            spec: s.spec.clone(),
            live,
            start_step: s.start_step,
            inputs,
            paused: s.paused,
            speed: s.speed,
        });
    }

    /// The run starts again from its beginning (settings changed, or Reset).
    fn rebuild_fresh(&mut self) {
        self.settings.start_step = None;
        self.settings.inputs.clear();
        self.selected = None;
        self.build(vec![]);
    }

    fn clock(&mut self) {
        let (paused, speed) = (self.settings.paused, self.settings.speed);
        self.send(Command::Clock { paused, speed });
    }

    fn ended_notice(&mut self) {
        self.say(Msg::new(if self.run.time_limit {
            "notice.time_limit"
        } else {
            "notice.program_exited"
        }));
    }

    /// One action: the whole state machine of the page.
    pub fn apply(&mut self, action: Action) {
        match action {
            Action::PoolReady => {
                self.pool = Pool::Ready;
                if self.settings.driver == Driver::Live {
                    let inputs = self.settings.inputs.clone();
                    self.build(inputs);
                }
            }
            Action::PoolFailed(e) => {
                self.pool = Pool::Failed(e);
                if self.settings.driver == Driver::Live {
                    self.settings.driver = Driver::Sim;
                }
                // The deterministic run built at load goes on.
            }
            Action::SpawnText(t) => self.spawn_text = t,
            Action::Spawn(kind) => {
                if !self.accepts_spawns() {
                    return self.say(Msg::new("notice.no_accept_loop"));
                }
                if self.run.finished() {
                    return self.ended_notice();
                }
                match self.spawn_text.trim().parse::<u32>() {
                    Ok(n) if (1..=MAX_SPAWN_N).contains(&n) => {
                        self.send(Command::Apply(Input::Spawn(kind, n)))
                    }
                    _ => self.say(
                        Msg::new("notice.bad_spawn_n")
                            .with("value", &self.spawn_text)
                            .int("max", MAX_SPAWN_N),
                    ),
                }
            }
            Action::SeedText(t) => self.seed_text = t,
            Action::CommitSeed => match self.seed_text.trim().parse::<u64>() {
                Ok(seed) if seed == self.settings.spec.seed => {}
                Ok(seed) => {
                    self.settings.spec.seed = seed;
                    self.rebuild_fresh();
                }
                Err(_) => {
                    self.say(
                        Msg::new("notice.bad_seed_text")
                            .with("value", &self.seed_text)
                            .with("seed", self.settings.spec.seed.to_string()),
                    );
                    self.seed_text = self.settings.spec.seed.to_string();
                }
            },
            Action::Procs(n) => {
                if self.run.finished() {
                    return self.ended_notice();
                }
                // An input of the run at this step (`in=...p2`): the starting setting
                // (`procs=`) stays what the run started with, so a link rebuilds the
                // same machine; the picker shows the snapshot's GOMAXPROCS.
                self.send(Command::Apply(Input::Procs(n)));
            }
            Action::Driver(d) => self.switch_driver(d),
            Action::Speed(x) => {
                self.settings.speed = x;
                self.clock();
            }
            Action::Scenario(name) => {
                self.settings.spec = RunSpec {
                    scenario: name,
                    seed: self.settings.spec.seed,
                    ..RunSpec::default()
                };
                self.settings.lesson = None;
                self.diags.clear();
                self.draft = None;
                self.stop_waiting_for_source();
                self.rebuild_fresh();
            }
            Action::Variant(id) => {
                self.settings.variant = id;
                self.diags.clear();
                self.draft = None;
                self.stop_waiting_for_source();
                self.settings.paused = false;
                self.settings.apply_lesson();
                self.rebuild_fresh();
            }
            Action::Bookmark(i) => {
                let Some(b) = self
                    .settings
                    .lesson
                    .and_then(crate::lessons::find)
                    .and_then(|l| l.bookmarks.get(i).copied().flatten())
                else {
                    return;
                };
                if let Some(v) = b.variant {
                    self.settings.variant = v;
                }
                self.diags.clear();
                self.draft = None;
                self.stop_waiting_for_source();
                self.settings.apply_lesson();
                self.settings.paused = true;
                self.rebuild_fresh();
                for t in b.targets() {
                    self.send(Command::StepTo(t, None));
                }
            }
            Action::TogglePause => {
                if self.run.finished() {
                    return self.ended_notice();
                }
                self.settings.paused = !self.settings.paused;
                self.clock();
            }
            // A paused live run: the scrubber moves through the frames recorded.
            Action::Seek(n) if self.run.live => {
                if self.run.recorded == 0 {
                    return self.say(Msg::new("notice.nothing_recorded"));
                }
                self.settings.paused = true;
                self.clock();
                self.send(Command::Seek(n.min(self.run.recorded as u64 - 1)));
            }
            Action::Step | Action::StepBack | Action::Seek(_) | Action::StepTo(_)
                if self.run.live =>
            {
                self.say(Msg::new("notice.step_needs_sim"));
            }
            Action::Step => {
                if self.run.finished() {
                    return self.ended_notice();
                }
                self.settings.paused = true;
                self.clock();
                self.send(Command::Step);
            }
            Action::StepBack => {
                self.settings.paused = true;
                self.clock();
                self.send(Command::StepBack);
            }
            Action::Seek(n) => {
                self.settings.paused = true;
                self.clock();
                self.send(Command::Seek(n));
            }
            Action::StepTo(t) => {
                if self.run.finished() {
                    return self.ended_notice();
                }
                self.settings.paused = true;
                self.clock();
                let g = self.selected.filter(|_| t.per_g());
                self.send(Command::StepTo(t, g));
            }
            Action::StepRate(r) => {
                self.step_rate = r;
                self.send(Command::StepRate(r));
            }
            Action::Reset => {
                // A lesson goes back to its first step and waits; the explorer runs again,
                // with the GOMAXPROCS last chosen (up to this step) as its start.
                if let Some(n) = self.run.inputs.iter().rev().find_map(|(at, i)| match i {
                    Input::Procs(n) if *at <= self.run.steps => Some(*n),
                    _ => None,
                }) {
                    self.settings.spec.procs = n;
                }
                self.settings.paused = self.settings.lesson.is_some();
                self.notice = None;
                self.rebuild_fresh();
            }
            Action::Export => self.send(Command::Export),
            Action::Select(g) => self.selected = Some(g),
            Action::ToggleRing(p) => {
                if let Some(i) = self.rings_open.iter().position(|&x| x == p) {
                    self.rings_open.remove(i);
                } else {
                    self.rings_open.push(p);
                }
            }
            Action::CloseDialogs => {
                self.selected = None;
                self.shortcuts_open = false;
            }
            Action::ToggleShortcuts => self.shortcuts_open = !self.shortcuts_open,
            Action::ToggleHelp => self.show_help = !self.show_help,
            Action::Notice(n) => self.say(n),
            Action::Lang(l) => {
                if let Some(l) = strings::supported(&l) {
                    self.settings.lang = l.into();
                    if l == "en" {
                        self.text = Text::english();
                    }
                }
            }
            // Files that arrive late for a language no longer chosen are dropped.
            Action::Text(t) => {
                if t.lang() == self.settings.lang {
                    self.text = t
                }
            }
            Action::Dismiss => self.notice = None,
            Action::Frame(f) => self.run = f,
            Action::RunSource(src) => self.run_source(src),
            Action::CompilerLoaded(Ok(())) => self.compiler_loaded(),
            Action::CompilerLoaded(Err(why)) => self.compiler_failed(why),
            Action::RevertSource => {
                self.diags.clear();
                self.draft = None;
                self.stop_waiting_for_source();
                if self.settings.spec.source.take().is_some() {
                    self.settings.paused = self.settings.lesson.is_some();
                    self.rebuild_fresh();
                }
            }
        }
    }

    fn run_source(&mut self, src: String) {
        if src.len() > MAX_SOURCE {
            self.say(
                Msg::new("notice.source_too_long")
                    .int("n", src.len())
                    .int("max", MAX_SOURCE),
            );
            return;
        }
        // This text replaces any the learner ran before that still waits.
        self.stop_waiting(|w| matches!(w, Waiting::RunSource(_)));
        if !compiler::can_compile(&src) {
            // The editor keeps the text meanwhile.
            self.draft = Some(src.clone());
            self.wait(Waiting::RunSource(src));
            return;
        }
        match compiler::compile(&src) {
            Err(NotCompiled::Errors(diags)) => {
                self.say(Msg::new("notice.does_not_compile").int("n", gmp_go::error_count(&diags)));
                self.diags = diags;
                self.draft = Some(src);
            }
            Err(NotCompiled::Unavailable(why)) => {
                self.draft = Some(src);
                self.say(Msg::new("notice.compiler_failed").with("why", why));
            }
            Ok(_) => {
                self.diags.clear();
                self.draft = None;
                self.notice = None;
                let own = self.own_source();
                self.settings.spec.source = (own.as_deref() != Some(src.as_str())).then_some(src);
                self.settings.spec.max_time = self.settings.spec.max_time.min(SOURCE_MAX_TIME);
                self.settings.paused = false;
                self.rebuild_fresh();
            }
        }
    }

    /// The Go program of the lesson or scenario itself (not the learner's edit), if it
    /// has one the front end runs.
    pub fn own_source(&self) -> Option<String> {
        let spec = &self.settings.spec;
        let sc = crate::lessons::scenario(&spec.scenario)?;
        let p = sc.params(&spec.params).ok()?;
        gmp_go::scenarios::from_go(sc).then(|| gmp_go::scenarios::source(sc, &p))
    }

    /// The Go program the machine runs: the learner's, else the lesson's or scenario's
    /// own.
    /// Whether the program runs an accept loop that takes spawn requests (its own
    /// code calls `explorer.ReadRequest`): only then are spawns offered.
    pub fn accepts_spawns(&self) -> bool {
        self.source()
            .is_some_and(|s| crate::compiler::reads_requests(&s))
    }

    pub fn source(&self) -> Option<String> {
        self.settings
            .spec
            .source
            .clone()
            .or_else(|| self.own_source())
    }

    /// Changing the driver builds a new run; the goroutines asked for so far are asked
    /// for again at its start, and the page says so.
    fn switch_driver(&mut self, d: Driver) {
        if d == self.settings.driver {
            return;
        }
        if d == Driver::Live && !self.live_possible() {
            self.say(Msg::new("notice.live_impossible"));
            return;
        }
        // What was asked for so far: of the run, or of the run still waiting for the
        // compiler module (a link's spawns).
        let waited = self.waiting.iter().find_map(|w| match w {
            Waiting::Build(inputs) => Some(inputs.clone()),
            _ => None,
        });
        let carried: Vec<(u64, Input)> = waited
            .unwrap_or_else(|| self.run.inputs.clone())
            .into_iter()
            .map(|(_, i)| (0, i))
            .collect();
        let spawned: u32 = carried
            .iter()
            .map(|(_, i)| match i {
                Input::Spawn(_, n) => *n,
                Input::Procs(_) => 0,
            })
            .sum();
        self.settings.driver = d;
        self.settings.start_step = None;
        self.settings.paused = false;
        let procs = carried.iter().any(|(_, i)| matches!(i, Input::Procs(_)));
        let key = match (d, carried.is_empty(), procs) {
            (Driver::Live, true, _) => "notice.restart_live",
            (Driver::Sim, true, _) => "notice.restart_sim",
            (Driver::Live, false, false) => "notice.restart_live_carried",
            (Driver::Sim, false, false) => "notice.restart_sim_carried",
            (Driver::Live, false, true) => "notice.restart_live_carried_procs",
            (Driver::Sim, false, true) => "notice.restart_sim_carried_procs",
        };
        self.notice = Some(vec![Msg::new(key).int("n", spawned)]);
        self.settings.inputs = carried.clone();
        self.build(carried);
    }

    /// The query for the address bar and the "link to this run".
    pub fn query(&self) -> String {
        let step = self
            .run
            .going_to
            .or((self.settings.paused && !self.run.live).then_some(self.run.steps));
        url::to_query(&self.settings.to_url(step, &self.run.inputs))
    }

    /// The words for a spawn request waiting for main.
    pub fn pending_words(&self) -> Option<String> {
        (self.run.pending > 0).then(|| {
            let m = match &self.run.main_at {
                Some(w) => Msg::new("status.pending_at").with("where", self.text.msg(w)),
                None => Msg::new("status.pending"),
            };
            self.text.msg(&m.int("n", self.run.pending))
        })
    }

    /// One notice replaces the last.
    fn say(&mut self, m: Msg) {
        self.notice = Some(vec![m]);
    }

    /// The notice in the page's language.
    pub fn notice_text(&self) -> Option<String> {
        self.notice.as_ref().map(|n| self.text.msgs(n))
    }
}

impl Reducible for Page {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        next.apply(action);
        if next == *self {
            self
        } else {
            Rc::new(next)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(q: &str) -> Page {
        Page::new(q, false)
    }

    fn last(p: &Page) -> &Command {
        &p.commands.last().unwrap().1
    }

    const MINE: &str =
        "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"mine\")\n}\n";

    #[test]
    fn an_edited_program_that_compiles_runs_and_goes_into_the_link() {
        let mut p = page("lesson=gosched");
        let own = p.source().unwrap();
        assert!(own.contains("runtime.Gosched()"));
        p.apply(Action::RunSource(MINE.into()));
        assert!(p.diags.is_empty() && p.draft.is_none());
        assert!(
            matches!(last(&p), Command::Build { spec, .. } if spec.source.as_deref() == Some(MINE))
        );
        assert_eq!(p.source().unwrap(), MINE);
        // The link reopens the same program, in the same lesson.
        let q = p.query();
        assert!(q.contains("lesson=gosched") && q.contains("src="), "{q}");
        let again = page(&q);
        assert_eq!(again.settings.spec.source.as_deref(), Some(MINE));
        assert!(again.notice.is_none(), "{:?}", again.notice);
        // Back to the lesson's own program: out of the link too.
        p.apply(Action::RevertSource);
        assert!(p.settings.spec.source.is_none() && !p.query().contains("src="));
        assert!(matches!(last(&p), Command::Build { spec, .. } if spec.source.is_none()));
    }

    #[test]
    fn a_program_that_does_not_compile_stays_in_the_editor_with_its_errors() {
        let mut p = page("lesson=gosched");
        let n = p.commands.len();
        let bad = MINE.replace("fmt.Println(\"mine\")", "fmt.Println(x)");
        p.apply(Action::RunSource(bad.clone()));
        assert_eq!(p.commands.len(), n, "the machine keeps the last good run");
        assert_eq!(p.diags.len(), 1);
        assert_eq!((p.diags[0].line, p.diags[0].col), (6, 14));
        assert_eq!(p.diags[0].to_string(), "./main.go:6:14: undefined: x");
        assert_eq!(p.draft.as_deref(), Some(bad.as_str()));
        assert!(p.notice_text().unwrap().contains("does not compile"));
        // Fixing it runs it.
        p.apply(Action::RunSource(MINE.into()));
        assert!(p.diags.is_empty() && p.draft.is_none());
        assert_eq!(p.commands.len(), n + 1);
    }

    #[test]
    fn a_linked_program_that_does_not_compile_opens_as_a_draft() {
        let bad = MINE.replace("func main() {", "func main() {\n\tvar unused int");
        let q = format!("?lesson=gosched&src={}", crate::url::source_to_link(&bad));
        let p = page(&q);
        assert_eq!(p.draft.as_deref(), Some(bad.as_str()));
        assert_eq!(
            p.diags[0].to_string(),
            "./main.go:6:6: declared and not used: unused"
        );
        // The machine runs the lesson's own program meanwhile.
        assert!(
            matches!(last(&p), Command::Build { spec, .. } if spec.source.is_none() && spec.scenario == "gosched")
        );
    }

    /// A first visit has no compiler module (`compiler.rs`): the lesson's programs run
    /// at once, compiled when the page was built; a learner's program waits in the
    /// editor while the module is fetched, and runs when it arrives.
    #[test]
    fn a_learner_s_program_waits_for_the_compiler_module_then_runs() {
        crate::compiler::pretend_absent();
        let mut p = page("lesson=gosched");
        assert!(
            p.waiting.is_empty(),
            "the lesson's program was compiled at build time"
        );
        assert!(matches!(last(&p), Command::Build { spec, .. } if spec.source.is_none()));
        let n = p.commands.len();
        p.apply(Action::RunSource(MINE.into()));
        assert_eq!(p.commands.len(), n, "nothing to build yet");
        assert_eq!(p.waiting, vec![Waiting::RunSource(MINE.into())]);
        assert_eq!(p.draft.as_deref(), Some(MINE), "the editor keeps the text");
        assert!(p
            .notice_text()
            .unwrap()
            .contains("Fetching the Go compiler"));
        crate::compiler::pretend_loaded(true);
        p.apply(Action::CompilerLoaded(Ok(())));
        assert!(p.waiting.is_empty() && p.draft.is_none() && p.notice.is_none());
        assert!(
            matches!(last(&p), Command::Build { spec, .. } if spec.source.as_deref() == Some(MINE))
        );
    }

    /// What waits for the module is only what the learner still wants: choosing
    /// another program drops a waiting Run, a later Run replaces an earlier one, and a
    /// run that waited is not built only to be replaced at once.
    #[test]
    fn waiting_follows_the_learner_s_latest_choice() {
        crate::compiler::pretend_absent();
        let mut p = page("lesson=gosched");
        p.apply(Action::RunSource(MINE.into()));
        p.apply(Action::Scenario("pingpong".into()));
        assert!(p.waiting.is_empty(), "{:?}", p.waiting);
        assert!(p.notice.is_none(), "the loading sentence went with it");
        let n = p.commands.len();
        crate::compiler::pretend_loaded(true);
        p.apply(Action::CompilerLoaded(Ok(())));
        assert_eq!(p.commands.len(), n, "nothing waited, nothing is built");
        assert!(p.settings.spec.source.is_none() && p.settings.spec.scenario == "pingpong");

        crate::compiler::pretend_absent();
        let mut p = page("?scenario=gosched&p.goroutines=7");
        let other = MINE.replace("mine", "other");
        p.apply(Action::RunSource(MINE.into()));
        p.apply(Action::RunSource(other.clone()));
        assert_eq!(
            p.waiting.len(),
            2,
            "the link's run and one program: {:?}",
            p.waiting
        );
        let n = p.commands.len();
        crate::compiler::pretend_loaded(true);
        p.apply(Action::CompilerLoaded(Ok(())));
        let built: Vec<_> = p.commands[n..]
            .iter()
            .filter_map(|(_, c)| match c {
                Command::Build { spec, .. } => Some(spec.source.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(built, vec![Some(other)], "one build, of the latest text");
    }

    /// A failed fetch keeps the program the learner ran last (not the link's), and a
    /// driver switch while a link's run waits keeps the link's spawns.
    #[test]
    fn a_failed_fetch_keeps_the_latest_program_and_a_switch_keeps_the_link_s_inputs() {
        crate::compiler::pretend_absent();
        let q = format!("?lesson=gosched&src={}", crate::url::source_to_link(MINE));
        let mut p = page(&q);
        let other = MINE.replace("mine", "other");
        p.apply(Action::RunSource(other.clone()));
        crate::compiler::pretend_loaded(false);
        p.apply(Action::CompilerLoaded(Err("offline".into())));
        assert_eq!(p.draft.as_deref(), Some(other.as_str()));

        crate::compiler::pretend_absent();
        let mut p = page("?scenario=gosched&p.goroutines=7&driver=sim&in=0c3");
        p.apply(Action::PoolReady);
        p.apply(Action::Driver(Driver::Live));
        let want = crate::url::inputs_from_text("0c3").unwrap();
        assert_eq!(p.waiting, vec![Waiting::Build(want)]);
        let said = p.notice_text().unwrap();
        assert!(
            said.contains('3'),
            "the three goroutines are carried: {said}"
        );
    }

    /// A link with parameters no lesson uses needs the compiler too: the run is built
    /// when it arrives; if it cannot be fetched, the page says why and runs the
    /// scenario as it was built, the linked program kept in the editor (or its values named).
    #[test]
    fn a_link_the_page_was_not_built_with_waits_and_a_failed_fetch_loses_nothing() {
        crate::compiler::pretend_absent();
        let p = page("?scenario=gosched&p.goroutines=7");
        assert!(!p
            .commands
            .iter()
            .any(|(_, c)| matches!(c, Command::Build { .. })));
        assert!(
            matches!(p.waiting[..], [Waiting::Build(_)]),
            "{:?}",
            p.waiting
        );
        let mut q = p.clone();
        crate::compiler::pretend_loaded(true);
        q.apply(Action::CompilerLoaded(Ok(())));
        assert!(
            matches!(last(&q), Command::Build { spec, .. } if spec.params.iter().any(|(k, v)| k == "goroutines" && v == "7"))
        );
        // No module: the scenario runs with its own values, and the notice names the
        // link's (there is no program in the editor to speak of).
        let mut q = p.clone();
        crate::compiler::pretend_loaded(false);
        q.apply(Action::CompilerLoaded(Err("offline".into())));
        assert!(matches!(last(&q), Command::Build { spec, .. } if spec.params.is_empty()));
        let said = q.notice_text().unwrap();
        assert!(
            said.contains("values p.goroutines=7 cannot be compiled"),
            "{said}"
        );
        assert!(q.draft.is_none() && !said.contains("editor"), "{said}");

        crate::compiler::pretend_absent();
        let q = format!("?lesson=gosched&src={}", crate::url::source_to_link(MINE));
        let mut p = page(&q);
        assert_eq!(p.waiting.len(), 2, "{:?}", p.waiting);
        crate::compiler::pretend_loaded(false);
        p.apply(Action::CompilerLoaded(Err("HTTP 404".into())));
        let said = p.notice_text().unwrap();
        assert!(said.contains("could not be fetched (HTTP 404)"), "{said}");
        assert_eq!(p.draft.as_deref(), Some(MINE));
        assert!(
            matches!(last(&p), Command::Build { spec, .. } if spec.source.is_none() && spec.scenario == "gosched")
        );
    }

    #[test]
    fn typing_n_keeps_the_text_and_spawn_uses_it() {
        let mut p = page("");
        assert_eq!(p.spawn_text, "10");
        p.apply(Action::SpawnText("4".into()));
        p.apply(Action::SpawnText("40".into()));
        p.apply(Action::Frame(RunFacts {
            frame: 1,
            ..RunFacts::default()
        }));
        assert_eq!(p.spawn_text, "40", "a frame does not reset what was typed");
        p.apply(Action::Spawn(GKind::Cpu));
        assert_eq!(last(&p), &Command::Apply(Input::Spawn(GKind::Cpu, 40)));
        p.apply(Action::SpawnText("forty".into()));
        let n = p.commands.len();
        p.apply(Action::Spawn(GKind::Cpu));
        assert_eq!(p.commands.len(), n, "nothing spawned");
        assert!(p.notice_text().unwrap().contains("\"forty\""));
    }

    /// `show=N` opens a lesson at its Nth "show me" item: the same search the button
    /// runs; an item the lesson does not have is refused with a sentence.
    #[test]
    fn show_n_runs_the_lessons_show_me_search() {
        let p = page("lesson=gosched&show=1");
        assert!(p.settings.paused);
        assert!(
            p.commands
                .iter()
                .any(|(_, c)| matches!(c, Command::StepTo(..))),
            "{:?}",
            p.commands
        );
        let p = page("lesson=gosched&show=9");
        assert!(p.notice_text().unwrap().contains("show=9"));
        assert!(!p
            .commands
            .iter()
            .any(|(_, c)| matches!(c, Command::StepTo(..))));
        assert!(
            !p.query().contains("show="),
            "the address carries steps, not show"
        );
    }

    /// A quiz page (alone or embedded) is the quiz: the run behind it is the
    /// deterministic one and waits; a quiz beside a lesson keeps the lesson's machine.
    #[test]
    fn a_quiz_page_starts_no_threads_and_no_clock() {
        for q in ["quiz=all", "quiz=sched-q1&embed=1"] {
            let p = Page::new(q, true);
            assert!(p.settings.quiz_only(), "{q}");
            assert_eq!(p.settings.driver, Driver::Sim, "{q}");
            assert!(p.settings.paused, "{q}");
        }
        let p = Page::new("lesson=gosched&quiz=sched-q4", true);
        assert!(!p.settings.quiz_only());
    }

    /// Spawning needs an accept loop: the playground's program has one; the
    /// learner's own program without `explorer.ReadRequest`, or a lesson's, does not,
    /// and a spawn there is refused with a sentence that says why.
    #[test]
    fn spawns_are_offered_only_to_a_program_with_an_accept_loop() {
        let mut p = page("");
        assert!(p.accepts_spawns());
        p.apply(Action::RunSource(
            "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(1) }\n".into(),
        ));
        assert!(p.diags.is_empty(), "{:?}", p.diags);
        assert!(!p.accepts_spawns());
        let n = p.commands.len();
        p.apply(Action::Spawn(GKind::Cpu));
        assert_eq!(p.commands.len(), n, "nothing spawned");
        assert!(p.notice_text().unwrap().contains("explorer.ReadRequest"));
        let mut l = page("lesson=gosched");
        assert!(!l.accepts_spawns());
        let n = l.commands.len();
        l.apply(shortcut("c").unwrap());
        assert_eq!(l.commands.len(), n);
    }

    #[test]
    fn the_scrubber_pauses_seeks_and_the_link_keeps_the_step() {
        let mut p = page("?driver=sim");
        p.apply(Action::Seek(1_500));
        assert!(p.settings.paused, "scrubbing pauses the run");
        assert_eq!(last(&p), &Command::Seek(1_500));
        p.apply(Action::Frame(RunFacts {
            frame: 1,
            steps: 1_500,
            reach: Some((9_000, 2_048)),
            ..RunFacts::default()
        }));
        assert!(p.query().contains("step=1500"), "{}", p.query());
        p.apply(Action::Frame(RunFacts {
            frame: 2,
            live: true,
            ..RunFacts::default()
        }));
        let n = p.commands.len();
        p.apply(Action::Seek(10));
        assert_eq!(p.commands.len(), n, "a live run has no steps to seek to");
        assert!(p.notice.is_some());
    }

    #[test]
    fn each_p_card_s_ring_opens_on_its_own_and_stays_open_across_frames() {
        let mut p = page("");
        p.apply(Action::ToggleRing(2));
        p.apply(Action::ToggleRing(0));
        for f in 1..4 {
            p.apply(Action::Frame(RunFacts {
                frame: f,
                ..RunFacts::default()
            }));
        }
        assert_eq!(p.rings_open, vec![2, 0]);
        p.apply(Action::ToggleRing(2));
        assert_eq!(p.rings_open, vec![0], "closing P2's leaves P0's open");
        // Selecting a goroutine (and closing its card) leaves the rings as they are.
        p.apply(Action::Select(7));
        p.apply(Action::CloseDialogs);
        assert_eq!(p.rings_open, vec![0]);
    }

    #[test]
    fn a_paused_live_run_scrubs_what_it_recorded_and_run_returns_to_the_present() {
        let mut p = Page::new("", true);
        p.apply(Action::PoolReady);
        p.apply(Action::Frame(RunFacts {
            frame: 1,
            live: true,
            recorded: 120,
            ..RunFacts::default()
        }));
        assert!(!p.settings.paused);
        p.apply(Action::Seek(40));
        assert!(p.settings.paused, "scrubbing pauses the live run");
        assert_eq!(last(&p), &Command::Seek(40));
        p.apply(Action::Seek(5_000));
        assert_eq!(
            last(&p),
            &Command::Seek(119),
            "past the last frame kept: the last"
        );
        assert!(
            !p.query().contains("step="),
            "a recording is not a link to a step"
        );
        let n = p.commands.len();
        p.apply(Action::Step);
        assert_eq!(p.commands.len(), n, "a recording cannot be stepped");
        assert!(p.notice_text().unwrap().contains("deterministic driver"));
        p.apply(Action::TogglePause);
        assert_eq!(
            last(&p),
            &Command::Clock {
                paused: false,
                speed: DEFAULT_SPEED
            }
        );
        // Nothing recorded yet: nothing to scrub, and the page says why.
        p.apply(Action::Frame(RunFacts {
            frame: 2,
            live: true,
            ..RunFacts::default()
        }));
        let n = p.commands.len();
        p.apply(Action::Seek(0));
        assert_eq!(p.commands.len(), n);
        assert!(p
            .notice_text()
            .unwrap()
            .contains("Nothing of this live run"));
    }

    #[test]
    fn a_seed_is_applied_when_committed_and_a_bad_one_is_refused() {
        let mut p = page("");
        p.apply(Action::SeedText("7".into()));
        assert_eq!(p.settings.spec.seed, 1, "typing alone changes nothing");
        p.apply(Action::CommitSeed);
        assert_eq!(p.settings.spec.seed, 7);
        assert!(matches!(last(&p), Command::Build { spec, .. } if spec.seed == 7));
        p.apply(Action::SeedText("x".into()));
        p.apply(Action::CommitSeed);
        assert_eq!(p.settings.spec.seed, 7);
        assert_eq!(p.seed_text, "7");
        assert!(p.notice_text().unwrap().contains("not a whole number"));
    }

    #[test]
    fn after_exit_run_and_step_say_the_program_is_over() {
        let mut p = page("");
        p.apply(Action::Frame(RunFacts {
            exited: Some(0),
            ..RunFacts::default()
        }));
        let (n, paused) = (p.commands.len(), p.settings.paused);
        for a in [Action::TogglePause, Action::Step, Action::Spawn(GKind::Cpu)] {
            p.notice = None;
            p.apply(a);
            assert_eq!(p.settings.paused, paused);
            assert!(p.notice_text().unwrap().contains("exited"));
        }
        assert_eq!(p.commands.len(), n, "no command for a finished run");
        p.apply(Action::Reset);
        assert!(matches!(last(&p), Command::Build { .. }));
        assert_eq!(p.notice, None);
    }

    #[test]
    fn switching_driver_carries_the_spawns_over_and_says_so() {
        let mut p = Page::new("", true);
        p.apply(Action::PoolReady);
        assert!(matches!(last(&p), Command::Build { live: true, .. }));
        p.apply(Action::Frame(RunFacts {
            live: true,
            inputs: vec![(0, Input::Spawn(GKind::Cpu, 40))],
            ..RunFacts::default()
        }));
        p.apply(Action::Driver(Driver::Sim));
        match last(&p) {
            Command::Build { live, inputs, .. } => {
                assert!(!live);
                assert_eq!(inputs, &vec![(0, Input::Spawn(GKind::Cpu, 40))]);
            }
            c => panic!("{c:?}"),
        }
        assert!(p.notice_text().unwrap().contains("goroutines: 40"));
    }

    #[test]
    fn live_mode_is_refused_without_workers() {
        let mut p = page("");
        p.apply(Action::Driver(Driver::Live));
        assert_eq!(p.settings.driver, Driver::Sim);
        assert!(p.notice_text().unwrap().contains("worker threads"));
        let mut p = Page::new("", true);
        p.apply(Action::PoolFailed("SecurityError".into()));
        assert_eq!(p.settings.driver, Driver::Sim);
        assert_eq!(p.pool, Pool::Failed("SecurityError".into()));
    }

    #[test]
    fn a_bad_scenario_parameter_gets_the_default_and_the_rest_stays() {
        let p = page("scenario=cpu-bound&p.goroutines=abc&p.work=5ms&procs=2&driver=sim");
        assert_eq!(p.settings.spec.scenario, "cpu-bound");
        assert_eq!(p.settings.spec.params, vec![("work".into(), "5ms".into())]);
        assert_eq!(p.settings.spec.procs, 2);
        assert!(p.notice_text().unwrap().contains("goroutines"));
        let q = p.query();
        assert!(
            q.contains("scenario=cpu-bound") && q.contains("p.work=5ms") && q.contains("procs=2")
        );
        assert!(!q.contains("abc"));
    }

    #[test]
    fn a_bad_parameter_is_explained_in_the_learners_language() {
        use crate::strings::{parse_json, ui_table};
        let p = page("scenario=cpu-bound&p.goroutines=abc&p.work=2h&driver=sim");
        let th = include_str!("../../static/i18n/th.json");
        let th = Text::with(
            "th",
            ui_table(&parse_json(th).unwrap()).unwrap(),
            std::collections::HashMap::new(),
        );
        let notice = p.notice.as_ref().unwrap();
        assert_eq!(
            th.msgs(notice),
            "goroutines=abc: ต้องเป็นจำนวนเต็มตั้งแต่ 1 ถึง 100,000 จึงใช้ค่า default \
             work=2h อยู่นอกช่วง: ใช้ 0ns ถึง 3600s จึงใช้ค่า default"
        );
        // The CLI's words are the core's, in English.
        assert!(Text::english().msgs(notice).starts_with(
            "goroutines=abc: expected a whole number from 1 to 100,000; using the default."
        ));
    }

    #[test]
    fn the_url_keeps_every_input_of_a_run() {
        let mut p = page("");
        p.apply(Action::Frame(RunFacts {
            steps: 900,
            inputs: vec![(12, Input::Spawn(GKind::Cpu, 40)), (700, Input::Procs(2))],
            ..RunFacts::default()
        }));
        p.apply(Action::TogglePause);
        let q = p.query();
        assert_eq!(q, "?driver=sim&in=12c40_700p2&step=900");
        let again = page(&q);
        assert!(
            matches!(&again.commands[0].1, Command::Build { inputs, start_step: Some(900), .. }
            if inputs == &vec![(12, Input::Spawn(GKind::Cpu, 40)), (700, Input::Procs(2))])
        );
    }

    /// Changing GOMAXPROCS during a run is an input at that step: the link keeps the
    /// starting value and the change (`?procs=2&...&in=3049p2`, reopened with
    /// GOMAXPROCS 2 from the start, was another machine); Reset starts from the last
    /// value chosen.
    #[test]
    fn a_gomaxprocs_change_is_an_input_not_the_starting_value() {
        let mut p = page("driver=sim");
        p.apply(Action::Frame(RunFacts {
            steps: 3049,
            ..RunFacts::default()
        }));
        p.apply(Action::Procs(2));
        assert_eq!(p.settings.spec.procs, 4, "the start stays");
        assert!(matches!(last(&p), Command::Apply(Input::Procs(2))));
        p.apply(Action::Frame(RunFacts {
            steps: 6121,
            inputs: vec![(3049, Input::Procs(2))],
            ..RunFacts::default()
        }));
        p.apply(Action::TogglePause);
        let q = p.query();
        assert_eq!(q, "?driver=sim&in=3049p2&step=6121");
        let again = page(&q);
        assert!(
            matches!(&again.commands[0].1, Command::Build { inputs, start_step: Some(6121), .. }
            if inputs == &vec![(3049, Input::Procs(2))])
        );
        assert_eq!(again.settings.spec.procs, 4);
        p.apply(Action::Reset);
        assert_eq!(p.settings.spec.procs, 2);
        assert!(p.settings.inputs.is_empty());
    }

    #[test]
    fn lesson_links_keep_the_embed_and_the_language() {
        let p = page("lesson=gosched&embed=1&lang=th");
        assert_eq!(
            p.settings.lesson_link("preemption"),
            "?lesson=preemption&lang=th&embed=1"
        );
        let out = p.settings.unembedded(Some(0), &[]);
        assert!(!out.contains("embed"), "{out}");
    }

    #[test]
    fn shortcuts_and_escape() {
        let mut p = page("");
        p.apply(shortcut("?").unwrap());
        assert!(p.shortcuts_open);
        p.apply(Action::Select(5));
        p.apply(shortcut("Escape").unwrap());
        assert!(!p.shortcuts_open && p.selected.is_none());
        assert_eq!(shortcut("p"), Some(Action::TogglePause));
        assert_eq!(shortcut("x"), None);
    }

    #[test]
    fn a_lesson_waits_for_run_and_reset_goes_back_to_step_zero() {
        let mut p = page("lesson=gosched");
        assert!(p.settings.paused);
        assert_eq!(p.settings.driver, Driver::Sim);
        p.apply(Action::TogglePause);
        assert!(!p.settings.paused);
        assert_eq!(
            last(&p),
            &Command::Clock {
                paused: false,
                speed: DEFAULT_SPEED
            }
        );
        p.apply(Action::Reset);
        assert!(p.settings.paused);
        assert!(matches!(last(&p), Command::Build { paused: true, .. }));
    }

    #[test]
    fn the_language_is_the_url_s_then_the_stored_one_then_the_browser_s() {
        let nav = vec!["zh-TW".to_string(), "en-US".to_string()];
        let p = Page::new_in("", false, None, &nav);
        assert_eq!(p.settings.lang, "zh-Hant");
        let p = Page::new_in("", false, Some("vi"), &nav);
        assert_eq!(p.settings.lang, "vi");
        assert!(
            !p.query().contains("lang="),
            "a stored choice stays out of links"
        );
        let p = Page::new_in("lesson=gosched&lang=th", false, Some("vi"), &nav);
        assert_eq!(p.settings.lang, "th");
        assert!(
            p.query().contains("lang=th"),
            "lang= from the URL stays in it"
        );
        let p = Page::new_in("lang=xx", false, Some("vi"), &nav);
        assert_eq!(p.settings.lang, "en");
        assert_eq!(
            p.notice_text().unwrap(),
            "lang=xx is not available (en, th, zh-Hant, vi); using English."
        );
    }

    #[test]
    fn a_notice_made_before_the_text_arrived_is_said_in_it_once_it_has() {
        use std::collections::HashMap;
        let mut p = Page::new_in("procs=99", false, Some("th"), &[]);
        assert_eq!(p.text.lang(), "en", "English until the Thai file arrives");
        assert!(p
            .notice_text()
            .unwrap()
            .starts_with("procs=99 is not a GOMAXPROCS"));
        let th = |k: &str, v: &str| {
            let mut ui = HashMap::new();
            ui.insert(k.to_string(), v.to_string());
            Text::with("th", ui, HashMap::new())
        };
        p.apply(Action::Text(th(
            "notice.bad_procs",
            "procs={value} ใช้ไม่ได้ (1 ถึง {max})",
        )));
        assert_eq!(p.notice_text().unwrap(), "procs=99 ใช้ไม่ได้ (1 ถึง 16)");
        // The learner picks Vietnamese; Thai files that arrive late are dropped.
        p.apply(Action::Lang("vi".into()));
        assert_eq!(p.settings.lang, "vi");
        let before = p.text.clone();
        p.apply(Action::Text(th("notice.bad_procs", "x")));
        assert_eq!(p.text, before);
        // Back to English: no file to wait for.
        p.apply(Action::Lang("en".into()));
        assert_eq!(p.text.lang(), "en");
        p.apply(Action::Lang("klingon".into()));
        assert_eq!(p.settings.lang, "en", "an unknown choice changes nothing");
    }

    #[test]
    fn picking_a_language_in_an_embed_keeps_it_in_the_address() {
        let mut p = page("lesson=gosched&embed=1&lang=th");
        p.apply(Action::Lang("zh-Hant".into()));
        assert!(p.query().contains("lang=zh-Hant"), "{}", p.query());
        assert_eq!(
            p.settings.lesson_link("preemption"),
            "?lesson=preemption&lang=zh-Hant&embed=1"
        );
    }

    #[test]
    fn the_reducer_returns_the_same_state_when_nothing_changes() {
        let p = Rc::new(page(""));
        let same = p.clone().reduce(Action::Dismiss);
        assert!(Rc::ptr_eq(&p, &same));
        let other = p.clone().reduce(Action::ToggleHelp);
        assert!(!Rc::ptr_eq(&p, &other));
    }
}

/// A scenario parameter's problem in the learner's language (`param.*`; the CLI prints
/// the core's English `Display`).
pub fn param_error(e: &gmp_core::scenarios::ParamError) -> Msg {
    use gmp_core::scenarios::ParamError as E;
    match e {
        E::Unknown {
            scenario,
            key,
            known,
        } if known.is_empty() => Msg::new("param.none")
            .with("scenario", *scenario)
            .with("key", key.as_str()),
        E::Unknown {
            scenario,
            key,
            known,
        } => Msg::new("param.unknown")
            .with("scenario", *scenario)
            .with("key", key.as_str())
            .with("known", known.join(", ")),
        E::NotCount { key, value, lo, hi } => Msg::new("param.not_count")
            .with("key", *key)
            .with("value", value.as_str())
            .int("lo", *lo)
            .int("hi", *hi),
        E::CountRange { key, n, lo, hi } => Msg::new("param.range")
            .with("key", *key)
            .with("value", n.to_string())
            .int("lo", *lo)
            .int("hi", *hi),
        E::NotDuration { key, value } => Msg::new("param.not_duration")
            .with("key", *key)
            .with("value", value.as_str()),
        E::DurationRange { key, value, lo, hi } => Msg::new("param.range")
            .with("key", *key)
            .with("value", value.as_str())
            .with("lo", lo.as_str())
            .with("hi", hi.as_str()),
        E::NotBool { key, value } => Msg::new("param.not_bool")
            .with("key", *key)
            .with("value", value.as_str()),
    }
}
