//! The Go program beside the machine: the source the run compiled, with every
//! goroutine's token in the gutter of the line it is at, and an editor to change it
//! and run it again.
//!
//! The view reads each G's line from the snapshot (`GSnap::line`, from the front end's
//! code); runtime goroutines (`forcegchelper`, `bgsweep` ...) are not on a line of the
//! program and are listed with their runtime function instead. Editing is a plain
//! `<textarea>` over a highlighted copy of the same text (no editor component: it adds
//! nothing to the page's size); Tab indents, Ctrl+Enter runs, Escape leaves the editor.

use std::collections::BTreeMap;
use std::rc::Rc;

use gmp_core::snapshot::{GSnap, Snapshot};
use gmp_core::GKind;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::{token, Pick};
use crate::runner::Shared;
use crate::state::{Action, Page};

/// A piece of a highlighted line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tok {
    Plain,
    Keyword,
    /// Predeclared identifiers and types (`len`, `int`, `nil`).
    Builtin,
    Str,
    Num,
    Comment,
}

impl Tok {
    fn class(self) -> Option<&'static str> {
        match self {
            Tok::Plain => None,
            Tok::Keyword => Some("t-kw"),
            Tok::Builtin => Some("t-bi"),
            Tok::Str => Some("t-str"),
            Tok::Num => Some("t-num"),
            Tok::Comment => Some("t-com"),
        }
    }
}

const KEYWORDS: &[&str] = &[
    "break",
    "case",
    "chan",
    "const",
    "continue",
    "default",
    "defer",
    "else",
    "fallthrough",
    "for",
    "func",
    "go",
    "goto",
    "if",
    "import",
    "interface",
    "map",
    "package",
    "range",
    "return",
    "select",
    "struct",
    "switch",
    "type",
    "var",
];

const BUILTINS: &[&str] = &[
    "any", "append", "bool", "byte", "cap", "clear", "close", "complex", "copy", "delete", "error",
    "false", "float32", "float64", "int", "int16", "int32", "int64", "int8", "iota", "len", "make",
    "max", "min", "new", "nil", "panic", "print", "println", "recover", "rune", "string", "true",
    "uint", "uint16", "uint32", "uint64", "uint8", "uintptr",
];

/// Splits Go source into lines of highlighted pieces (comments, strings and raw
/// strings may span lines). Pieces of a line concatenate to the line exactly.
pub fn highlight(src: &str) -> Vec<Vec<(Tok, String)>> {
    #[derive(PartialEq)]
    enum In {
        Code,
        Block,
        Raw,
    }
    let mut state = In::Code;
    let mut out = Vec::new();
    for line in src.split('\n') {
        let line = line.strip_suffix('\r').unwrap_or(line);
        let cs: Vec<char> = line.chars().collect();
        let mut pieces: Vec<(Tok, String)> = Vec::new();
        let mut push = |t: Tok, s: String| {
            if s.is_empty() {
                return;
            }
            match pieces.last_mut() {
                Some((lt, ls)) if *lt == t => ls.push_str(&s),
                _ => pieces.push((t, s)),
            }
        };
        let mut i = 0;
        while i < cs.len() {
            let rest = |j: usize| cs[j..].iter().collect::<String>();
            match state {
                In::Block => match (i..cs.len().saturating_sub(1))
                    .find(|&j| cs[j] == '*' && cs[j + 1] == '/')
                {
                    Some(j) => {
                        push(Tok::Comment, cs[i..j + 2].iter().collect());
                        i = j + 2;
                        state = In::Code;
                    }
                    None => {
                        push(Tok::Comment, rest(i));
                        i = cs.len();
                    }
                },
                In::Raw => match (i..cs.len()).find(|&j| cs[j] == '`') {
                    Some(j) => {
                        push(Tok::Str, cs[i..=j].iter().collect());
                        i = j + 1;
                        state = In::Code;
                    }
                    None => {
                        push(Tok::Str, rest(i));
                        i = cs.len();
                    }
                },
                In::Code => {
                    let c = cs[i];
                    if c == '/' && cs.get(i + 1) == Some(&'/') {
                        push(Tok::Comment, rest(i));
                        i = cs.len();
                    } else if c == '/' && cs.get(i + 1) == Some(&'*') {
                        push(Tok::Comment, "/*".into());
                        i += 2;
                        state = In::Block;
                    } else if c == '`' {
                        push(Tok::Str, "`".into());
                        i += 1;
                        state = In::Raw;
                    } else if c == '"' || c == '\'' {
                        let mut j = i + 1;
                        while j < cs.len() && cs[j] != c {
                            j += if cs[j] == '\\' { 2 } else { 1 };
                        }
                        let end = (j + 1).min(cs.len());
                        push(Tok::Str, cs[i..end].iter().collect());
                        i = end;
                    } else if c.is_ascii_digit() {
                        let mut j = i;
                        while j < cs.len()
                            && (cs[j].is_ascii_alphanumeric() || cs[j] == '_' || cs[j] == '.')
                        {
                            j += 1;
                        }
                        push(Tok::Num, cs[i..j].iter().collect());
                        i = j;
                    } else if c.is_alphabetic() || c == '_' {
                        let mut j = i;
                        while j < cs.len() && (cs[j].is_alphanumeric() || cs[j] == '_') {
                            j += 1;
                        }
                        let w: String = cs[i..j].iter().collect();
                        // A field or method (`x.len`) is not the builtin.
                        let selected = i > 0 && cs[i - 1] == '.';
                        let t = if KEYWORDS.contains(&w.as_str()) {
                            Tok::Keyword
                        } else if !selected && BUILTINS.contains(&w.as_str()) {
                            Tok::Builtin
                        } else {
                            Tok::Plain
                        };
                        push(t, w);
                        i = j;
                    } else {
                        push(Tok::Plain, c.to_string());
                        i += 1;
                    }
                }
            }
        }
        out.push(pieces);
    }
    out
}

