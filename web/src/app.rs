//! The explorer page: controls, the machine (Ps, global queue, Ms, sysmon, netpoller,
//! timers), a per-P timeline, the schedtrace console and an event feed.
//!
//! Each frame (every ~33 ms) the page advances the deterministic driver by a bounded
//! slice (live runs advance by themselves on workers), takes a non-blocking snapshot,
//! reads the new events, and re-renders. Nothing here waits on a lock.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_timers::callback::Interval;
use gmp_core::scenarios;
use gmp_core::GKind;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::engine::{Engine, Input, RunSpec};
use crate::lessons;
use crate::pool;
use crate::strings::{strings, Strings};
use crate::ui::Ui;
use crate::url::{self, UrlState};
use crate::view;

/// Workers started for live runs: GOMAXPROCS up to 16, sysmon, and Ms blocked in
/// syscalls.
pub const POOL_THREADS: usize = 24;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Driver {
    Live,
    Sim,
}

#[derive(Clone, PartialEq)]
pub struct Settings {
    pub driver: Driver,
    /// Virtual time per real time.
    pub speed: f64,
    pub paused: bool,
    pub spec: RunSpec,
    pub spawn_n: u32,
    /// The lesson and variant shown, if any.
    pub lesson: Option<&'static str>,
    pub variant: &'static str,
    pub embed: bool,
    pub compact: bool,
    pub lang: String,
    /// Run this many deterministic steps after (re)building, then pause (`step=N`).
    pub start_step: Option<u64>,
    /// `?quiz=<id|all>`: the quiz is shown.
    pub quiz: Option<String>,
}

impl Settings {
    /// Settings from the page's URL, with a notice for each bad value.
    fn from_url(isolated: bool) -> (Settings, Vec<String>) {
        let query = web_sys::window()
            .and_then(|w| w.location().search().ok())
            .unwrap_or_default();
        let (u, mut notes) = url::parse(&query);
        let mut notes_extra: Vec<String> = Vec::new();
        let mut st = Settings {
            driver: if isolated { Driver::Live } else { Driver::Sim },
            speed: u.speed.unwrap_or(0.05),
            paused: u.step.is_some(),
            spec: RunSpec::default(),
            spawn_n: 10,
            lesson: None,
            variant: "",
            embed: u.embed,
            compact: u.layout == "compact" || u.embed,
            lang: u.lang.clone(),
            start_step: u.step,
            quiz: u.quiz.clone(),
        };
        if let Some(l) = u.lesson.as_deref().and_then(lessons::find) {
            st.lesson = Some(l.id);
            st.variant = l.variant(u.variant.as_deref()).id;
            st.driver = Driver::Sim;
            // A lesson waits for Run, so the learner sees it from the first step.
            st.paused = true;
            if let Some(v) = &u.variant {
                if l.variant(Some(v)).id != v {
                    notes_extra.push(format!(
                        "The lesson \"{}\" has no variant \"{v}\"; showing \"{}\".",
                        l.id,
                        l.variant(None).id
                    ));
                }
            }
            st.apply_lesson();
        } else if let Some(sc) = &u.scenario {
            st.spec.scenario = sc.clone();
        }
        if !u.params.is_empty() {
            st.spec.params = u.params.clone();
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
        if st.start_step.is_some() {
            st.driver = Driver::Sim;
        }
        notes.extend(notes_extra);
        (st, notes)
    }

    /// The run a lesson variant asks for.
    fn apply_lesson(&mut self) {
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
            // A run that may never end stops after 1 s of virtual time; others get 60 s.
            max_time: if v.expect.is_none() && v.asyncpreemptoff {
                1_000_000_000
            } else {
                60_000_000_000
            },
            schedtrace_ms: 20,
        };
    }

