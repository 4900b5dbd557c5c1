//! Talking to the page that embeds the explorer in an iframe.
//!
//! Messages are objects `{ source: "gmp-explorer", version: 1, type, ... }`:
//! - `resize` `{ height }`: the content height in CSS pixels, whenever it changes;
//! - (quiz) `answered`, `completed`: see docs/EMBEDDING.md.
//!
//! They go to the embedding page's origin (from `document.referrer`, or `?origin=`),
//! never to `*` when that origin is known.

use wasm_bindgen::JsValue;

/// Whether this page is inside a frame.
pub fn in_frame() -> bool {
    let Some(w) = web_sys::window() else {
        return false;
    };
    match (w.parent(), w.self_()) {
        (Ok(Some(p)), s) => !js_sys::Object::is(&p, &s),
        _ => false,
    }
}

/// The embedding page's origin, from `document.referrer`.
pub fn parent_origin() -> String {
    let referrer = web_sys::window()
        .and_then(|w| w.document())
        .map(|d| d.referrer())
        .unwrap_or_default();
    origin_of(&referrer).unwrap_or_else(|| "*".into())
}

/// `scheme://host[:port]` of a URL.
pub fn origin_of(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    let host = rest.split(['/', '?', '#']).next()?;
    (!host.is_empty()).then(|| format!("{scheme}://{host}"))
}

/// Posts `{source, version, type, ...fields}` to the parent window.
pub fn post(kind: &str, fields: &[(&str, JsValue)]) {
    let Some(w) = web_sys::window() else { return };
    let Ok(Some(parent)) = w.parent() else { return };
    let msg = js_sys::Object::new();
    let set = |k: &str, v: JsValue| {
        let _ = js_sys::Reflect::set(&msg, &k.into(), &v);
    };
    set("source", "gmp-explorer".into());
    set("version", 1.into());
    set("type", kind.into());
    for (k, v) in fields {
        set(k, v.clone());
    }
    let _ = parent.post_message(&msg, &parent_origin());
}

thread_local! {
    /// The height last told to the embedding page.
    static TOLD_HEIGHT: std::cell::Cell<i32> = const { std::cell::Cell::new(0) };
}

/// Tells the embedding page the content's height if it changed since it was last told.
pub fn report_height() {
    let h = content_height();
    if h > 0 && h != TOLD_HEIGHT.get() {
        TOLD_HEIGHT.set(h);
        post("resize", &[("height", h.into())]);
    }
}

/// Reports the height whenever `main` changes size, whatever changed it: a render, a
/// `<details>` the learner folds (the browser's own toggle, no render), fonts arriving,
/// the frame's width. Called once, after the first render.
pub fn watch_height() {
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsCast;
    let Some(main) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("main").ok().flatten())
    else {
        return;
    };
    let on_resize = Closure::<dyn FnMut()>::new(report_height);
    if let Ok(obs) = web_sys::ResizeObserver::new(on_resize.as_ref().unchecked_ref()) {
        obs.observe(&main);
    }
    // The observer lives as long as the page.
    on_resize.forget();
}

thread_local! {
    /// The part of the page a person can see, top and bottom in the page's client
    /// coordinates, when it is inside a frame (`watch_visible`): a frame as tall as its
    /// content fills no window of its own, the course page's window shows a part of it.
    static VISIBLE: std::cell::Cell<Option<(f64, f64)>> = const { std::cell::Cell::new(None) };
}

/// Follows which part of the page the embedding page's window shows: an
/// IntersectionObserver with the implicit root measures `main` against the top-level
/// window, in this page's coordinates, even across origins (to 1 % of `main`'s height).
pub fn watch_visible() {
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsCast;
    let Some(main) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("main").ok().flatten())
    else {
        return;
    };
    let on_change = Closure::<dyn FnMut(js_sys::Array)>::new(|entries: js_sys::Array| {
        if let Some(e) = entries
            .iter()
            .last()
            .and_then(|e| e.dyn_into::<web_sys::IntersectionObserverEntry>().ok())
        {
            let r = e.intersection_rect();
            VISIBLE.set(Some((r.top(), r.bottom())));
        }
    });
    let steps = js_sys::Array::new();
    for i in 0..=100 {
        steps.push(&(i as f64 / 100.0).into());
    }
    let opts = web_sys::IntersectionObserverInit::new();
    opts.set_threshold(&steps);
    if let Ok(obs) =
        web_sys::IntersectionObserver::new_with_options(on_change.as_ref().unchecked_ref(), &opts)
    {
        obs.observe(&main);
    }
    on_change.forget();
}

