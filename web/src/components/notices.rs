//! What the page tells the learner about itself: the driver and worker threads, a
//! notice (bad URL values, refused actions), requests waiting for main, and the end
//! of the program.

use std::rc::Rc;

use yew::prelude::*;

use crate::state::{Action, Page, Pool};
use crate::strings::{Msg, Text};

#[derive(Properties, PartialEq)]
pub struct NoticesProps {
    pub page: Rc<Page>,
    pub dispatch: Callback<Action>,
    pub text: Text,
    /// The same page outside the frame, for "open live mode in a new tab".
    pub open_live: String,
    pub out_of_threads: bool,
    /// The program's exit: status, and whether the runtime stopped it (fatal error).
    pub exit: Option<(i32, &'static str)>,
}

#[function_component(Notices)]
pub fn notices(props: &NoticesProps) -> Html {
    let (page, s) = (&props.page, &props.text);
    let st = &page.settings;
    let open_live = html! { <a id="open-live" href={props.open_live.clone()} target="_blank" rel="noopener">{ s.t("status.open_live") }</a> };
    let pool_line = match &page.pool {
        Pool::NotIsolated if st.embed => html! {
            <p id="status" data-state="not-isolated" class="notice compact-notice" role="status">
                { s.t("status.not_isolated_embed") }{ " " }{ open_live }
            </p>
        },
        // Opening the page in a tab would not give this browser shared memory: no link.
        Pool::NoSharedMemory if st.embed => html! {
            <p id="status" data-state="no-shared-memory" class="notice compact-notice" role="status">
                { s.t("status.not_isolated_embed") }
            </p>
        },
        Pool::NoSharedMemory => html! {
            <p id="status" data-state="no-shared-memory" class="notice" role="status">{ s.t("status.no_shared_memory") }</p>
        },
        Pool::NotIsolated => html! {
            <div id="status" data-state="not-isolated" class="notice" role="status">
                <p>{ s.t("status.not_isolated") }</p>
                <p>{ open_live }</p>
            </div>
        },
        Pool::Starting => {
            html! { <p id="status" data-state="starting" role="status">{ s.t("status.starting") }</p> }
        }
        Pool::Ready => {
            html! { <p id="status" data-state="live-ready" class="sr-only">{ s.t("status.ready") }</p> }
        }
        Pool::Failed(_) => html! {
            <p id="status" data-state="failed" class="notice" role="alert">{ s.t("status.workers_failed") }</p>
        },
    };
    let d = props.dispatch.clone();
    let dismiss = Callback::from(move |_: MouseEvent| d.emit(Action::Dismiss));
    html! {
        <>
        { pool_line }
        if let Some(n) = page.notice_text() {
            <div id="notice" class="notice" role="alert">{ n }{ " " }
                <button id="dismiss" onclick={dismiss}>{ s.t("status.dismiss") }</button></div>
        }
        if props.out_of_threads {
            <div class="notice" role="alert">{ s.t("status.pool_full") }</div>
        }
        if let Some(w) = page.pending_words() {
            <p id="pending" class="notice pending" role="status">{ w }</p>
        }
        { exited(props.exit, s) }
        </>
    }
}

/// The banner of the program's exit (a lesson's bench shows it under the code and
/// the machine, where the stepping tools were, so nothing above moves).
pub fn exited(exit: Option<(i32, &'static str)>, s: &Text) -> Html {
    match exit {
        Some((code, note)) => html! {
            <p id="exited" class="notice exited" role="status">
                <strong>{ s.msg(&Msg::new("status.exited").with("code", code.to_string())) }</strong>{ " " }
                { s.t(note) }
            </p>
        },
        None => html! {},
    }
}
