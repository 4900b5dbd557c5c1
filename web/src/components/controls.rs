//! The controls: spawn goroutines (the playground), the run's settings, and time
//! (run/pause, step, step back, reset, export).

use std::rc::Rc;

use gmp_core::GKind;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::state::{Action, Driver, Page, Pool};
use crate::strings::Text;

#[derive(Properties, PartialEq)]
pub struct ControlsProps {
    pub page: Rc<Page>,
    pub dispatch: Callback<Action>,
    pub text: Text,
    /// GOMAXPROCS now (the program may change it).
    pub gomaxprocs: u32,
    /// Virtual ns since the program started.
    pub now: i64,
    /// Which fieldsets: the run's settings (and spawning), time, or both. A lesson
    /// puts time on its bench beside the code and the machine, the settings below.
    #[prop_or(ControlsPart::All)]
    pub part: ControlsPart,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ControlsPart {
    All,
    Settings,
    Time,
}

fn select_value(e: &Event) -> String {
    e.target_unchecked_into::<HtmlSelectElement>().value()
}

#[function_component(Controls)]
pub fn controls(props: &ControlsProps) -> Html {
    let (page, s, d) = (&props.page, &props.text, &props.dispatch);
    let st = &page.settings;
    let run = &page.run;
    let finished = run.finished();
    let send = |a: Action| {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.emit(a.clone()))
    };
    let on_spawn_text = {
        let d = d.clone();
        Callback::from(move |e: InputEvent| {
            d.emit(Action::SpawnText(
                e.target_unchecked_into::<HtmlInputElement>().value(),
            ))
        })
    };
    let on_seed_text = {
        let d = d.clone();
        Callback::from(move |e: InputEvent| {
            d.emit(Action::SeedText(
                e.target_unchecked_into::<HtmlInputElement>().value(),
            ))
        })
    };
    let on_seed_commit = {
        let d = d.clone();
        Callback::from(move |_: Event| d.emit(Action::CommitSeed))
    };
    // The picker shows GOMAXPROCS at the step shown: once a person has picked a value,
    // an option's `selected` attribute no longer moves the select, so its value is set.
    let procs_ref = use_node_ref();
    {
        let procs_ref = procs_ref.clone();
        use_effect_with(props.gomaxprocs, move |&n| {
            if let Some(sel) = procs_ref.cast::<HtmlSelectElement>() {
                sel.set_value(&n.max(1).to_string());
            }
        });
    }
    let on_procs = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            if let Ok(n) = select_value(&e).parse() {
                d.emit(Action::Procs(n))
            }
        })
    };
    let on_driver = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            d.emit(Action::Driver(if select_value(&e) == "live" {
                Driver::Live
            } else {
                Driver::Sim
            }))
        })
    };
    let on_speed = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            if let Some(x) = gmp_core::atof::parse_float(&select_value(&e), false) {
                d.emit(Action::Speed(x))
            }
        })
    };
    let on_scenario = {
        let d = d.clone();
        Callback::from(move |e: Event| d.emit(Action::Scenario(select_value(&e))))
    };
    let spawn_button = |kind: GKind, id: &'static str, class: &'static str, label: &'static str| {
        html! { <button id={id} class={class} onclick={send(Action::Spawn(kind))} disabled={finished}
        title={if kind == GKind::Cpu { s.t("controls.spawn_key") } else { String::new() }}>{ s.t(label) }</button> }
    };
    // Not isolated (the fallback bundle, or no shared memory): no worker pool can start,
    // so live mode is not offered, and the note says why.
    let live_off = matches!(page.pool, Pool::NotIsolated | Pool::NoSharedMemory);
    let pause_label = s.t(if finished || st.paused {
        "controls.run"
    } else {
        "controls.pause"
    });
    // Spawning is offered only where the program has an accept loop to take it.
    let accepts = use_memo((page.source(), crate::compiler::module()), |(src, _)| {
        src.as_deref().is_some_and(crate::compiler::reads_requests)
    });
    let (settings, time) = (
        props.part != ControlsPart::Time,
        props.part != ControlsPart::Settings,
    );
    html! {
        <section class={classes!("controls", format!("controls-{:?}", props.part).to_lowercase())} aria-label={s.t("controls.label")}>
            if settings && !*accepts && st.spec.scenario == "playground" {
                <p id="no-accept-loop" class="help-always">{ s.t("controls.no_accept_loop") }</p>
            }
            if settings && *accepts {
            <fieldset id="spawn-controls">
                <legend>{ s.t("controls.spawn_legend") }</legend>
                <label>{ s.t("controls.n") }{ " " }<input id="spawn-n" type="text" inputmode="numeric" size="6"
                    value={page.spawn_text.clone()} oninput={on_spawn_text} /></label>
                { spawn_button(GKind::Cpu, "spawn-cpu", "k-cpu", "controls.spawn_cpu") }
                { spawn_button(GKind::Blocking, "spawn-blocking", "k-blocking", "controls.spawn_blocking") }
                { spawn_button(GKind::Network, "spawn-network", "k-network", "controls.spawn_network") }
                <p class="help">{ s.t("controls.spawn_help") }</p>
            </fieldset>
            }
            if settings {
            <fieldset id="run-controls">
                <legend>{ s.t("controls.run_legend") }</legend>
                <label>{ s.t("controls.gomaxprocs") }{ " " }
                    <select id="procs" ref={procs_ref} onchange={on_procs} title={s.t("controls.procs_help")} disabled={finished}>
                        { for (1..=16u32).map(|n| html!{ <option value={n.to_string()} selected={n == props.gomaxprocs.max(1)}>{ n }</option> }) }
                    </select></label>
                <label>{ s.t("controls.driver") }{ " " }
                    <select id="driver" onchange={on_driver} aria-describedby={live_off.then_some("driver-note")}>
                        <option value="live" selected={st.driver == Driver::Live} disabled={live_off}>{ s.t("controls.driver_live") }</option>
                        <option value="sim" selected={st.driver == Driver::Sim}>{ s.t("controls.driver_sim") }</option>
                    </select></label>
                if live_off {
                    <p id="driver-note" class="help">{ s.t(if page.pool == Pool::NoSharedMemory {
                        "controls.live_needs_shared_memory"
                    } else {
                        "controls.live_needs_isolation"
                    }) }</p>
                }
                <label>{ s.t("controls.speed") }{ " " }
                    <select id="speed" onchange={on_speed} title={s.t("controls.speed_help")}>
                        { for [(0.01, "1/100×"), (0.05, "1/20×"), (0.2, "1/5×"), (1.0, "1×")].iter().map(|(v, l)| html!{
                            <option value={v.to_string()} selected={(st.speed - v).abs() < 1e-9}>{ *l }</option> }) }
                    </select></label>
                <label>{ s.t("controls.scenario") }{ " " }
                    <select id="scenario" onchange={on_scenario}>
                        { for gmp_go::scenarios::all().into_iter().map(|sc| html!{
                            <option value={sc.name} selected={sc.name == st.spec.scenario}>{ sc.name }</option> }) }
                    </select></label>
                <label>{ s.t("controls.seed") }{ " " }<input id="seed" type="text" inputmode="numeric" size="6"
                    value={page.seed_text.clone()} oninput={on_seed_text} onchange={on_seed_commit} /></label>
            </fieldset>
            }
            if time {
            <fieldset id="time-controls">
                <legend>{ s.t("controls.time_legend") }</legend>
                <button id="pause" onclick={send(Action::TogglePause)} disabled={finished}
                    aria-pressed={(st.paused && !finished).to_string()} title={s.t("controls.pause_title")}>{ pause_label }</button>
                <button id="step" onclick={send(Action::Step)} disabled={run.live || finished}
                    title={s.t("controls.step_title")}>{ s.t("controls.step") }</button>
                <button id="step-back" onclick={send(Action::StepBack)} disabled={run.live}
                    title={s.t("controls.step_back_title")}>{ s.t("controls.step_back") }</button>
                <button id="reset" onclick={send(Action::Reset)} title={s.t("controls.reset_title")}>{ s.t("controls.reset") }</button>
                <button id="export" onclick={send(Action::Export)}>{ s.t("controls.export") }</button>
                <button id="shortcuts-button" onclick={send(Action::ToggleShortcuts)} aria-expanded={page.shortcuts_open.to_string()}
                    title={s.t("controls.keys_title")}>{ s.t("controls.keys") }</button>
                <span id="clock" class="clock">{ s.t_args("controls.clock", &[("ms", s.ms(props.now, 3))]) }</span>
                if !run.live {
                    <span id="stepno" class="clock">{ s.t_args("controls.stepno", &[("n", s.int(run.steps))]) }</span>
                }
                if finished {
                    <span id="stopped" class="stopped" role="status">{
                        s.t(if run.time_limit {
                            "controls.stopped_limit"
                        } else if run.out_of_memory {
                            "controls.stopped_memory"
                        } else {
                            "controls.stopped_exited"
                        })
                    }</span>
                }
                if st.lesson.is_none() {
                    <a id="run-link" class="run-link" href={page.query()}
                        title={s.t(if run.live { "controls.link_live_title" } else { "controls.link_sim_title" })}>
                        { s.t(if run.live { "controls.link_live" } else { "controls.link_sim" }) }</a>
                }
            </fieldset>
            }
        </section>
    }
}
