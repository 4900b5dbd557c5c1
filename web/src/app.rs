//! The page: the state ([`Page`], changed by actions through `use_reducer`), the
//! runner that carries out its commands and advances the run each frame (~33 ms), and
//! the layout of the components.
//!
//! Each frame the runner advances a deterministic run by a bounded slice (live runs
//! advance by themselves on workers), reads the snapshot, the new events and the new
//! output, and reports the run's facts as an action. Nothing here waits on a lock.

use std::rc::Rc;

use gloo_timers::callback::Interval;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::components::console::{ProgramOutput, SchedConsole};
use crate::components::controls::{Controls, ControlsPart};
use crate::components::feed::Feed;
use crate::components::g_detail::GDetail;
use crate::components::lesson::LessonPanel;
use crate::components::machine::{Machine, MachineMore};
use crate::components::notices::Notices;
use crate::components::quiz::QuizPanel;
use crate::components::shortcuts::Shortcuts;
use crate::components::source::GoSource;
use crate::components::step_caption::StepCaption;
use crate::components::step_tools::StepTools;
use crate::components::Pick;
use crate::lessons;
use crate::pool;
use crate::runner::{Shared, POOL_THREADS};
use crate::state::{shortcut, Action, Page};
use crate::strings::{self, Msg, Text};

fn location() -> (String, String) {
    let Some(w) = web_sys::window() else {
        return (String::new(), String::new());
    };
    let l = w.location();
    (
        format!(
            "{}{}",
            l.origin().unwrap_or_default(),
            l.pathname().unwrap_or_default()
        ),
        l.search().unwrap_or_default(),
    )
}

/// Whether a key press belongs to a text field (or a select) rather than the page.
fn typing(e: &web_sys::KeyboardEvent) -> bool {
    let tag = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .map(|el| el.tag_name())
        .unwrap_or_default();
    matches!(tag.as_str(), "INPUT" | "SELECT" | "TEXTAREA")
}