/// In a frame: follows which part of element `el` the embedding page's window shows,
/// as offsets from its top (`seen`; None while none of it is shown). The element's
/// visible share changes as that page scrolls, so an IntersectionObserver on it
/// (thresholds of 1 %) reports each change, across origins.
pub fn watch_seen(
    el: &web_sys::HtmlElement,
    seen: std::rc::Rc<std::cell::Cell<Option<(f64, f64)>>>,
) -> Option<web_sys::IntersectionObserver> {
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsCast;
    if !in_frame() {
        return None;
    }
    let on_change = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
        if let Some(e) = entries
            .iter()
            .last()
            .and_then(|e| e.dyn_into::<web_sys::IntersectionObserverEntry>().ok())
        {
            let (r, b) = (e.intersection_rect(), e.bounding_client_rect());
            seen.set(if e.is_intersecting() && r.height() > 0.0 {
                Some((r.top() - b.top(), r.bottom() - b.top()))
            } else {
                None
            });
        }
    });
    let steps = js_sys::Array::new();
    for i in 0..=100 {
        steps.push(&(i as f64 / 100.0).into());
    }
    let opts = web_sys::IntersectionObserverInit::new();
    opts.set_threshold(&steps);
    let obs =
        web_sys::IntersectionObserver::new_with_options(on_change.as_ref().unchecked_ref(), &opts)
            .ok()?;
    obs.observe(el);
    on_change.forget();
    Some(obs)
}

/// The part of the page a person sees, top and bottom in client coordinates: the
/// window, or in a frame the part the embedding page's window shows (the window
/// until it is known).
pub fn visible() -> (f64, f64) {
    let h = web_sys::window()
        .and_then(|w| w.inner_height().ok())
        .and_then(|v| v.as_f64())
        .unwrap_or(0.0);
    match VISIBLE.get() {
        Some((top, bottom)) if in_frame() && bottom > top => (top.max(0.0), bottom.min(h)),
        _ => (0.0, h),
    }
}

/// The content's height, for `resize` messages: the bottom of the page's `main`
/// element, not the document's scroll height (which is never less than the frame's
/// own height, so a frame told that could only ever grow).
pub fn content_height() -> i32 {
    let Some(w) = web_sys::window() else { return 0 };
    let Some(main) = w
        .document()
        .and_then(|d| d.query_selector("main").ok().flatten())
    else {
        return 0;
    };
    let scroll = w.scroll_y().unwrap_or(0.0);
    (main.get_bounding_client_rect().bottom() + scroll).ceil() as i32 + 8
}

/// The code a course author pastes: a frame and a script that resizes that frame
/// only. The script finds its frame as the element just before it and checks that a
/// message comes from that frame's window, so any number of snippets can share a page
/// (no element ids to collide).
pub fn snippet(src: &str, title: &str, height: u32) -> String {
    let esc = |s: &str| {
        s.replace('&', "&amp;")
            .replace('"', "&quot;")
            .replace('<', "&lt;")
    };
    format!(
        "<iframe src=\"{}\" title=\"{}\" width=\"100%\" height=\"{height}\" style=\"border:0\" allow=\"cross-origin-isolated\" loading=\"lazy\"></iframe>\n\
<script>(function (f) {{ addEventListener('message', function (e) {{ if (e.source === f.contentWindow && e.data && e.data.source === 'gmp-explorer' && e.data.type === 'resize') f.height = e.data.height; }}); }})(document.currentScript.previousElementSibling);</script>",
        esc(src),
        esc(title)
    )
}

/// Copies text to the clipboard (best effort).
pub fn copy_text(text: &str) {
    let Some(w) = web_sys::window() else { return };
    let nav = w.navigator();
    if let Ok(cb) = js_sys::Reflect::get(&nav, &"clipboard".into()) {
        if let Ok(f) = js_sys::Reflect::get(&cb, &"writeText".into()) {
            if let Ok(f) = f.dyn_into::<js_sys::Function>() {
                let _ = f.call1(&cb, &text.into());
            }
        }
    }
}

use wasm_bindgen::JsCast;

#[cfg(test)]
mod tests {
    #[test]
    fn origins() {
        assert_eq!(
            super::origin_of("http://127.0.0.1:9000/course/page.html?x=1").as_deref(),
            Some("http://127.0.0.1:9000")
        );
        assert_eq!(super::origin_of(""), None);
    }

    #[test]
    fn a_snippet_has_no_ids_and_checks_its_own_frame() {
        let s = super::snippet(
            "https://x.example/?lesson=gosched&embed=1",
            "GMP \"Explorer\"",
            900,
        );
        assert!(!s.contains(" id="), "{s}");
        assert!(s.contains("e.source === f.contentWindow"));
        assert!(s.contains("src=\"https://x.example/?lesson=gosched&amp;embed=1\""));
        assert!(s.contains("title=\"GMP &quot;Explorer&quot;\""));
    }
}