fn line_html(pieces: &[(Tok, String)]) -> Html {
    html! {
        <>{ for pieces.iter().map(|(t, s)| match t.class() {
            Some(c) => html! { <span class={c}>{ s.clone() }</span> },
            None => html! { { s.clone() } },
        }) }</>
    }
}

/// The program's goroutines by the line they are at (runtime Gs and Gs whose line
/// is not known now are left out), in goid order.
pub fn gs_by_line(snap: &Snapshot) -> BTreeMap<u32, Vec<&GSnap>> {
    let mut m: BTreeMap<u32, Vec<&GSnap>> = BTreeMap::new();
    for g in &snap.gs {
        if g.line > 0 && g.kind != GKind::System {
            m.entry(g.line).or_default().push(g);
        }
    }
    for v in m.values_mut() {
        // Goids are unique, so an unstable sort gives the one order.
        v.sort_unstable_by_key(|g| g.goid);
    }
    m
}

/// How many tokens a gutter shows before "+N".
const GUTTER_TOKENS: usize = 3;

#[derive(Properties, PartialEq)]
pub struct SourceProps {
    pub page: Rc<Page>,
    pub dispatch: Callback<Action>,
    pub runner: Shared,
    pub frame: u64,
    pub on_select: Callback<u64>,
    pub text: crate::strings::Text,
    /// On a lesson's bench: a narrow gutter, one token a line (the selected
    /// goroutine's, else a running one's) and "+N" for the rest.
    #[prop_or_default]
    pub bench: bool,
}