    /// This state as a URL query.
    pub fn to_url(&self, step: Option<u64>) -> UrlState {
        UrlState {
            lesson: self.lesson.map(String::from),
            variant: self.lesson.map(|_| self.variant.to_string()),
            scenario: (self.lesson.is_none() && self.spec.scenario != "playground")
                .then(|| self.spec.scenario.clone()),
            params: if self.lesson.is_none() {
                self.spec.params.clone()
            } else {
                vec![]
            },
            procs: (self.lesson.is_none() && self.spec.procs != 4).then_some(self.spec.procs),
            seed: (self.spec.seed != 1).then_some(self.spec.seed),
            driver: (self.lesson.is_none() && self.driver == Driver::Sim).then(|| "sim".into()),
            speed: ((self.speed - 0.05).abs() > 1e-12).then_some(self.speed),
            step,
            layout: if self.compact && !self.embed {
                "compact".into()
            } else {
                "full".into()
            },
            lang: self.lang.clone(),
            embed: self.embed,
            quiz: self.quiz.clone(),
        }
    }
}

pub enum Pool {
    NotIsolated,
    Starting,
    Ready,
    Failed(String),
}

#[function_component(App)]
pub fn app() -> Html {
    let s: &'static Strings = strings("en");
    let isolated = use_memo((), |_| pool::cross_origin_isolated());
    let pool_state = use_mut_ref(|| {
        if *isolated {
            Pool::Starting
        } else {
            Pool::NotIsolated
        }
    });
    let engine: Rc<RefCell<Option<Engine>>> = use_mut_ref(|| None);
    let initial = use_memo((), |_| Settings::from_url(pool::cross_origin_isolated()));
    let settings = use_state(|| initial.0.clone());
    let settings_ref = use_mut_ref(|| (*settings).clone());
    *settings_ref.borrow_mut() = (*settings).clone();
    let ui = use_mut_ref(Ui::default);
    let frame = use_state(|| 0u64);
    let notice = use_state(|| (!initial.1.is_empty()).then(|| initial.1.join(" ")));
    let events_from = use_mut_ref(|| 0u64);
    let schedtrace_from = use_mut_ref(|| 0usize);
    let selected = use_state(|| Option::<u64>::None);
    let pgrid = use_node_ref();

    // (Re)build the engine whenever the run's settings say so.
    let rebuild = {
        let engine = engine.clone();
        let ui = ui.clone();
        let events_from = events_from.clone();
        let schedtrace_from = schedtrace_from.clone();
        let notice = notice.clone();
        let pool_state = pool_state.clone();
        Callback::from(move |st: Settings| {
            if let Some(old) = engine.borrow_mut().take() {
                old.stop();
            }
            *ui.borrow_mut() = Ui::default();
            *events_from.borrow_mut() = 0;
            *schedtrace_from.borrow_mut() = 0;
            let want_live = st.driver == Driver::Live;
            let ready = matches!(*pool_state.borrow(), Pool::Ready);
            let made = if want_live && ready {
                Engine::new_live(st.spec.clone(), st.speed, POOL_THREADS)
            } else {
                Engine::new_sim(st.spec.clone())
            };
            match made {
                Ok(mut e) => {
                    if let Some(n) = st.start_step {
                        if let Err(err) = e.rewind_to(n) {
                            notice.set(Some(err));
                        }
                    }
                    *engine.borrow_mut() = Some(e);
                }
                Err(e) => notice.set(Some(e)),
            }
        })
    };

    // Start the pool (isolated pages) and the first run.
    {
        let rebuild = rebuild.clone();
        let settings = settings.clone();
        let pool_state = pool_state.clone();
        let isolated = *isolated;
        use_effect_with((), move |_| {
            // Show the machine at once on the deterministic driver; a live run replaces
            // it when the workers are ready (starting them takes a moment).
            if !isolated || settings.driver == Driver::Sim {
                rebuild.emit((*settings).clone());
            }
            if isolated {
                let settings = settings.clone();
                wasm_bindgen_futures::spawn_local(async move {
                    match pool::init(POOL_THREADS).await {
                        Ok(()) => {
                            *pool_state.borrow_mut() = Pool::Ready;
                            if settings.driver == Driver::Live {
                                rebuild.emit((*settings).clone());
                            }
                        }
                        Err(e) => {
                            *pool_state.borrow_mut() = Pool::Failed(e);
                            let mut st = (*settings).clone();
                            st.driver = Driver::Sim;
                            settings.set(st.clone());
                            rebuild.emit(st);
                        }
                    }
                });
            }
            || ()
        });
    }

    // The frame loop.
    {
        let engine = engine.clone();
        let ui = ui.clone();
        let frame = frame.clone();
        let events_from = events_from.clone();
        let schedtrace_from = schedtrace_from.clone();
        let settings_ref = settings_ref.clone();
        use_effect_with((), move |_| {
            let last = Rc::new(RefCell::new(crate::clock::now_ms()));
            let last_height = Rc::new(RefCell::new(0i32));
            let tick = Interval::new(33, move || {
                let now = crate::clock::now_ms();
                let dt = (now - *last.borrow()).clamp(0.0, 100.0);
                *last.borrow_mut() = now;
                let st = settings_ref.borrow().clone();
                let mut guard = engine.borrow_mut();
                let Some(eng) = guard.as_mut() else { return };
                if !st.paused {
                    eng.advance((dt * 1e6 * st.speed) as i64, 8.0);
                }
                let snap = eng.snapshot();
                let mut from = *events_from.borrow();
                let evs = eng.events_since(&mut from);
                *events_from.borrow_mut() = from;
                let console = match eng.rt().schedtrace_out.try_lock() {
                    Ok(lines) => {
                        let mut i = schedtrace_from.borrow_mut();
                        let new = lines[(*i).min(lines.len())..].to_vec();
                        *i = lines.len();
                        new
                    }
                    Err(_) => vec![],
                };
                ui.borrow_mut()
                    .frame(snap, &evs, console, now, Some(eng.rt()));
                // Keep the address bar on this state (paused runs include their step).
                let step = (st.paused && !eng.is_live()).then(|| eng.steps());
                let q = url::to_query(&st.to_url(step));
                if let Some(w) = web_sys::window() {
                    if w.location().search().unwrap_or_default() != q {
                        if let Ok(h) = w.history() {
                            let path = w.location().pathname().unwrap_or_default();
                            let _ = h.replace_state_with_url(
                                &wasm_bindgen::JsValue::NULL,
                                "",
                                Some(&format!("{path}{q}")),
                            );
                        }
                    }
                }
                // Tell an embedding page our height when it changes.
                if crate::embed::in_frame() {
                    let h = crate::embed::content_height();
                    if h != *last_height.borrow() {
                        *last_height.borrow_mut() = h;
                        crate::embed::post("resize", &[("height", h.into())]);
                    }
                }
                frame.set(*frame + 1);
            });
            move || drop(tick)
        });
    }

    // ---- callbacks
    let apply = {
        let engine = engine.clone();
        let notice = notice.clone();
        Callback::from(move |input: Input| {
            if let Some(e) = engine.borrow_mut().as_mut() {
                if let Err(err) = e.apply(input) {
                    notice.set(Some(err));
                }
            }
        })
    };
    let spawn = |kind: GKind| {
        let apply = apply.clone();
        let settings = settings.clone();
        Callback::from(move |_: MouseEvent| apply.emit(Input::Spawn(kind, settings.spawn_n)))
    };
    let on_spawn_n = {
        let settings = settings.clone();
        Callback::from(move |e: Event| {
            let v: u32 = e
                .target_unchecked_into::<HtmlInputElement>()
                .value()
                .parse()
                .unwrap_or(1);
            let mut st = (*settings).clone();
            st.spawn_n = v.clamp(1, 10_000);
            settings.set(st);
        })
    };
    let on_procs = {
        let apply = apply.clone();
        let settings = settings.clone();
        Callback::from(move |e: Event| {
            let n: u32 = e
                .target_unchecked_into::<HtmlSelectElement>()
                .value()
                .parse()
                .unwrap_or(4);
            apply.emit(Input::Procs(n));
            let mut st = (*settings).clone();
            st.spec.procs = n;
            settings.set(st);
        })
    };
    let on_driver = {
        let settings = settings.clone();
        let rebuild = rebuild.clone();
        let pool_state = pool_state.clone();
        let notice = notice.clone();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlSelectElement>().value();
            let mut st = (*settings).clone();
            st.driver = if v == "live" {
                Driver::Live
            } else {
                Driver::Sim
            };
            if st.driver == Driver::Live && !matches!(*pool_state.borrow(), Pool::Ready) {
                notice.set(Some(
                    "Live mode needs worker threads, which this page cannot start (see above)."
                        .into(),
                ));
                st.driver = Driver::Sim;
            }
            settings.set(st.clone());
            rebuild.emit(st);
        })
    };
    let on_speed = {
        let settings = settings.clone();
        let engine = engine.clone();
        Callback::from(move |e: Event| {
            let v: f64 = e
                .target_unchecked_into::<HtmlSelectElement>()
                .value()
                .parse()
                .unwrap_or(0.05);
            if let Some(eng) = engine.borrow().as_ref() {
                eng.set_scale(v);
            }
            let mut st = (*settings).clone();
            st.speed = v;
            settings.set(st);
        })
    };
    let toggle_pause = {
        let settings = settings.clone();
        let engine = engine.clone();
        Callback::from(move |_: MouseEvent| {
            let mut st = (*settings).clone();
            st.paused = !st.paused;
            if let Some(eng) = engine.borrow().as_ref() {
                eng.set_scale(if st.paused { 1e-9 } else { st.speed });
            }
            settings.set(st);
        })
    };
    let step = {
        let engine = engine.clone();
        let settings = settings.clone();
        Callback::from(move |_: MouseEvent| {
            let mut st = (*settings).clone();
            st.paused = true;
            settings.set(st);
            if let Some(e) = engine.borrow_mut().as_mut() {
                e.step();
            }
        })
    };
    let step_back = {
        let engine = engine.clone();
        let settings = settings.clone();
        let notice = notice.clone();
        let ui = ui.clone();
        let events_from = events_from.clone();
        let schedtrace_from = schedtrace_from.clone();
        Callback::from(move |_: MouseEvent| {
            let mut st = (*settings).clone();
            st.paused = true;
            settings.set(st);
            if let Some(e) = engine.borrow_mut().as_mut() {
                let target = e.step_back_target();
                match e.rewind_to(target) {
                    Ok(()) => {
                        *ui.borrow_mut() = Ui::default();
                        *events_from.borrow_mut() = 0;
                        *schedtrace_from.borrow_mut() = 0;
                    }
                    Err(err) => notice.set(Some(err)),
                }
            }
        })
    };
    let reset = {
        let settings = settings.clone();
        let rebuild = rebuild.clone();
        Callback::from(move |_: MouseEvent| {
            let mut st = (*settings).clone();
            st.start_step = None;
            // A lesson goes back to its first step and waits; the explorer runs again.
            st.paused = st.lesson.is_some();
            settings.set(st.clone());
            rebuild.emit(st)
        })
    };
    let on_seed = {
        let settings = settings.clone();
        let rebuild = rebuild.clone();
        let notice = notice.clone();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlInputElement>().value();
            match v.trim().parse::<u64>() {
                Ok(seed) => {
                    let mut st = (*settings).clone();
                    st.spec.seed = seed;
                    st.start_step = None;
                    settings.set(st.clone());
                    rebuild.emit(st);
                }
                Err(_) => notice.set(Some(format!(
                    "seed {v:?} is not a whole number; keeping {}",
                    settings.spec.seed
                ))),
            }
        })
    };
    let on_scenario = {
        let settings = settings.clone();
        let rebuild = rebuild.clone();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlSelectElement>().value();
            let mut st = (*settings).clone();
            st.spec = RunSpec {
                scenario: v,
                seed: st.spec.seed,
                ..RunSpec::default()
            };
            st.lesson = None;
            st.start_step = None;
            settings.set(st.clone());
            rebuild.emit(st);
        })
    };
    let export = {
        let engine = engine.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(e) = engine.borrow().as_ref() {
                if let Some(evs) = e.rt().events.try_snapshot() {
                    let json = gmp_core::export::chrome_trace(&evs, e.rt().gomaxprocs());
                    view::download("gmp-trace.json", &json);
                }
            }
        })
    };
    let on_variant = {
        let settings = settings.clone();
        let rebuild = rebuild.clone();
        Callback::from(move |id: &'static str| {
            let mut st = (*settings).clone();
            st.variant = id;
            st.start_step = None;
            st.paused = false;
            st.apply_lesson();
            settings.set(st.clone());
            rebuild.emit(st);
        })
    };
    let on_select = {
        let selected = selected.clone();
        Callback::from(move |g: u64| selected.set(Some(g)))
    };
    let close_detail = {
        let selected = selected.clone();
        Callback::from(move |_: MouseEvent| selected.set(None))
    };
    let dismiss = {
        let notice = notice.clone();
        Callback::from(move |_: MouseEvent| notice.set(None))
    };
    let onkeydown = {
        let toggle_pause = toggle_pause.clone();
        let step = step.clone();
        let step_back = step_back.clone();
        Callback::from(move |e: KeyboardEvent| {
            let tag = e
                .target()
                .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
                .map(|el| el.tag_name())
                .unwrap_or_default();
            if tag == "INPUT" || tag == "SELECT" || e.ctrl_key() || e.meta_key() || e.alt_key() {
                return;
            }
            let fake = || MouseEvent::new("click").unwrap();
            match e.key().as_str() {
                "p" => toggle_pause.emit(fake()),
                "." => step.emit(fake()),
                "," => step_back.emit(fake()),
                _ => {}
            }
        })
    };

    let ui = ui.borrow();
    let snap = ui.snap.clone();
    let eng = engine.borrow();
    let live = eng.as_ref().is_some_and(|e| e.is_live());
    let out_of_threads = eng.as_ref().is_some_and(|e| e.out_of_threads());
    let (stdout, exit) = eng
        .as_ref()
        .map(|e| {
            let mut out = e
                .rt()
                .stdout
                .try_lock()
                .map(|o| o.iter().rev().take(20).rev().cloned().collect::<Vec<_>>())
                .unwrap_or_default();
            if let Ok(err) = e.rt().stderr.try_lock() {
                out.extend(err.iter().cloned());
            }
            (out, e.rt().exit.try_lock().ok().and_then(|x| x.clone()))
        })
        .unwrap_or_default();
    let finished = exit.is_some() || eng.as_ref().is_some_and(|e| e.stopped().is_some());
    let link = {
        let step = (settings.paused && !live).then(|| eng.as_ref().map(|e| e.steps()).unwrap_or(0));
        let q = url::to_query(&settings.to_url(step));
        let base = web_sys::window()
            .and_then(|w| {
                Some(format!(
                    "{}{}",
                    w.location().origin().ok()?,
                    w.location().pathname().ok()?
                ))
            })
            .unwrap_or_default();
        format!("{base}{q}")
    };
    let pool_line = match &*pool_state.borrow() {
        Pool::NotIsolated if settings.embed => html! {
            <p id="status" data-state="not-isolated" class="notice compact-notice" role="status">
                { "Deterministic driver (this frame cannot start threads). " }
                <a href="" target="_blank" rel="noopener">{ s.open_live }</a>
            </p>
        },
        Pool::NotIsolated => html! {
            <div id="status" data-state="not-isolated" class="notice" role="status">
                <p>{ s.not_isolated }</p>
                <p><a href="" target="_blank" rel="noopener">{ s.open_live }</a></p>
            </div>
        },
        Pool::Starting => {
            html! { <p id="status" data-state="starting" role="status">{ "Starting worker threads…" }</p> }
        }
        Pool::Ready => {
            html! { <p id="status" data-state="live-ready" class="sr-only">{ "Worker threads ready." }</p> }
        }
        Pool::Failed(e) => {
            html! { <p id="status" data-state="failed" class="notice" role="alert">{ format!("The worker threads could not start ({e}); running the deterministic driver.") }</p> }
        }
    };
    let st = &*settings;

    html! {
        <main class={classes!("page", st.embed.then_some("embed"), st.compact.then_some("compact"))} {onkeydown}>
            <header class="top">
                <div>
                    <h1>{ s.title }</h1>
                    <p class="lede">{ s.lede }</p>
                </div>
                <nav class="topnav" aria-label="Sections">
                    <a id="nav-quiz" href={format!("?quiz=all&lang={}", st.lang)}>{ "Quiz" }</a>
                    <a id="nav-lessons" href="?lesson=gosched">{ "Lessons" }</a>
                    <a id="nav-explorer" href="?">{ "Explorer" }</a>
                    <span id="driver-badge" class={classes!("badge", if live { "live" } else { "sim" })}>
                        { if live { s.live_badge } else { s.sim_badge } }
                    </span>
                </nav>
            </header>
            { pool_line }
            if let Some(n) = &*notice {
                <div id="notice" class="notice" role="alert">{ n.clone() }{ " " }
                    <button onclick={dismiss}>{ "Dismiss" }</button></div>
            }
            if out_of_threads {
                <div class="notice" role="alert">{ s.pool_full }</div>
            }
            <section class="controls" aria-label="Controls">
                if st.spec.scenario == "playground" {
                <fieldset id="spawn-controls">
                    <legend>{ "Spawn goroutines" }</legend>
                    <label>{ "N " }<input id="spawn-n" type="number" min="1" max="10000" value={st.spawn_n.to_string()} onchange={on_spawn_n} /></label>
                    <button id="spawn-cpu" class="k-cpu" onclick={spawn(GKind::Cpu)}>{ "CPU-bound" }</button>
                    <button id="spawn-blocking" class="k-blocking" onclick={spawn(GKind::Blocking)}>{ "blocking syscall" }</button>
                    <button id="spawn-network" class="k-network" onclick={spawn(GKind::Network)}>{ "network read" }</button>
                    <p class="help">{ s.spawn_help }</p>
                </fieldset>
                }
                <fieldset id="run-controls">
                    <legend>{ "Run" }</legend>
                    <label>{ "GOMAXPROCS " }
                        <select id="procs" onchange={on_procs} title={s.procs_help}>
                            { for (1..=16u32).map(|n| html!{ <option value={n.to_string()} selected={n == snap.gomaxprocs.max(1)}>{ n }</option> }) }
                        </select></label>
                    <label>{ "driver " }
                        <select id="driver" onchange={on_driver}>
                            <option value="live" selected={st.driver == Driver::Live}>{ "live (threads)" }</option>
                            <option value="sim" selected={st.driver == Driver::Sim}>{ "deterministic" }</option>
                        </select></label>
                    <label>{ "speed " }
                        <select id="speed" onchange={on_speed} title={s.speed_help}>
                            { for [(0.01, "1/100×"), (0.05, "1/20×"), (0.2, "1/5×"), (1.0, "1×")].iter().map(|(v, l)| html!{
                                <option value={v.to_string()} selected={(st.speed - v).abs() < 1e-9}>{ *l }</option> }) }
                        </select></label>
                    <label>{ "scenario " }
                        <select id="scenario" onchange={on_scenario}>
                            { for scenarios::SCENARIOS.iter().map(|sc| html!{
                                <option value={sc.name} selected={sc.name == st.spec.scenario}>{ sc.name }</option> }) }
                        </select></label>
                    <label>{ "seed " }<input id="seed" type="text" inputmode="numeric" size="6" value={st.spec.seed.to_string()} onchange={on_seed} /></label>
                </fieldset>
                <fieldset>
                    <legend>{ "Time" }</legend>
                    <button id="pause" onclick={toggle_pause} aria-pressed={st.paused.to_string()} title="Run or pause (key: p)">{ if st.paused { "Run" } else { "Pause" } }</button>
                    <button id="step" onclick={step} disabled={live} title="One scheduler step of one M (key: .)">{ "Step" }</button>
                    <button id="step-back" onclick={step_back} disabled={live} title="Back one step: the run is rebuilt from its seed (key: ,)">{ "Step back" }</button>
                    <button id="reset" onclick={reset}>{ "Reset" }</button>
                    <button id="export" onclick={export}>{ "Export trace" }</button>
                    <span id="clock" class="clock">{ format!("t = {:.3} ms", snap.now as f64 / 1e6) }</span>
                    if !live {
                        <span id="stepno" class="clock">{ format!("step {}", eng.as_ref().map(|e| e.steps()).unwrap_or(0)) }</span>
                    }
                    if let Some(stop) = eng.as_ref().and_then(|e| e.stopped()) {
                        if matches!(stop, gmp_core::Stop::TimeLimit) {
                            <span id="stopped" class="stopped" role="status">{ "stopped at the time limit: this program never ends" }</span>
                        }
                    }
                </fieldset>
            </section>
            if let Some(q) = &st.quiz {
                <crate::quiz_view::QuizPanel lang={st.lang.clone()} only={q.clone()} seed={st.spec.seed} embed={st.embed} />
            }
            if let Some(l) = st.lesson {
                <crate::lesson_view::LessonPanel lesson={l} variant={st.variant} output={stdout.clone()} embed={st.embed}
                    finished={finished} on_variant={on_variant.clone()} link={link.clone()}
                    copies={eng.as_ref().and_then(|e| e.rt().stack_copies.try_lock().ok().map(|c| c.clone())).unwrap_or_default()}
                    sched_line={ui.console.back().cloned()} />
            }
            if let Some(x) = &exit {
                <p id="exited" class="notice exited" role="status">
                    <strong>{ format!("Program exited (status {}). ", x.code) }</strong>
                    { if x.stderr.is_empty() { s.exited_note } else { s.fatal_note } }
                </p>
            }
            <div class={classes!("machine", exit.is_some().then_some("ended"))}>
                <section class="ps" aria-labelledby="ps-h">
                    <h2 id="ps-h">{ format!("Ps (GOMAXPROCS={})", snap.gomaxprocs) }</h2>
                    <p class="help">{ s.ps_help }</p>
                    <div class="pgrid-wrap">
                        <div class="pgrid" ref={pgrid.clone()}>
                            { for snap.ps.iter().map(|p| view::p_card(p, &ui, on_select.clone())) }
                        </div>
                        { view::arrows(&ui.arrows, snap.ps.len(), &pgrid) }
                    </div>
                    { view::timeline(&ui, snap.gomaxprocs) }
                    <p class="help">{ s.timeline_help }</p>
                </section>
                <aside class="side">
                    { view::global_queue(&snap, &ui, on_select.clone(), s) }
                    { view::ms(&snap, s, if live { POOL_THREADS } else { 10_000 }) }
                    { view::sysmon(&snap, s) }
                    { view::netpoll(&snap, &ui, on_select.clone(), s) }
                </aside>
            </div>
            <div class="bottom">
                <section aria-labelledby="console-h">
                    <h2 id="console-h">{ "schedtrace" }</h2>
                    <p class="help">{ s.console_help }</p>
                    <pre id="schedtrace" class="console" tabindex="0" aria-live="off">{ for ui.console.iter().rev().take(60).rev().map(|l| html!{ <>{ l }{ "\n" }</> }) }</pre>
                </section>
                <section aria-labelledby="events-h">
                    <h2 id="events-h">{ format!("Events ({} steals, {} preemptions, {} hand-offs)", ui.steals, ui.preemptions, ui.handoffs) }</h2>
                    <p class="help">{ s.events_help }</p>
                    <ol id="feed" class="feed">{ for ui.feed.iter().map(|(t, l)| html!{ <li><span class="t">{ format!("{:.3}ms", *t as f64 / 1e6) }</span>{ l }</li> }) }</ol>
                    <h2 class={classes!(stdout.is_empty().then_some("empty-out"))}>{ "Program output" }</h2>
                    <pre id="stdout" class={classes!("console", (stdout.is_empty() && exit.is_none()).then_some("empty-out"))}>{ for stdout.iter().map(|l| html!{ <>{ l }{ "\n" }</> }) }
                    { exit.map(|x| html!{ <>{ x.stderr }{ format!("[exit status {}]", x.code) }</> }).unwrap_or_default() }</pre>
                </section>
            </div>
            if let Some(g) = *selected {
                { view::g_detail(g, &snap, eng.as_ref(), close_detail) }
            }
        </main>
    }
}
