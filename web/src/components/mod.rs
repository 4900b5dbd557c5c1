//! The page's parts, one component per file (as in Yew's `function_todomvc`): each
//! takes `PartialEq` props and reports what the learner does through callbacks that
//! dispatch [`crate::state::Action`]s.
//!
//! Components that draw the machine read the shared [`crate::runner::Shared`] runner
//! (compared by identity) and redraw when their `frame` prop changes.

pub mod console;
pub mod controls;
pub mod feed;
pub mod g_detail;
pub mod lesson;
pub mod lints;
pub mod machine;
pub mod ms;
pub mod notices;
pub mod p_card;
pub mod queues;
pub mod quiz;
pub mod scrubber;
pub mod shortcuts;
pub mod side;
pub mod source;
pub mod step_caption;
pub mod step_tools;
pub mod timeline;

use gmp_core::GKind;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::ui::Ui;

pub fn kind_class(k: GKind) -> &'static str {
    match k {
        GKind::Main => "k-main",
        GKind::Cpu => "k-cpu",
        GKind::Blocking => "k-blocking",
        GKind::Network => "k-network",
        GKind::Example => "k-example",
        GKind::System => "k-system",
    }
}

pub fn kind_color(k: GKind) -> &'static str {
    match k {
        GKind::Main => "#6b5b95",
        GKind::Cpu => "#e07a1f",
        GKind::Blocking => "#c0392b",
        GKind::Network => "#1f8a70",
        GKind::Example => "#2e6fd1",
        GKind::System => "#8a8f98",
    }
}

/// A goroutine token: a button showing its goid (and its own name, if it has one),
/// coloured by kind; a click selects it (opens its card). The selected goroutine's
/// tokens are marked wherever they are (`selected` class, `aria-current`).
pub fn token(
    goid: u64,
    ui: &Ui,
    s: &crate::strings::Text,
    pick: &Pick,
    extra: &'static str,
) -> Html {
    let (text, _) = ui.label(goid, s);
    token_with(goid, ui, s, pick, extra, text)
}

/// A token with its own text (the ring's slots name the G: "A (G5)").
pub fn token_with(
    goid: u64,
    ui: &Ui,
    s: &crate::strings::Text,
    pick: &Pick,
    extra: &'static str,
    text: String,
) -> Html {
    let k = ui.kind(goid);
    let onselect = pick.on_select.clone();
    let onclick = Callback::from(move |_| onselect.emit(goid));
    let fresh = ui.preempted.contains_key(&goid).then_some("just-preempted");
    let sel = pick.selected == Some(goid);
    let (_, title) = ui.label(goid, s);
    html! {
        <button class={classes!("g", kind_class(k), extra, fresh, sel.then_some("selected"))} data-goid={goid.to_string()}
            aria-current={sel.then_some("true")} title={title} {onclick}>{ text }</button>
    }
}

/// How tokens select a goroutine, and which one is selected.
#[derive(Clone, PartialEq)]
pub struct Pick {
    pub on_select: Callback<u64>,
    pub selected: Option<u64>,
}

pub fn ctx2d(node: &NodeRef) -> Option<web_sys::CanvasRenderingContext2d> {
    let canvas = node.cast::<web_sys::HtmlCanvasElement>()?;
    canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into().ok())
}

/// Saves `text` as a file through a temporary link.
pub fn download(name: &str, text: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let parts = js_sys::Array::of1(&text.into());
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type("application/json");
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    if let Ok(a) = doc.create_element("a") {
        let _ = a.set_attribute("href", &url);
        let _ = a.set_attribute("download", name);
        if let Ok(a) = a.dyn_into::<web_sys::HtmlElement>() {
            a.click();
        }
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}

/// Focuses an element once it is in the page (a dialog's first control).
pub fn focus(node: &NodeRef) {
    if let Some(e) = node.cast::<web_sys::HtmlElement>() {
        let _ = e.focus();
    }
}

/// What opened a dialog: the focused element (a button takes focus when clicked or
/// pressed), else the first element `fallback` selects (none: the dialog opens at the
/// top of what the learner sees).
pub fn opener(fallback: Option<&str>) -> Option<web_sys::Element> {
    let doc = web_sys::window()?.document()?;
    doc.active_element()
        .filter(|e| e.tag_name() != "BODY" && e.tag_name() != "HTML")
        .or_else(|| fallback.and_then(|f| doc.query_selector(f).ok().flatten()))
}

/// Puts a dialog (positioned absolutely in the document) next to its opener, inside
/// the part of the page the learner sees ([`crate::embed::visible`]: in a frame, the
/// part the course page's window shows): under the opener when it fits there, else
/// above it when it fits there, else wherever it is most visible; its left edge at the
/// opener's, inside the page. With no opener, at the top of what is seen.
pub fn place_near(dialog: &web_sys::HtmlElement, anchor: Option<&web_sys::Element>) {
    let Some(w) = web_sys::window() else { return };
    let vw = w.inner_width().ok().and_then(|v| v.as_f64()).unwrap_or(0.0);
    let (sx, sy) = (w.scroll_x().unwrap_or(0.0), w.scroll_y().unwrap_or(0.0));
    let (seen_top, seen_bottom) = crate::embed::visible();
    let (dw, dh) = (dialog.offset_width() as f64, dialog.offset_height() as f64);
    let gap = 6.0;
    let (top, left) = match anchor.map(|a| a.get_bounding_client_rect()) {
        Some(a) => {
            let below = a.bottom() + gap;
            let above = a.top() - gap - dh;
            let top = if below + dh <= seen_bottom {
                below
            } else if above >= seen_top {
                above
            } else {
                // Neither fits: as much of it in view as can be, its top in view.
                (seen_bottom - dh).max(seen_top + gap)
            };
            (top, a.left())
        }
        None => (seen_top + 8.0, vw - dw - 16.0),
    };
    let left = left.min(vw - dw - 8.0).max(8.0);
    let _ = dialog.set_attribute(
        "style",
        &format!(
            "top: {}px; left: {}px; right: auto",
            (top + sy).round(),
            (left + sx).round()
        ),
    );
}

/// Focuses a dialog's first control without scrolling any page: the dialog was put
/// where the learner looks.
pub fn focus_in_place(node: &NodeRef) {
    if let Some(e) = node.cast::<web_sys::HtmlElement>() {
        let opts = web_sys::FocusOptions::new();
        opts.set_prevent_scroll(true);
        let _ = e.focus_with_options(&opts);
    }
}

/// Gives focus back to a dialog's opener when the dialog closes, if focus was in the
/// dialog (or nowhere) and the opener is still in the page. A goroutine's token may
/// have been redrawn for another goroutine meanwhile: focus then goes to a token of
/// the goroutine the card was about (`goid`).
pub fn refocus(anchor: Option<&web_sys::Element>, goid: Option<u64>) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let lost = doc.active_element().map_or(true, |e| {
        e.tag_name() == "BODY" || e.closest(".gdetail").ok().flatten().is_some()
    });
    if !lost {
        return;
    }
    let same = |a: &web_sys::Element| match goid {
        Some(g) => a
            .get_attribute("data-goid")
            .is_none_or(|x| x == g.to_string()),
        None => true,
    };
    let target = anchor
        .filter(|a| a.is_connected() && same(a))
        .cloned()
        .or_else(|| {
            let g = goid?;
            doc.query_selector(&format!("button.g[data-goid=\"{g}\"]"))
                .ok()
                .flatten()
        });
    if let Some(t) = target.and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok()) {
        let opts = web_sys::FocusOptions::new();
        opts.set_prevent_scroll(true);
        let _ = t.focus_with_options(&opts);
    }
}