#[function_component(GoSource)]
pub fn go_source(props: &SourceProps) -> Html {
    let (page, s) = (&props.page, &props.text);
    let source = page.source();
    let editing = use_state(|| page.draft.is_some());
    let picked = use_state(|| None::<u32>);
    let code_ref = use_node_ref();
    // Brings the followed line (marked `.follow` by the render) into view inside the
    // code box when it moves to another line, or on each Step of a paused run: only the
    // box scrolls, never the page or a page embedding it, and a box the learner
    // scrolled stays put until then.
    let followed = use_mut_ref(|| None::<String>);
    // In a frame, the part of the code box the course page's window shows (the box
    // may reach below a phone's screen): followed by an IntersectionObserver on the
    // box itself, whose visible share changes as the page scrolls.
    let seen = use_mut_ref(|| std::rc::Rc::new(std::cell::Cell::new(None::<(f64, f64)>)));
    let observer = use_mut_ref(|| None::<(web_sys::HtmlElement, web_sys::IntersectionObserver)>);
    {
        let code_ref = code_ref.clone();
        use_effect(move || {
            if let Some(code) = code_ref.cast::<web_sys::HtmlElement>() {
                let same = observer.borrow().as_ref().is_some_and(|(e, _)| *e == code);
                if !same {
                    if let Some((_, old)) = observer.borrow_mut().take() {
                        old.disconnect();
                    }
                    let cell = seen.borrow().clone();
                    cell.set(None);
                    if let Some(o) = crate::embed::watch_seen(&code, cell) {
                        *observer.borrow_mut() = Some((code.clone(), o));
                    }
                }
                let now = code.get_attribute("data-follow-key");
                if now.is_some() && *followed.borrow() != now {
                    follow_into_view(&code, seen.borrow().get());
                }
                *followed.borrow_mut() = now;
            }
            || ()
        });
    }
    let shown = page
        .draft
        .clone()
        .or_else(|| source.clone())
        .unwrap_or_default();
    let text = use_state(|| shown.clone());
    // A new program (another lesson, variant or scenario, or a failed compile's
    // draft), or the draft now running (the same text, once the compiler module came):
    // the editor follows it.
    {
        let text = text.clone();
        let editing = editing.clone();
        let has_draft = page.draft.is_some();
        use_effect_with((shown, has_draft), move |(shown, has_draft)| {
            text.set(shown.clone());
            editing.set(*has_draft);
            || ()
        });
    }
    // Highlighted once per text, not on every frame's redraw.
    let hl_running = use_memo(source.clone().unwrap_or_default(), |src| highlight(src));
    let hl_text = use_memo((*text).clone(), |src| highlight(src));
    // Again when the compiler module arrives: a program that waited for it has lints
    // only then.
    let found = use_memo(
        (
            source.clone().unwrap_or_default(),
            crate::compiler::module(),
        ),
        |(src, _)| super::lints::of(src),
    );
    let Some(running) = source else {
        return html! {};
    };
    let edited = page.settings.spec.source.is_some();
    let diags = &page.diags;
    let err_at = |line: u32| diags.iter().filter(move |d| d.line == line);

    let header = {
        let d = props.dispatch.clone();
        let revert = Callback::from(move |_: MouseEvent| d.emit(Action::RevertSource));
        let start_edit = {
            let editing = editing.clone();
            Callback::from(move |_: MouseEvent| editing.set(true))
        };
        html! {
            <div class="src-head">
                <h2 id="src-h">{ "main.go" }
                    if edited { <span class="badge edited">{ s.t("src.edited") }</span> }</h2>
                if !*editing {
                    <button id="src-edit" onclick={start_edit}>{ s.t("src.edit") }</button>
                }
                if edited || page.draft.is_some() {
                    <button id="src-revert" onclick={revert}>{ s.t("src.revert") }</button>
                }
            </div>
        }
    };

    let diag_list = (!diags.is_empty()).then(|| {
        html! {
            <ul id="src-errors" class="src-errors" role="alert">
                { for diags.iter().map(|d| html! { <li data-line={d.line.to_string()}>{ d.to_string() }</li> }) }
            </ul>
        }
    });

    if *editing {
        // The text Run sent waits for the compiler module: it cannot change meanwhile
        // (what runs is what the editor shows).
        let waiting = page
            .waiting
            .iter()
            .any(|w| matches!(w, crate::state::Waiting::RunSource(_)));
        let lines = text.split('\n').count();
        let widest = text
            .split('\n')
            .map(|l| l.chars().count() + 3 * l.matches('\t').count())
            .max()
            .unwrap_or(0);
        let hl = hl_text.clone();
        let oninput = {
            let text = text.clone();
            Callback::from(move |e: InputEvent| {
                if let Some(t) = e
                    .target()
                    .and_then(|t| t.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
                {
                    text.set(t.value());
                }
            })
        };
        let run = {
            let d = props.dispatch.clone();
            let text = text.clone();
            Callback::from(move |_: ()| d.emit(Action::RunSource((*text).clone())))
        };
        let onkeydown = {
            let run = run.clone();
            let text = text.clone();
            Callback::from(move |e: KeyboardEvent| {
                let Some(ta) = e
                    .target()
                    .and_then(|t| t.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
                else {
                    return;
                };
                match e.key().as_str() {
                    "Enter" if e.ctrl_key() || e.meta_key() => {
                        e.prevent_default();
                        text.set(ta.value());
                        run.emit(());
                    }
                    "Tab" if !e.shift_key() && !e.ctrl_key() && !e.alt_key() => {
                        e.prevent_default();
                        let (a, b) = (
                            ta.selection_start().ok().flatten().unwrap_or(0),
                            ta.selection_end().ok().flatten().unwrap_or(0),
                        );
                        let _ = ta.set_range_text_with_start_and_end_and_mode("\t", a, b, "end");
                        text.set(ta.value());
                    }
                    "Escape" => {
                        // Leave the editor: the next Tab moves on through the page.
                        e.stop_propagation();
                        let _ = ta.blur();
                        if let Some(b) = web_sys::window()
                            .and_then(|w| w.document())
                            .and_then(|d| d.get_element_by_id("src-run"))
                            .and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok())
                        {
                            let _ = b.focus();
                        }
                    }
                    _ => {}
                }
            })
        };
        let on_run = {
            let run = run.clone();
            Callback::from(move |_: MouseEvent| run.emit(()))
        };
        let cancel = {
            let editing = editing.clone();
            let text = text.clone();
            let running = running.clone();
            let d = props.dispatch.clone();
            let has_draft = page.draft.is_some();
            Callback::from(move |_: MouseEvent| {
                text.set(running.clone());
                editing.set(false);
                if has_draft {
                    d.emit(Action::RevertSource);
                }
            })
        };
        return html! {
            <section id="gosrc" class="gosrc editing" aria-labelledby="src-h">
                { header }
                <p class="help">{ s.t("src.editor_help") }</p>
                <div class="editor" style={format!("--lines: {lines}")}>
                    <pre class="lnos" aria-hidden="true">{ for (1..=lines).map(|i| {
                        let bad = err_at(i as u32).next().is_some();
                        html! { <span class={classes!(bad.then_some("err"))}>{ format!("{i}\n") }</span> }
                    }) }</pre>
                    <div class="ed-wrap" style={format!("min-width: calc({widest}ch + 2ch)")}>
                        <pre class="hl" aria-hidden="true">{ for hl.iter().enumerate().map(|(i, l)| {
                            let bad: Vec<String> = err_at(i as u32 + 1).map(|d| d.msg.clone()).collect();
                            html! { <span class={classes!("hl-line", (!bad.is_empty()).then_some("err"))}>{ line_html(l) }{ "\n" }</span> }
                        }) }</pre>
                        <textarea id="src-text" class="ed" spellcheck="false" autocapitalize="off" autocomplete="off"
                            wrap="off" rows={(lines + 1).to_string()} aria-label={s.t("src.editor_label")}
                            value={(*text).clone()} {oninput} {onkeydown} readonly={waiting} aria-busy={waiting.to_string()} />
                    </div>
                </div>
                { for diag_list }
                <div class="src-actions">
                    <button id="src-run" class="primary" onclick={on_run}>{ s.t("src.run") }</button>
                    <button id="src-cancel" onclick={cancel}>{ s.t("src.cancel") }</button>
                </div>
            </section>
        };
    }

    let r = props.runner.0.borrow();
    let ui = &r.ui;
    let snap = ui.snap.clone();
    let by_line = gs_by_line(&snap);
    let selected_line = page
        .selected
        .and_then(|g| snap.gs.iter().find(|x| x.goid == g))
        .map(|g| g.line)
        .filter(|&l| l > 0);
    // The line the code box keeps in view: the selected goroutine's, else the line
    // of the goroutine running on the lowest-numbered P that runs one of the program's.
    // (One pass over the goroutines, however many there are.)
    let running: Vec<u64> = snap.ps.iter().filter_map(|p| p.curg).collect();
    let mut lines_of_running = vec![0u32; running.len()];
    for g in snap
        .gs
        .iter()
        .filter(|g| g.line > 0 && g.kind != GKind::System)
    {
        if let Some(i) = running.iter().position(|&r| r == g.goid) {
            lines_of_running[i] = g.line;
        }
    }
    let running_line = lines_of_running.into_iter().find(|&l| l > 0);
    let follow = selected_line.or(running_line);
    // One line number is in the Tab order (the followed line's, else the one picked,
    // else the first); the arrow keys move between line numbers.
    let tab_line = follow.or(*picked).unwrap_or(1);
    let line_keys = Callback::from(|e: KeyboardEvent| {
        let step = match e.key().as_str() {
            "ArrowDown" => 1,
            "ArrowUp" => -1,
            _ => return,
        };
        let Some(b) = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok())
            .filter(|b| b.class_name() == "lno")
        else {
            return;
        };
        let line = b.parent_element();
        let next = if step > 0 {
            line.and_then(|l| l.next_element_sibling())
        } else {
            line.and_then(|l| l.previous_element_sibling())
        };
        if let Some(n) = next
            .and_then(|l| l.query_selector(".lno").ok().flatten())
            .and_then(|n| n.dyn_into::<web_sys::HtmlElement>().ok())
        {
            e.prevent_default();
            let _ = n.focus();
        }
    });
    let hl = hl_running.clone();
    let g_pick = Pick {
        on_select: props.on_select.clone(),
        selected: page.selected,
    };
    let pick = |line: u32| {
        let picked = picked.clone();
        Callback::from(move |_: MouseEvent| {
            picked.set(if *picked == Some(line) {
                None
            } else {
                Some(line)
            })
        })
    };
    let runtime_gs: Vec<&GSnap> = snap.gs.iter().filter(|g| g.kind == GKind::System).collect();
    let picked_list = picked.and_then(|line| {
        let gs = by_line.get(&line)?;
        Some(html! {
            <p id="src-line-gs" class="line-gs" role="status">
                { s.t_args("src.line_gs", &[("line", line.to_string())]) }
                { for gs.iter().map(|g| html! { <>
                    { token(g.goid, ui, s, &g_pick, "") }
                    <span class="where">{ format!(" {} ", s.msg(&crate::ui::where_is(&snap, g.goid))) }</span>
                </> }) }
            </p>
        })
    });
    html! {
        <section id="gosrc" class="gosrc" aria-labelledby="src-h">
            { header }
            <details id="src-fold" class="src-fold" open=true>
            <summary>{ s.t("src.lines_label") }</summary>
            <p class="help">{ s.t("src.help") }</p>
            <div class="code" ref={code_ref.clone()} role="list" aria-label={s.t("src.lines_label")} data-follow={follow.map(|l| l.to_string())}
                data-follow-key={follow.map(|l| if page.settings.paused { format!("{l}@{}", page.run.steps) } else { l.to_string() })}
                onkeydown={line_keys}>
                { for hl.iter().enumerate().map(|(i, l)| {
                    let n = i as u32 + 1;
                    let here = by_line.get(&n).map(Vec::as_slice).unwrap_or(&[]);
                    let shown = if !props.bench {
                        if here.len() > GUTTER_TOKENS + 1 { GUTTER_TOKENS } else { here.len() }
                    } else {
                        here.len().min(1)
                    };
                    let first = if props.bench {
                        here.iter().position(|g| Some(g.goid) == page.selected)
                            .or_else(|| here.iter().position(|g| running.contains(&g.goid)))
                            .unwrap_or(0)
                    } else {
                        0
                    };
                    let bad: Vec<String> = err_at(n).map(|d| d.msg.clone()).collect();
                    let label = if here.is_empty() {
                        s.t_args("src.line", &[("n", n.to_string())])
                    } else {
                        s.t_args("src.line_with_gs", &[("n", n.to_string()), ("gs", s.int(here.len()))])
                    };
                    html! {
                        <div role="listitem" data-line={n.to_string()} class={classes!("ln",
                            (selected_line == Some(n)).then_some("sel"),
                            (follow == Some(n)).then_some("follow"),
                            (!here.is_empty()).then_some("has-g"),
                            (!bad.is_empty()).then_some("err"))}
                            title={(!bad.is_empty()).then(|| bad.join("; "))}>
                            <button class="lno" aria-label={label} onclick={pick(n)}
                                tabindex={if tab_line == n { "0" } else { "-1" }}>{ n }</button>
                            <span class="gut">
                                { super::lints::marker(&found, n, s) }
                                { for here.iter().skip(first).chain(here.iter().take(first)).take(shown)
                                    .map(|g| token(g.goid, ui, s, &g_pick, "mini")) }
                                if here.len() > shown {
                                    <span class="more">{ format!("+{}", here.len() - shown) }</span>
                                }
                            </span>
                            <code class="txt">{ line_html(l) }</code>
                        </div>
                    }
                }) }
            </div>
            { for picked_list }
            { for diag_list }
            { super::lints::list(&found, s, &props.dispatch) }
            if !runtime_gs.is_empty() {
                <p class="runtime-gs">{ s.t("src.runtime_gs") }
                    { for runtime_gs.iter().map(|g| html! { <>
                        { token(g.goid, ui, s, &g_pick, "mini") }
                        <span class="where">{ format!(" {} · {} ", ui.names.get(&g.goid).map(|n| n.0.as_str()).unwrap_or("runtime"), s.msg(&crate::ui::where_is(&snap, g.goid))) }</span>
                    </> }) }
                </p>
            }
            </details>
        </section>
    }
}

