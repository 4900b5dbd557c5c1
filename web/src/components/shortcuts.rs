//! The list of keyboard shortcuts (key `?`).

use yew::prelude::*;

use super::focus;
use crate::state::{Action, SHORTCUTS};

#[derive(Properties, PartialEq)]
pub struct ShortcutsProps {
    pub dispatch: Callback<Action>,
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
    let d = props.dispatch.clone();
    html! {
        <div id="shortcuts" class="gdetail shortcuts" role="dialog" aria-labelledby="shortcuts-h">
            <h2 id="shortcuts-h">{ "Keyboard shortcuts" }</h2>
            <p class="help-always">{ "They work anywhere on the page except while typing in a field." }</p>
            <dl>{ for SHORTCUTS.iter().map(|(k, what)| html!{ <><dt><kbd>{ *k }</kbd></dt><dd>{ *what }</dd></> }) }</dl>
            <button id="shortcuts-close" ref={close_ref} onclick={Callback::from(move |_: MouseEvent| d.emit(Action::CloseDialogs))}>{ "Close (Esc)" }</button>
        </div>
    }
}
