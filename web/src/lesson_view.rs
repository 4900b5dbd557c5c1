//! A lesson beside the machine: what it shows, the Go program, what to look at,
//! variants, and the expected against the actual output.

use yew::prelude::*;

use crate::lessons::{Lesson, Variant};

#[derive(Properties, PartialEq)]
pub struct LessonProps {
    pub lesson: &'static str,
    pub variant: &'static str,
    pub output: Vec<String>,
    pub finished: bool,
    pub on_variant: Callback<&'static str>,
    pub link: String,
}

fn go_source(lesson: &Lesson, v: &Variant) -> String {
    let sc = gmp_core::scenarios::find(lesson.scenario_for(v)).expect("lesson scenario");
    let given: Vec<(String, String)> = v
        .params
        .iter()
        .map(|(k, x)| (k.to_string(), x.to_string()))
        .collect();
    match sc.params(&given) {
        Ok(p) => sc.go_source(&p),
        Err(e) => format!("// {e}"),
    }
}

#[function_component(LessonPanel)]
pub fn lesson_panel(props: &LessonProps) -> Html {
    let Some(lesson) = crate::lessons::find(props.lesson) else {
        return html! {};
    };
    let v = lesson.variant(Some(props.variant));
    let embed_open = use_state(|| false);
    let matched = v.expect.map(|e| props.output.iter().any(|l| l.contains(e)));
    let toggle_embed = {
        let embed_open = embed_open.clone();
        Callback::from(move |_: MouseEvent| embed_open.set(!*embed_open))
    };
    let snippet = format!(
        "<iframe src=\"{}{}embed=1\" title=\"GMP Explorer: {}\" width=\"100%\" height=\"720\" style=\"border:0\" allow=\"cross-origin-isolated\" loading=\"lazy\"></iframe>",
        props.link,
        if props.link.contains('?') { "&" } else { "?" },
        lesson.title
    );
    html! {
        <section id="lesson" class="lesson" data-lesson={lesson.id} data-variant={v.id} aria-labelledby="lesson-h">
            <h2 id="lesson-h">{ lesson.title }<span class="seeds">{ format!(" · {}", lesson.seeds) }</span></h2>
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
            <details open=true>
                <summary>{ "The Go program" }</summary>
                <pre class="source">{ go_source(lesson, v) }</pre>
            </details>
            <h3>{ "What to look at" }</h3>
            <ul>{ for lesson.look_at.iter().map(|l| html!{ <li>{ *l }</li> }) }</ul>
            <div class="expect">
                { match v.expect {
                    Some(e) => html!{ <p>{ "Real Go prints: " }<code id="expected">{ e }</code></p> },
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
                <a id="lesson-link" href={props.link.clone()}>{ "Link to this state" }</a>{ " · " }
                <button id="embed-code" onclick={toggle_embed} aria-expanded={embed_open.to_string()}>{ "Copy embed code" }</button>
            </p>
            if *embed_open {
                <div class="embed-dialog" role="dialog" aria-label="Embed code">
                    <label for="embed-snippet">{ "Paste this into a course page:" }</label>
                    <textarea id="embed-snippet" readonly=true rows="3" value={snippet.clone()} />
                    <button id="copy-snippet" onclick={Callback::from(move |_| crate::embed::copy_text(&snippet))}>{ "Copy" }</button>
                </div>
            }
        </section>
    }
}