/// Scrolls the code box (not the page) so that its `.follow` line is inside it, a
/// third of the way down, when it is not inside already.
fn follow_into_view(code: &web_sys::HtmlElement, seen: Option<(f64, f64)>) {
    let Some(line) = code
        .query_selector(".ln.follow")
        .ok()
        .flatten()
        .and_then(|l| l.dyn_into::<web_sys::HtmlElement>().ok())
    else {
        return;
    };
    // `.code` is positioned: a line's offsetTop is measured from the box's top.
    let (top, h) = (line.offset_top(), line.offset_height());
    let (scroll, view) = (code.scroll_top(), code.client_height());
    // The part of the box the learner sees: the box, cut by the window (in a frame,
    // by the part of it the course page's window shows: `seen`, from the box's top).
    // On a phone the box may reach below the screen: the line is brought into the
    // part that is seen.
    let r = code.get_bounding_client_rect();
    let (cut_top, cut_bottom) = match seen {
        Some((top, bottom)) => (top.max(0.0) as i32, (r.height() - bottom).max(0.0) as i32),
        None => {
            let (seen_top, seen_bottom) = crate::embed::visible();
            (
                (seen_top - r.top()).max(0.0) as i32,
                (r.bottom() - seen_bottom).max(0.0) as i32,
            )
        }
    };
    let (cut_top, cut_bottom) = if view - cut_top - cut_bottom < 2 * h {
        (0, 0) // hardly any of it is seen: the whole box
    } else {
        (cut_top, cut_bottom)
    };
    // In view means a line's height clear of the seen part's bottom too: what is
    // above the box may still grow by a line (a queue's tokens wrapping) once the
    // step's changes are drawn.
    let (lo, hi) = (scroll + cut_top, scroll + view - cut_bottom);
    let margin = if hi - lo >= 4 * h { h } else { 0 };
    if top < lo || top + h + margin > hi {
        code.set_scroll_top((top - cut_top - (hi - lo) / 3).max(0));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flat(src: &str) -> Vec<String> {
        highlight(src)
            .iter()
            .map(|l| l.iter().map(|(_, s)| s.as_str()).collect())
            .collect()
    }

    #[test]
    fn highlighting_keeps_every_character_of_every_line() {
        let src = "package main\n\nimport \"fmt\"\n\n/* a\n block */ func main() {\n\tx := `raw\nstring` + \"q\\\"uote\" // done\n\tfmt.Println(len(x), 'a', 0x1F)\n}\n";
        assert_eq!(flat(src).join("\n"), src);
    }

    #[test]
    fn highlighting_knows_keywords_strings_comments_across_lines() {
        let l =
            highlight("func f() { // go\n/* go\ngo */ go f()\ns := `go\ngo` + x.len + len(s)\n");
        let kinds = |i: usize, w: &str| -> Vec<Tok> {
            l[i].iter()
                .filter(|(_, s)| s.contains(w))
                .map(|(t, _)| *t)
                .collect()
        };
        assert_eq!(kinds(0, "func"), vec![Tok::Keyword]);
        assert_eq!(kinds(0, "go"), vec![Tok::Comment]);
        assert_eq!(kinds(1, "go"), vec![Tok::Comment]);
        assert_eq!(kinds(2, "go */"), vec![Tok::Comment]);
        assert!(l[2].contains(&(Tok::Keyword, "go".into())));
        assert_eq!(kinds(3, "`go"), vec![Tok::Str]);
        assert_eq!(kinds(4, "go`"), vec![Tok::Str]);
        // `x.len` is a field; `len(s)` the builtin.
        assert_eq!(
            l[4].iter()
                .filter(|(t, s)| *t == Tok::Builtin && s == "len")
                .count(),
            1
        );
    }
}
