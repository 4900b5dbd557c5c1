//! The sentence under the controls that says what the last Step did
//! ([`crate::caption`]), in the page's language, read by screen readers as it changes.

use yew::prelude::*;

use crate::runner::Shared;
use crate::strings::Text;

#[derive(Properties, PartialEq)]
pub struct StepCaptionProps {
    pub runner: Shared,
    pub frame: u64,
    /// Stepping is possible (a deterministic run that has not ended).
    pub steppable: bool,
    pub text: Text,
}

#[function_component(StepCaption)]
pub fn step_caption(props: &StepCaptionProps) -> Html {
    let r = props.runner.0.borrow();
    match &r.caption {
        Some(c) => html! {
            <p id="caption" class="caption" role="status" aria-live="polite">{ props.text.msgs(c) }</p>
        },
        None if props.steppable => html! {
            <p id="caption" class="caption idle" role="status" aria-live="polite">
                { props.text.t("step.caption_idle") }
            </p>
        },
        None => html! {},
    }
}
