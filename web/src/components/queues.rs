//! The global run queue (`sched.runq`).

use yew::prelude::*;

use super::{token, Pick};
use crate::runner::Shared;
use crate::strings::Text;

#[derive(Properties, PartialEq)]
pub struct QueueProps {
    pub runner: Shared,
    pub frame: u64,
    pub pick: Pick,
    pub text: Text,
}

#[function_component(GlobalQueue)]
pub fn global_queue(props: &QueueProps) -> Html {
    let r = props.runner.0.borrow();
    let (ui, snap) = (&r.ui, &r.ui.snap);
    let shown: Vec<u64> = snap
        .global
        .as_ref()
        .map(|g| g.iter().take(64).copied().collect())
        .unwrap_or_default();
    html! {
        <section id="global" aria-labelledby="global-h" data-len={snap.global_len.to_string()}>
            <h2 id="global-h">{ props.text.t_args("global.heading", &[("n", props.text.int(snap.global_len))]) }</h2>
            <p class="help">{ props.text.t("global.help") }</p>
            <div class="queue">
                { for shown.iter().map(|&g| token(g, ui, &props.text, &props.pick, "")) }
                if snap.global_len as usize > shown.len() {
                    <span class="more">{ props.text.t_args("global.more", &[("n", props.text.int(snap.global_len as usize - shown.len()))]) }</span>
                }
            </div>
        </section>
    }
}
