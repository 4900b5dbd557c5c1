//! A lesson beside the machine: what it shows, the Go program, what to look at,
//! variants, and the expected against the actual output.

use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct LessonProps {
    pub lesson: &'static str,
    /// Inside a course page's frame: links open a new tab.
    pub embed: bool,
    pub variant: &'static str,
    pub output: Vec<String>,
    pub finished: bool,
    pub on_variant: Callback<&'static str>,
    /// A link to this state (the embed code's `src`).
    pub link: String,
    /// The same outside a frame (opened in a new tab from an embed).
    pub open_link: String,
    /// For each lesson of [`crate::lessons::LESSONS`], a link that keeps the embed and
    /// the language.
    pub hrefs: Vec<String>,
    /// Stack copies of the run (the stack-growth lesson shows them).
    pub copies: Vec<gmp_core::runtime::StackCopy>,
    /// The latest schedtrace line (the schedtrace lesson explains it field by field).
    pub sched_line: Option<String>,
}

/// What each field of a `SCHED` line means (Go 1.27's `schedtrace`).
pub fn field_help(field: &str) -> &'static str {
    match field {
        "SCHED" => "Printed by sysmon every schedtrace period; the time counts from the first line, so the first one says 0ms.",
        "gomaxprocs" => "The number of Ps: at most this many goroutines run Go code at the same time.",
        "idleprocs" => "Ps on the idle list (sched.npidle): nothing to run.",
        "threads" => "Ms ever created (mcount()), sysmon included, and the ones parked.",
        "spinningthreads" => "Ms looking for work right now (sched.nmspinning). With every P busy, 0.",
        "needspinning" => "1 when wakep wanted a spinning M but found no idle P: a busy program shows 1 all along.",
        "idlethreads" => "Ms parked on the idle list (sched.nmidle), waiting for startm.",
        "runqueue" => "The global run queue's length. Preempted and Gosched goroutines land here, at the tail, so it grows under CPU-bound load.",
        "local" => "Each P's ring length (runqtail - runqhead), in P order. runnext is not counted.",
        "schedticks" => "Each P's schedtick: new time slices started. A G run from runnext inherits the slice and does not add one.",
        _ => "",
    }
}

