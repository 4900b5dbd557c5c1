//! The list of keyboard shortcuts (key `?`).

use yew::prelude::*;

use super::{focus_in_place, opener, place_near, refocus};
use crate::state::{Action, SHORTCUTS};
use crate::strings::Text;

#[derive(Properties, PartialEq)]
pub struct ShortcutsProps {
    pub dispatch: Callback<Action>,
    pub text: Text,
}

#[function_component(Shortcuts)]
pub fn shortcuts(props: &ShortcutsProps) -> Html {
    let close_ref = use_node_ref();
    let dialog_ref = use_node_ref();
    {
        let (close_ref, dialog_ref) = (close_ref.clone(), dialog_ref.clone());
        use_effect_with((), move |_| {
            // Next to what had focus when it opened (the Keys button, a token ...),
            // else at the top of what the learner sees.
            let anchor = opener(None);
            if let Some(d) = dialog_ref.cast::<web_sys::HtmlElement>() {
                place_near(&d, anchor.as_ref());
            }
            focus_in_place(&close_ref);
            move || refocus(anchor.as_ref(), None)
        });
    }
    let (d, s) = (props.dispatch.clone(), &props.text);
    html! {
        <div id="shortcuts" ref={dialog_ref} class="gdetail shortcuts" role="dialog" aria-labelledby="shortcuts-h">
            <h2 id="shortcuts-h">{ s.t("keys.heading") }</h2>
            <p class="help-always">{ s.t("keys.intro") }</p>
            <dl>{ for SHORTCUTS.iter().map(|(k, what)| html!{ <><dt><kbd>{ *k }</kbd></dt><dd>{ s.t(what) }</dd></> }) }</dl>
            <button id="shortcuts-close" ref={close_ref} onclick={Callback::from(move |_: MouseEvent| d.emit(Action::CloseDialogs))}>{ s.t("g.close") }</button>
        </div>
    }
}
