//! The sentence under the controls that says what the last Step did
//! ([`crate::caption`]), read by screen readers as it changes.

use yew::prelude::*;

use crate::runner::Shared;

#[derive(Properties, PartialEq)]
pub struct StepCaptionProps {
    pub runner: Shared,
    pub frame: u64,
    /// Stepping is possible (a deterministic run that has not ended).
    pub steppable: bool,
}

#[function_component(StepCaption)]
pub fn step_caption(props: &StepCaptionProps) -> Html {
    let r = props.runner.0.borrow();
    match &r.caption {
        Some(c) => {
            html! { <p id="caption" class="caption" role="status" aria-live="polite">{ c.clone() }</p> }
        }
        None if props.steppable => html! {
            <p id="caption" class="caption idle" role="status" aria-live="polite">
                { "Step (key .) runs the scheduler to its next event, and this line says what happened." }
            </p>
        },
        None => html! {},
    }
}
