//! The quiz: select, Submit, feedback with an explanation, "Show me", a score,
//! "Mark as complete", reset. Progress lives in localStorage (with a notice when the
//! browser refuses storage). Inside a frame, answers and completion are posted to the
//! embedding page.

use std::rc::Rc;

use wasm_bindgen::JsValue;
use yew::prelude::*;

use crate::quiz::{Progress, Question};
use crate::strings::{self, Text};

const STORE_KEY: &str = "gmp-explorer.quiz.v1";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

fn load() -> (Progress, bool) {
    match storage() {
        Some(s) => match s.get_item(STORE_KEY) {
            Ok(v) => (v.map(|j| Progress::from_json(&j)).unwrap_or_default(), true),
            Err(_) => (Progress::default(), false),
        },
        None => (Progress::default(), false),
    }
}

fn save(p: &Progress) -> bool {
    storage().is_some_and(|s| s.set_item(STORE_KEY, &p.to_json()).is_ok())
}

async fn fetch_questions() -> Result<Vec<Question>, String> {
    #[cfg(target_arch = "wasm32")]
    {
        use wasm_bindgen::JsCast;
        let w = web_sys::window().ok_or("no window")?;
        let resp = wasm_bindgen_futures::JsFuture::from(w.fetch_with_str("quiz/questions.json"))
            .await
            .map_err(|e| format!("{e:?}"))?;
        let resp: web_sys::Response = resp.dyn_into().map_err(|_| "not a response")?;
        if !resp.ok() {
            return Err(format!("questions.json: HTTP {}", resp.status()));
        }
        let json = wasm_bindgen_futures::JsFuture::from(resp.json().map_err(|e| format!("{e:?}"))?)
            .await
            .map_err(|e| format!("{e:?}"))?;
        crate::quiz::from_js(&json)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        Err("the quiz loads in a browser".into())
    }
}

#[derive(Properties, PartialEq)]
pub struct QuizProps {
    /// The page's words; the questions are shown in its language where they have it.
    pub text: Text,
    /// `?quiz=<id>`: show only this question (`all`: every question).
    pub only: String,
    /// A seed for the generated questions.
    pub seed: u64,
    /// Inside a course page's frame: "Show me" opens a new tab.
    pub embed: bool,
    /// `pass=N`: answers needed before "Mark as complete" (default: all of them).
    pub pass: Option<u32>,
    /// A link to this page (the base of the quiz's embed code).
    pub link: String,
    /// The page's language, as asked for (`lang=`, the picker or the browser).
    pub lang: String,
}

/// Answers needed before the quiz can be marked complete: every question shown, or
/// the author's `pass=N` when that is fewer.
pub fn needed(total: usize, pass: Option<u32>) -> usize {
    pass.map_or(total, |n| (n as usize).min(total))
}

/// Explanations use `code` spans: show them as code.
fn rich(text: &str) -> Html {
    html! { <>{ for text.split('`').enumerate().map(|(i, part)| if i % 2 == 1 {
        html!{ <code>{ part }</code> }
    } else {
        html!{ { part } }
    }) }</> }
}

