//! The controls: spawn goroutines (the playground), the run's settings, and time
//! (run/pause, step, step back, reset, export).

use std::rc::Rc;

use gmp_core::scenarios;
use gmp_core::GKind;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::state::{Action, Driver, Page};
use crate::strings::Strings;

#[derive(Properties, PartialEq)]
pub struct ControlsProps {
    pub page: Rc<Page>,
    pub dispatch: Callback<Action>,
    pub strings: &'static Strings,
    /// GOMAXPROCS now (the program may change it).
    pub gomaxprocs: u32,
    /// Virtual ns since the program started.
    pub now: i64,
}

fn select_value(e: &Event) -> String {
    e.target_unchecked_into::<HtmlSelectElement>().value()
}

#[function_component(Controls)]
pub fn controls(props: &ControlsProps) -> Html {
    let (page, s, d) = (&props.page, props.strings, &props.dispatch);
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
            if let Ok(x) = select_value(&e).parse() {
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
        title={if kind == GKind::Cpu { "key: c" } else { "" }}>{ label }</button> }
    };
    let pause_label = if finished {
        "Run"
    } else if st.paused {
        "Run"
    } else {
        "Pause"
    };
    html! {
        <section class="controls" aria-label="Controls">
            if st.spec.scenario == "playground" {
            <fieldset id="spawn-controls">
                <legend>{ "Spawn goroutines" }</legend>
                <label>{ "N " }<input id="spawn-n" type="text" inputmode="numeric" size="6"
                    value={page.spawn_text.clone()} oninput={on_spawn_text} /></label>
                { spawn_button(GKind::Cpu, "spawn-cpu", "k-cpu", "CPU-bound") }
                { spawn_button(GKind::Blocking, "spawn-blocking", "k-blocking", "blocking syscall") }
                { spawn_button(GKind::Network, "spawn-network", "k-network", "network read") }
                <p class="help">{ s.spawn_help }</p>
            </fieldset>
            }
            <fieldset id="run-controls">
                <legend>{ "Run" }</legend>
                <label>{ "GOMAXPROCS " }
                    <select id="procs" onchange={on_procs} title={s.procs_help} disabled={finished}>
                        { for (1..=16u32).map(|n| html!{ <option value={n.to_string()} selected={n == props.gomaxprocs.max(1)}>{ n }</option> }) }
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
                <label>{ "seed " }<input id="seed" type="text" inputmode="numeric" size="6"
                    value={page.seed_text.clone()} oninput={on_seed_text} onchange={on_seed_commit} /></label>
            </fieldset>
            <fieldset id="time-controls">
                <legend>{ "Time" }</legend>
                <button id="pause" onclick={send(Action::TogglePause)} disabled={finished}
                    aria-pressed={(st.paused && !finished).to_string()} title="Run or pause (key: p)">{ pause_label }</button>
                <button id="step" onclick={send(Action::Step)} disabled={run.live || finished}
                    title="One scheduler step of one M (key: .)">{ "Step" }</button>
                <button id="step-back" onclick={send(Action::StepBack)} disabled={run.live}
                    title="Back one step: the run is rebuilt from its seed (key: ,)">{ "Step back" }</button>
                <button id="reset" onclick={send(Action::Reset)} title="Run again from the start (key: r)">{ "Reset" }</button>
                <button id="export" onclick={send(Action::Export)}>{ "Export trace" }</button>
                <button id="shortcuts-button" onclick={send(Action::ToggleShortcuts)} aria-expanded={page.shortcuts_open.to_string()}
                    title="Keyboard shortcuts (key: ?)">{ "Keys" }</button>
                <span id="clock" class="clock">{ format!("t = {:.3} ms", props.now as f64 / 1e6) }</span>
                if !run.live {
                    <span id="stepno" class="clock">{ format!("step {}", run.steps) }</span>
                }
                if finished {
                    <span id="stopped" class="stopped" role="status">{
                        if run.time_limit { "stopped at the time limit: this program never ends · Reset runs it again" }
                        else { "the program has exited · Reset runs it again" }
                    }</span>
                }
                if st.lesson.is_none() {
                    <a id="run-link" class="run-link" href={page.query()}
                        title={if run.live { "A live run cannot be replayed: its threads interleave differently every time. This link starts the same program with the same requests." } else { "Opens this exact run: the seed, every input and the step." }}>
                        { if run.live { "Link (same program, not this exact run)" } else { "Link to this run" } }</a>
                }
            </fieldset>
        </section>
    }
}
