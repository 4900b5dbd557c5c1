//! The list of keyboard shortcuts (key `?`).

use yew::prelude::*;

use super::focus;
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
    {
        let close_ref = close_ref.clone();
        use_effect_with((), move |_| {
            focus(&close_ref);
            || ()
        });
    }
    let (d, s) = (props.dispatch.clone(), &props.text);
    html! {
        <div id="shortcuts" class="gdetail shortcuts" role="dialog" aria-labelledby="shortcuts-h">
            <h2 id="shortcuts-h">{ s.t("keys.heading") }</h2>
            <p class="help-always">{ s.t("keys.intro") }</p>
            <dl>{ for SHORTCUTS.iter().map(|(k, what)| html!{ <><dt><kbd>{ *k }</kbd></dt><dd>{ s.t(what) }</dd></> }) }</dl>
            <button id="shortcuts-close" ref={close_ref} onclick={Callback::from(move |_: MouseEvent| d.emit(Action::CloseDialogs))}>{ s.t("g.close") }</button>
        </div>
    }
}
