//! A lesson beside the machine: what it shows, the Go program, what to look at,
//! variants, and the expected against the actual output.

use yew::prelude::*;

use crate::lessons::Variant;
use crate::strings::Text;

#[derive(Properties, PartialEq)]
pub struct LessonProps {
    pub text: Text,
    pub lesson: &'static str,
    /// Inside a course page's frame: links open a new tab.
    pub embed: bool,
    pub variant: &'static str,
    pub output: Vec<String>,
    pub finished: bool,
    pub on_variant: Callback<&'static str>,
    /// "Show me" of a "What to look at" item (its index).
    pub on_bookmark: Callback<usize>,
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
/// What a field of a schedtrace line means (`field.<name>` in the text files).
pub fn field_help(field: &str, s: &Text) -> String {
    if field.is_empty() {
        String::new()
    } else {
        s.t(&format!("field.{field}"))
    }
}

/// A schedtrace line as focusable spans, each explaining its field.
fn explain_line(line: &str, s: &Text) -> Html {
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
                <span class="field" tabindex="0" data-field={key} title={field_help(key, s)}>{ text }
                    <span class="field-help" role="tooltip">{ field_help(key, s) }</span></span>{ " " }
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
    let s = &props.text;
    let words = s.lesson(lesson.id);
    let title_of = |id: &str| s.lesson(id).title;
    let label_of = |x: &Variant| {
        words
            .variants
            .get(x.id)
            .map(|(l, _)| l.clone())
            .unwrap_or_else(|| x.id.to_string())
    };
    let note = words
        .variants
        .get(v.id)
        .map(|(_, n)| n.clone())
        .unwrap_or_default();
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
    let matched = v.matches(&props.output);
    let snippet = crate::embed::snippet(
        &format!(
            "{}{}embed=1",
            props.link,
            if props.link.contains('?') { "&" } else { "?" }
        ),
        &s.t_args("lesson.embed_title", &[("lesson", words.title.clone())]),
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
            <nav class="lesson-nav" aria-label={s.t("lesson.nav")}>
                { for prev.map(|(p, h)| html!{ <a id="lesson-prev" href={h}>{ format!("← {}", title_of(p.id)) }</a> }) }
                <select id="lesson-select" aria-label={s.t("lesson.all")} onchange={Callback::from(move |e: Event| {
                    let i = e.target_unchecked_into::<web_sys::HtmlSelectElement>().selected_index();
                    if let (Some(w), Some(h)) = (web_sys::window(), usize::try_from(i).ok().and_then(|i| hrefs.get(i))) {
                        let _ = w.location().set_search(h);
                    }
                })}>
                    { for crate::lessons::LESSONS.iter().map(|l| html!{ <option value={l.id} selected={l.id == lesson.id}>{ title_of(l.id) }</option> }) }
                </select>
                { for next.map(|(n, h)| html!{ <a id="lesson-next" href={h}>{ format!("{} →", title_of(n.id)) }</a> }) }
            </nav>
            <h2 id="lesson-h">{ words.title.clone() }<span class="seeds">{ s.t_args("lesson.chapter", &[("seeds", lesson.seeds.trim_start_matches("seeds ").trim_start_matches("seed ").to_string())]) }</span></h2>
            { for words.intro.iter().map(|p| html!{ <p>{ p.clone() }</p> }) }
            <div class="variants" role="radiogroup" aria-label={s.t("lesson.variants")}>
                { for lesson.variants.iter().map(|x| {
                    let on = props.on_variant.clone();
                    let id = x.id;
                    html!{ <button role="radio" aria-checked={(x.id == v.id).to_string()} data-variant={x.id}
                        class={classes!("variant", (x.id == v.id).then_some("on"))}
                        onclick={Callback::from(move |_| on.emit(id))}>{ label_of(x) }</button> }
                }) }
            </div>
            if !note.is_empty() { <p class="note">{ note.clone() }</p> }
            if lesson.id == "schedtrace" {
                if let Some(line) = &props.sched_line {
                    <h3>{ s.t("lesson.latest_line") }</h3>
                    { explain_line(line, s) }
                }
            }
            if lesson.id == "stack-growth" && !props.copies.is_empty() {
                <h3>{ s.t("lesson.every_copy") }</h3>
                <table id="stack-copies" class="copies">
                    <thead><tr><th>{ s.t("lesson.copy_no") }</th><th title={s.t("lesson.copy_frames_title")}>{ s.t("lesson.copy_frames") }</th><th>{ s.t("lesson.copy_sizes") }</th><th>{ s.t("lesson.copy_jump") }</th></tr></thead>
                    <tbody>
                    { for props.copies.iter().enumerate().map(|(i, c)| html!{
                        <tr class={classes!(c.shrink.then_some("shrink"))}>
                            <td>{ i + 1 }</td>
                            <td>{ if c.shrink { "GC".to_string() } else { c.frames.to_string() } }</td>
                            <td>{ s.t_args(if c.shrink { "lesson.copy_size_row_shrink" } else { "lesson.copy_size_row" }, &[("old", c.old_size.to_string()), ("new", c.new_size.to_string())]) }</td>
                            <td>{ s.t_args("lesson.bytes", &[("n", (c.new_lo as i64 - c.old_lo as i64).abs().to_string())]) }</td>
                        </tr>
                    }) }
                    </tbody>
                </table>
            }
            <h3>{ s.t("lesson.look_at") }</h3>
            <ul id="look-at">{ for words.look_at.iter().enumerate().map(|(i, l)| {
                let mark = lesson.bookmarks.get(i).copied().flatten();
                html!{ <li>{ l.clone() }
                    if mark.is_some() {
                        { " " }
                        <button class="show-me" data-bookmark={i.to_string()}
                            aria-label={s.t_args("lesson.show_me_label", &[("item", l.clone())])}
                            onclick={ let on = props.on_bookmark.clone(); Callback::from(move |_| on.emit(i)) }>
                            { s.t("lesson.show_me") }</button>
                    }
                </li> }
            }) }</ul>
            <div class="expect">
                { match v.expect {
                    Some(e) => html!{ <p>{ s.t(if v.expect_lines { "lesson.expect_lines" } else { "lesson.expect" }) }<code id="expected" class="output">{ e }</code></p> },
                    None => html!{ <p>{ s.t("lesson.expect_none") }</p> },
                } }
                if let Some(r) = v.real_go {
                    <p id="real-go" class="real-go">{ s.t_args(
                        if v.expect.is_some() { "lesson.real_go" } else { "lesson.real_go_none" },
                        &[("agreed", s.int(r.agreed)), ("runs", s.int(r.runs))],
                    ) }</p>
                }
                <p>{ s.t("lesson.this_run") }<code id="actual" class="output">{ props.output.join("\n") }</code>
                    { match (matched, props.finished) {
                        (Some(true), _) => html!{ <span id="verdict" class="ok">{ s.t("lesson.same") }</span> },
                        (Some(false), true) => html!{ <span id="verdict" class="bad">{ s.t("lesson.different") }</span> },
                        _ => html!{},
                    } }
                </p>
            </div>
            <p class="share">
                <a id="lesson-link" href={if props.embed { props.open_link.clone() } else { props.link.clone() }} target={target}>{ s.t("lesson.link") }</a>{ " · " }
                <button id="embed-code" onclick={toggle_embed} aria-expanded={embed_open.to_string()}>{ s.t("lesson.embed_code") }</button>
                if *copied && *embed_open { <span class="copied" role="status">{ s.t("lesson.copied") }</span> }
            </p>
            if *embed_open {
                <div class="embed-dialog" role="dialog" aria-label={s.t("lesson.embed_dialog")} onkeydown={on_dialog_key}>
                    <label for="embed-snippet">{ s.t("lesson.embed_paste") }</label>
                    <textarea id="embed-snippet" readonly=true rows="5" value={snippet.clone()} autofocus=true />
                    <button id="copy-snippet" onclick={{
                        let copied = copied.clone();
                        Callback::from(move |_| { crate::embed::copy_text(&snippet); copied.set(true); })
                    }}>{ s.t("lesson.copy_again") }</button>
                </div>
            }
        </section>
    }
}