#[function_component(QuizPanel)]
pub fn quiz_panel(props: &QuizProps) -> Html {
    let questions = use_state(|| Option::<Result<Rc<Vec<Question>>, String>>::None);
    let progress = use_state(|| load());
    let picked = use_state(std::collections::BTreeMap::<String, usize>::new);
    let s = &props.text;
    {
        let questions = questions.clone();
        let seed = props.seed;
        // Generated questions are made in the page's language: again when it changes.
        use_effect_with(s.clone(), move |t| {
            let t = t.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let mut qs = match fetch_questions().await {
                    Ok(q) => q,
                    Err(e) => {
                        questions.set(Some(Err(e)));
                        return;
                    }
                };
                for kind in crate::quiz::GENERATED {
                    if let Some(q) = crate::quiz::generate(kind, seed, &t) {
                        qs.push(q);
                    }
                }
                questions.set(Some(Ok(Rc::new(qs))));
            });
            || ()
        });
    }
    let (prog, storage_ok) = (*progress).clone();
    let qs = match &*questions {
        None => {
            return html! { <section id="quiz" aria-busy="true"><p>{ s.t("quiz.loading") }</p></section> }
        }
        Some(Err(e)) => {
            return html! { <section id="quiz"><p class="notice" role="alert">{ s.t_args("quiz.load_failed", &[("error", e.clone())]) }</p></section> }
        }
        Some(Ok(q)) => q.clone(),
    };
    let shown: Vec<&Question> = qs
        .iter()
        .filter(|q| props.only == "all" || q.id == props.only)
        .collect();
    if shown.is_empty() {
        return html! { <section id="quiz"><p id="notice" class="notice" role="alert">{
        s.t_args("quiz.no_question", &[("id", props.only.clone())]) }</p></section> };
    }
    // The score counts the questions on this page (one, with ?quiz=<id>).
    let on_page: Vec<Question> = shown.iter().map(|q| (*q).clone()).collect();
    let score = prog.score(&on_page);
    let total = on_page.len();
    let answered = on_page
        .iter()
        .filter(|q| prog.answers.contains_key(&q.id))
        .count();
    let all = Rc::new(on_page);
    let post_progress = move |kind: &str, id: Option<(&str, bool)>, p: &Progress| {
        if crate::embed::in_frame() {
            let mut f: Vec<(&str, JsValue)> = vec![
                ("score", (p.score(&all) as u32).into()),
                ("total", (all.len() as u32).into()),
            ];
            if let Some((id, ok)) = id {
                f.push(("id", id.into()));
                f.push(("correct", ok.into()));
            }
            crate::embed::post(kind, &f);
        }
    };
    let post_progress: Rc<dyn Fn(&str, Option<(&str, bool)>, &Progress)> = Rc::new(post_progress);
    let mark_complete = {
        let progress = progress.clone();
        let post = post_progress.clone();
        Callback::from(move |_: MouseEvent| {
            let (mut p, _) = (*progress).clone();
            if p.completed {
                return;
            }
            p.completed = true;
            let ok = save(&p);
            post("completed", None, &p);
            progress.set((p, ok));
        })
    };
    let reset = {
        let progress = progress.clone();
        let picked = picked.clone();
        Callback::from(move |_: MouseEvent| {
            let p = Progress::default();
            let ok = save(&p);
            picked.set(Default::default());
            progress.set((p, ok));
        })
    };
    let l = s.lang().to_string();
    let need = needed(total, props.pass);
    let embed_lang = use_state(|| l.clone());
    let embed_compact = use_state(|| false);
    let base = props.link.split('?').next().unwrap_or_default().to_string();
    let quiz_snippet = crate::embed::snippet(
        &format!(
            "{base}?quiz={}&embed=1{}{}{}",
            props.only,
            if *embed_lang == "en" {
                String::new()
            } else {
                format!("&lang={}", *embed_lang)
            },
            if *embed_compact {
                "&layout=compact"
            } else {
                ""
            },
            props.pass.map(|n| format!("&pass={n}")).unwrap_or_default()
        ),
        &s.t("quiz.embed_title"),
        600,
    );
    html! {
        <section id="quiz" class="quiz" aria-labelledby="quiz-h" data-score={score.to_string()} data-total={total.to_string()}>
            <h2 id="quiz-h">{ s.t("quiz.heading") }</h2>
            if !storage_ok {
                <p id="storage-notice" class="notice" role="status">{ s.t("quiz.storage") }</p>
            }
            <p id="score" class="score" aria-live="polite">{ s.t_args("quiz.score", &[("score", s.int(score)), ("total", s.int(total)), ("answered", s.int(answered))]) }
                { if prog.completed { s.t("quiz.completed") } else { String::new() } }</p>
            { for shown.iter().map(|q| {
                let (t, in_lang) = q.text(&l);
                let chosen = prog.answers.get(&q.id).copied();
                let sel = picked.get(&q.id).copied().or(chosen);
                let id = q.id.clone();
                let on_pick = |i: usize| {
                    let picked = picked.clone();
                    let id = id.clone();
                    Callback::from(move |_: Event| {
                        let mut m = (*picked).clone();
                        m.insert(id.clone(), i);
                        picked.set(m);
                    })
                };
                let submit = {
                    let progress = progress.clone();
                    let picked = picked.clone();
                    let id = id.clone();
                    let correct = q.correct;
                    let post = post_progress.clone();
                    Callback::from(move |e: SubmitEvent| {
                        e.prevent_default();
                        let (mut p, _) = (*progress).clone();
                        let Some(c) = picked.get(&id).copied().or(p.answers.get(&id).copied()) else {
                            return;
                        };
                        p.answers.insert(id.clone(), c);
                        let ok = save(&p);
                        post("answered", Some((&id, c == correct)), &p);
                        progress.set((p, ok));
                    })
                };
                // "Show me" keeps the page's language (the one asked for: its words
                // may still be on their way).
                let show = match props.lang.as_str() {
                    "en" | "" => q.show.clone(),
                    l => format!("{}&lang={l}", q.show),
                };
                html! {
                    <form class="question" data-qid={q.id.clone()} onsubmit={submit}>
                        <fieldset>
                            <legend lang={in_lang.to_string()}>{ &t.question }</legend>
                            if in_lang != l {
                                <p class="untranslated">{ s.t("quiz.untranslated") }</p>
                            }
                            { for t.options.iter().enumerate().map(|(i, o)| html!{
                                <label class={classes!("option",
                                    (chosen.is_some() && i == q.correct).then_some("is-answer"),
                                    (chosen == Some(i) && i != q.correct).then_some("was-picked"))} lang={in_lang.to_string()}>
                                    <input type="radio" name={format!("q-{}", q.id)} value={i.to_string()}
                                        checked={sel == Some(i)} onchange={on_pick(i)} disabled={chosen.is_some()} />
                                    { o }
                                </label>
                            }) }
                        </fieldset>
                        <button type="submit" class="submit" disabled={sel.is_none() || chosen.is_some()}>{ s.t("quiz.submit") }</button>
                        if let Some(c) = chosen {
                            <div class={classes!("feedback", if c == q.correct { "right" } else { "wrong" })} role="status">
                                <strong>{ s.t(if c == q.correct { "quiz.correct" } else { "quiz.wrong" }) }</strong>
                                if c != q.correct {
                                    { " " }<span class="the-answer">{ s.t("quiz.the_answer") }{ " " }
                                        <q lang={in_lang.to_string()}>{ t.options.get(q.correct).cloned().unwrap_or_default() }</q></span>
                                }
                                { " " }<span lang={in_lang.to_string()}>{ rich(&t.explanation) }</span>{ " " }
                                <a class="show-me" href={show} target={if props.embed { "_blank" } else { "_self" }}>{ s.t("quiz.show_me") }</a>
                            </div>
                        }
                    </form>
                }
            }) }
            <p class="quiz-actions">
                <button id="mark-complete" onclick={mark_complete} disabled={answered < need || prog.completed}>{ s.t("quiz.mark_complete") }</button>
                if answered < need {
                    <span id="complete-needs" class="needs">{ s.t_args("quiz.needs", &[("n", s.int(need - answered))]) }</span>
                }
                <button id="quiz-reset" onclick={reset}>{ s.t("quiz.reset") }</button>
            </p>
            if !props.embed {
                <details id="quiz-embed" class="quiz-embed">
                    <summary>{ s.t("quiz.embed_summary") }</summary>
                    <p>
                        <label>{ s.t("quiz.embed_lang") }{ " " }<select id="quiz-embed-lang" onchange={{
                            let embed_lang = embed_lang.clone();
                            Callback::from(move |e: Event| embed_lang.set(e.target_unchecked_into::<web_sys::HtmlSelectElement>().value()))
                        }}>
                            { for strings::LANGS.iter().map(|(code, name)| html!{
                                <option value={*code} lang={*code} selected={*embed_lang == *code}>{ *name }</option> }) }
                        </select></label>{ " " }
                        <label><input id="quiz-embed-compact" type="checkbox" checked={*embed_compact} onchange={{
                            let embed_compact = embed_compact.clone();
                            Callback::from(move |_: Event| embed_compact.set(!*embed_compact))
                        }} />{ s.t("quiz.embed_compact") }</label>
                    </p>
                    <textarea id="quiz-snippet" readonly=true rows="4" value={quiz_snippet.clone()} aria-label={s.t("quiz.embed_code")} />
                    <button id="quiz-copy-snippet" onclick={Callback::from(move |_| crate::embed::copy_text(&quiz_snippet))}>{ s.t("quiz.copy") }</button>
                    <p class="help-always">{ s.t("quiz.embed_help") }</p>
                </details>
            }
        </section>
    }
}