/// A schedtrace line as focusable spans, each explaining its field.
fn explain_line(line: &str) -> Html {
    let mut parts: Vec<(String, &'static str)> = Vec::new();
    let (head, rest) = line.split_once(": ").unwrap_or((line, ""));
    parts.push((format!("{head}:"), "SCHED"));
    let (scalars, tail) = rest.split_once(" [").unwrap_or((rest, ""));
    for tok in scalars.split(' ').filter(|t| !t.is_empty()) {
        let key = tok.split('=').next().unwrap_or("");
        parts.push((
            tok.to_string(),
            match key {
                "gomaxprocs" => "gomaxprocs",
                "idleprocs" => "idleprocs",
                "threads" => "threads",
                "spinningthreads" => "spinningthreads",
                "needspinning" => "needspinning",
                "idlethreads" => "idlethreads",
                "runqueue" => "runqueue",
                _ => "",
            },
        ));
    }
    if let Some((locals, ticks)) = tail.split_once(" ] ") {
        parts.push((format!("[{locals} ]"), "local"));
        parts.push((ticks.to_string(), "schedticks"));
    }
    html! {
        <p id="sched-explained" class="sched-explained">
            { for parts.into_iter().map(|(text, key)| html!{
                <>
                <span class="field" tabindex="0" data-field={key} title={field_help(key)}>{ text }
                    <span class="field-help" role="tooltip">{ field_help(key) }</span></span>{ " " }
                </>
            }) }
        </p>
    }
}

#[function_component(LessonPanel)]
pub fn lesson_panel(props: &LessonProps) -> Html {
    let Some(lesson) = crate::lessons::find(props.lesson) else {
        return html! {};
    };
    let v = lesson.variant(Some(props.variant));
    let embed_open = use_state(|| false);
    let copied = use_state(|| false);
    let target = if props.embed { "_blank" } else { "_self" };
    let idx = crate::lessons::LESSONS
        .iter()
        .position(|l| l.id == lesson.id)
        .unwrap_or(0);
    let href = |i: usize| props.hrefs.get(i).cloned().unwrap_or_default();
    let prev = idx
        .checked_sub(1)
        .map(|i| (&crate::lessons::LESSONS[i], href(i)));
    let next = crate::lessons::LESSONS
        .get(idx + 1)
        .map(|l| (l, href(idx + 1)));
    let hrefs = props.hrefs.clone();
    let matched = v.expect.map(|e| props.output.iter().any(|l| l.contains(e)));
    let snippet = crate::embed::snippet(
        &format!(
            "{}{}embed=1",
            props.link,
            if props.link.contains('?') { "&" } else { "?" }
        ),
        &format!("GMP Explorer: {}", lesson.title),
        900,
    );
    let toggle_embed = {
        let embed_open = embed_open.clone();
        let copied = copied.clone();
        let snippet = snippet.clone();
        Callback::from(move |_: MouseEvent| {
            if !*embed_open {
                crate::embed::copy_text(&snippet);
                copied.set(true);
            }
            embed_open.set(!*embed_open)
        })
    };
    let on_dialog_key = {
        let embed_open = embed_open.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" {
                embed_open.set(false);
            }
        })
    };
    html! {
        <section id="lesson" class="lesson" data-lesson={lesson.id} data-variant={v.id} aria-labelledby="lesson-h">
            <nav class="lesson-nav" aria-label="Lessons">
                { for prev.map(|(p, h)| html!{ <a id="lesson-prev" href={h}>{ format!("← {}", p.title) }</a> }) }
                <select id="lesson-select" aria-label="All lessons" onchange={Callback::from(move |e: Event| {
                    let i = e.target_unchecked_into::<web_sys::HtmlSelectElement>().selected_index();
                    if let (Some(w), Some(h)) = (web_sys::window(), usize::try_from(i).ok().and_then(|i| hrefs.get(i))) {
                        let _ = w.location().set_search(h);
                    }
                })}>
                    { for crate::lessons::LESSONS.iter().map(|l| html!{ <option value={l.id} selected={l.id == lesson.id}>{ l.title }</option> }) }
                </select>
                { for next.map(|(n, h)| html!{ <a id="lesson-next" href={h}>{ format!("{} →", n.title) }</a> }) }
            </nav>
            <h2 id="lesson-h">{ lesson.title }<span class="seeds">{ format!(" · course chapter {}", lesson.seeds.trim_start_matches("seeds ").trim_start_matches("seed ")) }</span></h2>
            { for lesson.intro.iter().map(|p| html!{ <p>{ *p }</p> }) }
            <div class="variants" role="radiogroup" aria-label="Variants">
                { for lesson.variants.iter().map(|x| {
                    let on = props.on_variant.clone();
                    let id = x.id;
                    html!{ <button role="radio" aria-checked={(x.id == v.id).to_string()} data-variant={x.id}
                        class={classes!("variant", (x.id == v.id).then_some("on"))}
                        onclick={Callback::from(move |_| on.emit(id))}>{ x.label }</button> }
                }) }
            </div>
            if !v.note.is_empty() { <p class="note">{ v.note }</p> }
            if lesson.id == "schedtrace" {
                if let Some(line) = &props.sched_line {
                    <h3>{ "The latest line, field by field (hover or focus a field)" }</h3>
                    { explain_line(line) }
                }
            }
            if lesson.id == "stack-growth" && !props.copies.is_empty() {
                <h3>{ "Every copy" }</h3>
                <table id="stack-copies" class="copies">
                    <thead><tr><th>{ "#" }</th><th title="runtime.main, main.main and every recurse call not yet returned">{ "frames on the stack" }</th><th>{ "old → new size" }</th><th>{ "new block jumps by" }</th></tr></thead>
                    <tbody>
                    { for props.copies.iter().enumerate().map(|(i, c)| html!{
                        <tr class={classes!(c.shrink.then_some("shrink"))}>
                            <td>{ i + 1 }</td>
                            <td>{ if c.shrink { "GC".to_string() } else { c.frames.to_string() } }</td>
                            <td>{ format!("{} → {} bytes{}", c.old_size, c.new_size, if c.shrink { " (shrink)" } else { "" }) }</td>
                            <td>{ format!("{} bytes", (c.new_lo as i64 - c.old_lo as i64).abs()) }</td>
                        </tr>
                    }) }
                    </tbody>
                </table>
            }
            <h3>{ "What to look at" }</h3>
            <ul>{ for lesson.look_at.iter().map(|l| html!{ <li>{ *l }</li> }) }</ul>
            <div class="expect">
                { match v.expect {
                    Some(e) => html!{ <p>{ "Real Go's output includes: " }<code id="expected">{ e }</code></p> },
                    None => html!{ <p>{ "This variant's output depends on timing or never comes." }</p> },
                } }
                <p>{ "This run: " }<code id="actual">{ props.output.join(" / ") }</code>
                    { match (matched, props.finished) {
                        (Some(true), _) => html!{ <span id="verdict" class="ok">{ " ✓ the same" }</span> },
                        (Some(false), true) => html!{ <span id="verdict" class="bad">{ " ✗ different" }</span> },
                        _ => html!{},
                    } }
                </p>
            </div>
            <p class="share">
                <a id="lesson-link" href={if props.embed { props.open_link.clone() } else { props.link.clone() }} target={target}>{ "Link to this state" }</a>{ " · " }
                <button id="embed-code" onclick={toggle_embed} aria-expanded={embed_open.to_string()}>{ "Copy embed code" }</button>
                if *copied && *embed_open { <span class="copied" role="status">{ " Copied." }</span> }
            </p>
            if *embed_open {
                <div class="embed-dialog" role="dialog" aria-label="Embed code" onkeydown={on_dialog_key}>
                    <label for="embed-snippet">{ "Paste this into a course page (the script resizes this frame, and only this one, to fit; several can share a page):" }</label>
                    <textarea id="embed-snippet" readonly=true rows="5" value={snippet.clone()} autofocus=true />
                    <button id="copy-snippet" onclick={{
                        let copied = copied.clone();
                        Callback::from(move |_| { crate::embed::copy_text(&snippet); copied.set(true); })
                    }}>{ "Copy again" }</button>
                </div>
            }
        </section>
    }
}
