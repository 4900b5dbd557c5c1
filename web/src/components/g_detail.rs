//! A goroutine's card, a dialog: its state now and the events that mention it. It
//! takes focus when it opens; Escape (or Close) closes it.

use yew::prelude::*;

use super::{focus_in_place, opener, place_near, refocus};
use crate::runner::Shared;
use crate::state::Action;
use crate::strings::{Msg, Text};

#[derive(Properties, PartialEq)]
pub struct GDetailProps {
    pub goid: u64,
    pub runner: Shared,
    pub frame: u64,
    pub dispatch: Callback<Action>,
    pub text: Text,
}

#[function_component(GDetail)]
pub fn g_detail(props: &GDetailProps) -> Html {
    let close_ref = use_node_ref();
    let dialog_ref = use_node_ref();
    {
        let (close_ref, dialog_ref) = (close_ref.clone(), dialog_ref.clone());
        use_effect_with(props.goid, move |&goid| {
            // Next to the token that opened it (wherever it is: a P card, the code's
            // gutter, a queue, the events).
            let anchor = opener(Some(".g.selected"));
            if let Some(d) = dialog_ref.cast::<web_sys::HtmlElement>() {
                place_near(&d, anchor.as_ref());
            }
            focus_in_place(&close_ref);
            move || refocus(anchor.as_ref(), Some(goid))
        });
    }
    let r = props.runner.0.borrow();
    let (goid, s) = (props.goid, &props.text);
    let g = r.ui.snap.gs.iter().find(|g| g.goid == goid);
    let history = r.ui.history_of(goid, 40);
    let (label, _) = r.ui.label(goid, s);
    let d = props.dispatch.clone();
    let close = Callback::from(move |_: MouseEvent| d.emit(Action::CloseDialogs));
    html! {
        <div id="gdetail" ref={dialog_ref} class="gdetail" role="dialog" aria-modal="false" aria-labelledby="gdetail-h">
            <h2 id="gdetail-h">{ label }</h2>
            { match g {
                Some(g) => html!{ <p>{ s.msg(&Msg::new("g.stack")
                    .with("kind", s.t(crate::ui::kind_key(g.kind)))
                    .with("status", g.status.go_name())
                    .with("reason", if g.waitreason.as_str().is_empty() { String::new() } else { format!("({})", g.waitreason.as_str()) })
                    .with("size", g.stack_size.to_string())
                    .with("used", g.stack_used.to_string())
                    .with("where", s.msg(&crate::ui::where_is(&r.ui.snap, goid)))) }</p> },
                None => html!{ <p>{ s.t("g.finished_dead") }</p> },
            } }
            <ol class="history">{ for history.iter().map(|(t, h)| html!{ <li>{
                s.t_args("events.history_row", &[("ms", s.ms(*t, 3)), ("what", s.msg(h))]) }</li> }) }</ol>
            <p class="help">{ s.t("g.goid_note") }</p>
            <button id="gdetail-close" ref={close_ref} onclick={close}>{ s.t("g.close") }</button>
        </div>
    }
}