#[function_component(App)]
pub fn app() -> Html {
    let page = use_reducer(|| {
        let mut page = Page::new_in(
            &location().1,
            pool::threads_possible(),
            crate::i18n::stored_lang().as_deref(),
            &crate::i18n::browser_langs(),
        );
        // The fallback bundle on an isolated page: the browser has no shared memory.
        if !pool::THREADED && pool::cross_origin_isolated() {
            page.pool = crate::state::Pool::NoSharedMemory;
        }
        page
    });
    let s: Text = page.text.clone();
    let runner = use_memo((), |_| Shared::default());
    let runner: Shared = (*runner).clone();
    let dispatch: Callback<Action> = {
        let d = page.dispatcher();
        Callback::from(move |a| d.dispatch(a))
    };

    // Carry out the commands of the last actions (build a run, spawn, step ...).
    {
        let runner = runner.clone();
        let page = page.clone();
        let d = dispatch.clone();
        use_effect_with(page.next_command, move |_| {
            let errors = runner.0.borrow_mut().carry_out(&page);
            for e in errors {
                d.emit(Action::Notice(e));
            }
            || ()
        });
    }

    // The compiler module, fetched when something waits for it (a learner's program,
    // a link's parameters the page was not built with): `compiler.rs`.
    {
        let d = dispatch.clone();
        use_effect_with(!page.waiting.is_empty(), move |wanted| {
            if *wanted && crate::compiler::module() != crate::compiler::Module::Loading {
                let d = d.clone();
                wasm_bindgen_futures::spawn_local(async move {
                    let r = crate::compiler::load().await;
                    if let Err(e) = &r {
                        web_sys::console::warn_1(&format!("the Go compiler module: {e}").into());
                    }
                    d.emit(Action::CompilerLoaded(r));
                });
            }
            || ()
        });
    }

    // The language's files (English is built in): fetched when the language is
    // chosen, at start or in the picker; `<html lang>` follows what is shown.
    {
        let d = dispatch.clone();
        let lesson = page.settings.lesson;
        use_effect_with(page.settings.lang.clone(), move |lang| {
            if lang != "en" {
                let (lang, d) = (lang.clone(), d.clone());
                wasm_bindgen_futures::spawn_local(async move {
                    match crate::i18n::load(&lang, lesson).await {
                        Ok(t) => d.emit(Action::Text(t)),
                        Err(e) => {
                            web_sys::console::warn_1(&format!("{lang} text: {e}").into());
                            d.emit(Action::Notice(
                                Msg::new("lang.load_failed")
                                    .with("lang", lang)
                                    .with("why", e),
                            ))
                        }
                    }
                });
            }
            || ()
        });
    }
    {
        let lang = page.text.lang().to_string();
        let title = match (page.settings.lesson, &page.settings.quiz) {
            (Some(l), _) => s.t_args("meta.lesson_title", &[("lesson", s.lesson(l).title)]),
            (None, Some(_)) => s.t("meta.quiz_title"),
            _ => s.t("meta.title"),
        };
        let description = s.t("meta.description");
        use_effect_with((lang, title, description), |(lang, title, description)| {
            crate::i18n::set_document(lang, title, description);
            || ()
        });
    }

    // Start the worker pool (the threaded build on an isolated page only).
    {
        let d = dispatch.clone();
        use_effect_with((), move |_| {
            if pool::threads_possible() {
                wasm_bindgen_futures::spawn_local(async move {
                    match pool::init(POOL_THREADS).await {
                        Ok(()) => d.emit(Action::PoolReady),
                        Err(e) => {
                            // The browser's own words go to the console, not the page.
                            web_sys::console::warn_1(&format!("worker pool: {e}").into());
                            d.emit(Action::PoolFailed(e))
                        }
                    }
                });
            }
            || ()
        });
    }

    // The frame loop.
    {
        let runner = runner.clone();
        let d = dispatch.clone();
        use_effect_with((), move |_| {
            let tick = Interval::new(33, move || {
                let facts = runner.0.borrow_mut().tick(crate::clock::now_ms());
                if let Some(f) = facts {
                    d.emit(Action::Frame(f));
                }
            });
            move || drop(tick)
        });
    }

    // Keyboard shortcuts, wherever focus is (except in a text field).
    {
        let d = dispatch.clone();
        use_effect_with((), move |_| {
            let on_key =
                Closure::<dyn Fn(web_sys::KeyboardEvent)>::new(move |e: web_sys::KeyboardEvent| {
                    if e.ctrl_key()
                        || e.meta_key()
                        || e.alt_key()
                        || (typing(&e) && e.key() != "Escape")
                    {
                        return;
                    }
                    if let Some(a) = shortcut(&e.key()) {
                        e.prevent_default();
                        d.emit(a);
                    }
                });
            let doc = web_sys::window().and_then(|w| w.document());
            if let Some(doc) = &doc {
                let _ = doc
                    .add_event_listener_with_callback("keydown", on_key.as_ref().unchecked_ref());
            }
            move || {
                if let Some(doc) = doc {
                    let _ = doc.remove_event_listener_with_callback(
                        "keydown",
                        on_key.as_ref().unchecked_ref(),
                    );
                }
            }
        });
    }

    // After each render: keep the address bar on this state, and tell an embedding
    // page our height when it changed.
    {
        let q = page.query();
        use_effect(move || {
            if let Some(w) = web_sys::window() {
                if w.location().search().unwrap_or_default() != q {
                    if let Ok(h) = w.history() {
                        let path = w.location().pathname().unwrap_or_default();
                        let _ = h.replace_state_with_url(
                            &wasm_bindgen::JsValue::NULL,
                            "",
                            Some(&format!("{path}{q}")),
                        );
                    }
                }
            }
            if crate::embed::in_frame() {
                crate::embed::report_height();
            }
            || ()
        });
        use_effect_with((), |_| {
            if crate::embed::in_frame() {
                crate::embed::watch_height();
                crate::embed::watch_visible();
            }
        });
    }

    let st = &page.settings;
    let base = location().0;
    let r = runner.0.borrow();
    let snap = r.ui.snap.clone();
    // How the program ended, for the banner's note: main returned (or os.Exit), a
    // panic nothing recovered, or a fatal error of the runtime.
    let exit = r.exit.as_ref().map(|x| {
        let note = if x.stderr.is_empty() {
            "status.exited_note"
        } else if x.stderr.starts_with("panic: ") {
            "status.panic_note"
        } else if gmp_go::heap::is_out_of_memory(&x.stderr) {
            "status.memory_note"
        } else {
            "status.fatal_note"
        };
        (x.code, note)
    });
    let output = r.output.clone();
    let copies = r.copies.clone();
    let sched_line = r.ui.console.back().cloned();
    let out_of_threads = r.out_of_threads();
    drop(r);
    let frame = page.run.frame;
    let link = format!("{base}{}", page.query());
    let step = (st.paused && !page.run.live).then_some(page.run.steps);
    let open_link = format!("{base}{}", st.unembedded(step, &page.run.inputs));
    let on_select = {
        let d = dispatch.clone();
        Callback::from(move |g| d.emit(Action::Select(g)))
    };
    let on_variant = {
        let d = dispatch.clone();
        Callback::from(move |v| d.emit(Action::Variant(v)))
    };
    let on_bookmark = {
        let d = dispatch.clone();
        Callback::from(move |i| d.emit(Action::Bookmark(i)))
    };
    let toggle_help = {
        let d = dispatch.clone();
        Callback::from(move |_: MouseEvent| d.emit(Action::ToggleHelp))
    };
    let quiz_only = st.quiz_only();
    let on_lang = {
        let d = dispatch.clone();
        Callback::from(move |e: Event| {
            let l = e
                .target_unchecked_into::<web_sys::HtmlSelectElement>()
                .value();
            crate::i18n::store_lang(&l);
            d.emit(Action::Lang(l))
        })
    };
    let keep_lang = if st.lang_in_url {
        format!("&lang={}", st.lang)
    } else {
        String::new()
    };
    let page_rc = Rc::new((*page).clone());
    let on_ring = {
        let d = dispatch.clone();
        Callback::from(move |p| d.emit(Action::ToggleRing(p)))
    };
    let on_seek = {
        let d = dispatch.clone();
        Callback::from(move |n| d.emit(Action::Seek(n)))
    };
    // The console, the events and the program's output, under the machine.
    let bottom = html! {
        <div class="bottom">
            <SchedConsole runner={runner.clone()} frame={frame} text={s.clone()} />
            <div>
                <Feed runner={runner.clone()} frame={frame} on_select={on_select.clone()} selected={page.selected} text={s.clone()} />
                <ProgramOutput runner={runner.clone()} frame={frame} text={s.clone()} />
            </div>
        </div>
    };

    html! {
        <main class={classes!("page", st.embed.then_some("embed"), st.compact.then_some("compact"),
            page.show_help.then_some("show-help"), quiz_only.then_some("quiz-only"), st.dense.then_some("dense"))}>
            <header class="top">
                <div>
                    <h1>{ s.t("meta.title") }</h1>
                    <p class="lede">{ s.t("top.lede") }</p>
                </div>
                <nav class="topnav" aria-label={s.t("top.sections")}>
                    <a id="nav-quiz" href={format!("?quiz=all{keep_lang}")}>{ s.t("top.quiz") }</a>
                    <a id="nav-lessons" href={format!("?lesson=gosched{keep_lang}")}>{ s.t("top.lessons") }</a>
                    <a id="nav-explorer" href={if keep_lang.is_empty() { "?".to_string() } else { format!("?{}", &keep_lang[1..]) }}>{ s.t("top.explorer") }</a>
                    <label class="lang-pick"><span class="sr-only">{ s.t("lang.label") }</span>
                        <select id="lang" onchange={on_lang} title={s.t("lang.label")}>
                            { for strings::LANGS.iter().map(|(code, name)| html!{
                                <option value={*code} lang={*code} selected={*code == st.lang}>{ *name }</option> }) }
                        </select></label>
                    if st.compact {
                        <button id="help-toggle" class="help-toggle" onclick={toggle_help} aria-pressed={page.show_help.to_string()}
                            aria-label={s.t(if page.show_help { "top.hide_help" } else { "top.show_help" })}
                            title={s.t(if page.show_help { "top.hide_help" } else { "top.show_help" })}>{ "?" }</button>
                    }
                    if !quiz_only {
                    <span id="driver-badge" class={classes!("badge", if page.run.live { "live" } else { "sim" })}>
                        { s.t(if page.run.live { "top.live_badge" } else { "top.sim_badge" }) }
                    </span>
                    }
                </nav>
            </header>
            if !quiz_only {
            <Notices page={page_rc.clone()} dispatch={dispatch.clone()} text={s.clone()} open_live={open_link.clone()}
                out_of_threads={out_of_threads} exit={if st.lesson.is_some() { None } else { exit }} />
            }
            if let (Some(l), false) = (st.lesson, quiz_only) {
                // A lesson: the bench (time, the step's caption, the code and a compact
                // machine) fits one screen; the lesson's words, the run's settings and the
                // rest of the machine follow.
                <section id="bench" class="bench" aria-label={s.t("bench.label")}>
                    <div class="bench-head">
                        <Controls page={page_rc.clone()} dispatch={dispatch.clone()} text={s.clone()} gomaxprocs={snap.gomaxprocs} now={snap.now} part={ControlsPart::Time} />
                        // Which lesson this is, and its words below the bench.
                        <p class="bench-title"><strong>{ s.lesson(l).title }</strong>{ " · " }
                            <a href="#lesson">{ s.t("bench.read") }</a></p>
                    </div>
                    <StepCaption runner={runner.clone()} frame={frame} steppable={!page.run.live && !page.run.finished() && st.paused} text={s.clone()} />
                    <div class="bench-grid">
                        <GoSource page={page_rc.clone()} dispatch={dispatch.clone()} runner={runner.clone()} frame={frame}
                            on_select={on_select.clone()} text={s.clone()} bench=true />
                        <Machine runner={runner.clone()} frame={frame} pick={Pick { on_select: on_select.clone(), selected: page.selected }}
                            rings_open={page.rings_open.clone()} on_ring={on_ring.clone()} on_seek={on_seek.clone()}
                            live={page.run.live} ended={exit.is_some()} text={s.clone()} compact=true />
                    </div>
                    <StepTools page={page_rc.clone()} dispatch={dispatch.clone()} runner={runner.clone()} frame={frame} text={s.clone()} />
                    { crate::components::notices::exited(exit, &s) }
                </section>
                if let Some(q) = &st.quiz {
                    <QuizPanel text={s.clone()} only={q.clone()} seed={st.spec.seed} embed={st.embed} pass={st.pass} link={link.clone()} lang={st.lang.clone()} />
                }
                <LessonPanel text={s.clone()} lesson={l} variant={st.variant} output={output} embed={st.embed}
                    finished={page.run.finished()} on_variant={on_variant} on_bookmark={on_bookmark} link={link.clone()} open_link={open_link.clone()}
                    hrefs={lessons::LESSONS.iter().map(|l| st.lesson_link(l.id)).collect::<Vec<_>>()}
                    copies={copies} sched_line={sched_line} />
                <Controls page={page_rc.clone()} dispatch={dispatch.clone()} text={s.clone()} gomaxprocs={snap.gomaxprocs} now={snap.now} part={ControlsPart::Settings} />
                <MachineMore runner={runner.clone()} frame={frame} pick={Pick { on_select: on_select.clone(), selected: page.selected }}
                    rings_open={page.rings_open.clone()} on_ring={on_ring.clone()} on_seek={on_seek.clone()}
                    live={page.run.live} ended={exit.is_some()} text={s.clone()} />
                { bottom.clone() }
            } else {
            if !quiz_only {
            <Controls page={page_rc.clone()} dispatch={dispatch.clone()} text={s.clone()} gomaxprocs={snap.gomaxprocs} now={snap.now} />
            <StepCaption runner={runner.clone()} frame={frame} steppable={!page.run.live && !page.run.finished() && st.paused} text={s.clone()} />
            <StepTools page={page_rc.clone()} dispatch={dispatch.clone()} runner={runner.clone()} frame={frame} text={s.clone()} />
            }
            if let Some(q) = &st.quiz {
                <QuizPanel text={s.clone()} only={q.clone()} seed={st.spec.seed} embed={st.embed} pass={st.pass} link={link.clone()} lang={st.lang.clone()} />
            }
            if !quiz_only {
            <div class="stage">
            <div class="stage-left">
            <GoSource page={page_rc.clone()} dispatch={dispatch.clone()} runner={runner.clone()} frame={frame}
                on_select={on_select.clone()} text={s.clone()} />
            </div>
            <Machine runner={runner.clone()} frame={frame} pick={Pick { on_select: on_select.clone(), selected: page.selected }}
                rings_open={page.rings_open.clone()} on_ring={on_ring.clone()}
                on_seek={on_seek.clone()} live={page.run.live} ended={exit.is_some()} text={s.clone()} />
            </div>
            { bottom }
            }
            }
            if let Some(g) = page.selected {
                <GDetail goid={g} runner={runner.clone()} frame={frame} dispatch={dispatch.clone()} text={s.clone()} />
            }
            if page.shortcuts_open {
                <Shortcuts dispatch={dispatch.clone()} text={s.clone()} />
            }
        </main>
    }
}
