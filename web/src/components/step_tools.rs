//! Stepping further than one Step: skip the runtime's start-up, jump to the next
//! steal / preemption / hand-off / Gosched / park (of the selected goroutine, for
//! the last three), and play by steps (N Steps a second, each with its caption)
//! instead of by virtual time.

use std::rc::Rc;

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::runner::Shared;
use crate::state::{Action, Page, StepTarget};
use crate::strings::Text;

/// The step rates the slider offers (Steps a second); 0 is "by virtual time".
pub const MAX_STEP_RATE: u32 = 30;

#[derive(Properties, PartialEq)]
pub struct StepToolsProps {
    pub page: Rc<Page>,
    pub dispatch: Callback<Action>,
    pub runner: Shared,
    pub frame: u64,
    pub text: Text,
}

#[function_component(StepTools)]
pub fn step_tools(props: &StepToolsProps) -> Html {
    let (page, s) = (&props.page, &props.text);
    if page.run.live || page.run.finished() {
        return html! {};
    }
    let main_started = {
        let r = props.runner.0.borrow();
        r.ui.snap
            .gs
            .iter()
            .any(|g| g.kind == gmp_core::GKind::Main && g.line > 0)
    };
    let go = |t: StepTarget| {
        let d = props.dispatch.clone();
        Callback::from(move |_: MouseEvent| d.emit(Action::StepTo(t)))
    };
    // The button goes once main has started: focus moves on to Step, not to nowhere.
    let skip = {
        let d = props.dispatch.clone();
        Callback::from(move |_: MouseEvent| {
            d.emit(Action::StepTo(StepTarget::MainStarts));
            if let Some(b) = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|doc| doc.get_element_by_id("step"))
                .and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok())
            {
                let opts = web_sys::FocusOptions::new();
                opts.set_prevent_scroll(true);
                let _ = b.focus_with_options(&opts);
            }
        })
    };
    let selected = page.selected;
    let rate = page.step_rate.unwrap_or(0);
    let on_rate = {
        let d = props.dispatch.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(i) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            {
                let n: u32 = i.value().parse().unwrap_or(0);
                d.emit(Action::StepRate((n > 0).then_some(n.min(MAX_STEP_RATE))));
            }
        })
    };
    html! {
        <div id="step-tools" class="step-tools" role="group" aria-label={s.t("step.group")}>
            if !main_started {
                <button id="skip-startup" onclick={skip}>{ s.t(StepTarget::MainStarts.key()) }</button>
            }
            <span class="next-label">{ s.t("step.next") }</span>
            { for StepTarget::NEXT.iter().map(|&t| {
                let label = match selected.filter(|_| t.per_g()) {
                    Some(g) => s.t_args("step.of_g", &[("what", s.t(t.key())), ("g", format!("G{g}"))]),
                    None => s.t(t.key()),
                };
                html! { <button class="next" data-target={format!("{t:?}").to_lowercase()} onclick={go(t)}>{ label }</button> }
            }) }
            <label class="step-rate">{ s.t("step.rate") }
                <input id="step-rate" type="range" min="0" max={MAX_STEP_RATE.to_string()} step="1"
                    value={rate.to_string()} oninput={on_rate}
                    aria-valuetext={if rate == 0 { s.t("step.rate_off") } else { s.t_args("step.rate_n", &[("n", rate.to_string())]) }} />
                <span id="step-rate-value">{ if rate == 0 { s.t("step.rate_off") } else { s.t_args("step.rate_n", &[("n", rate.to_string())]) } }</span>
            </label>
        </div>
    }
}
