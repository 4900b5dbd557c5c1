//! The page's parts, as small functions and two canvas components.

use gmp_core::runtime::PStatus;
use gmp_core::snapshot::{MState, PSnap, Snapshot};
use gmp_core::GKind;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::engine::Engine;
use crate::strings::Strings;
use crate::ui::{Arrow, Ui};

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

fn kind_color(k: GKind) -> &'static str {
    match k {
        GKind::Main => "#6b5b95",
        GKind::Cpu => "#e07a1f",
        GKind::Blocking => "#c0392b",
        GKind::Network => "#1f8a70",
        GKind::Example => "#2e6fd1",
        GKind::System => "#8a8f98",
    }
}

/// A goroutine token: a button showing its goid, coloured by kind.
pub fn token(goid: u64, ui: &Ui, onselect: Callback<u64>, extra: &'static str) -> Html {
    let k = ui.kind(goid);
    let onclick = Callback::from(move |_| onselect.emit(goid));
    let fresh = if ui.preempted.contains_key(&goid) {
        "just-preempted"
    } else {
        ""
    };
    let (text, title) = ui.label(goid);
    html! {
        <button class={classes!("g", kind_class(k), extra, fresh)} data-goid={goid.to_string()}
            title={title} {onclick}>{ text }</button>
    }
}

fn pstatus(s: PStatus) -> &'static str {
    match s {
        PStatus::Idle => "idle",
        PStatus::Running => "running",
        PStatus::SyscallUnused => "syscall",
        PStatus::Gcstop => "gcstop",
        PStatus::Dead => "dead",
    }
}

pub fn p_card(p: &PSnap, ui: &Ui, onselect: Callback<u64>) -> Html {
    let flash = ui.flashes.get(&(p.id as i32));
    let kinds: Vec<u8> = p.ring.iter().map(|&g| ui.kind(g) as u8).collect();
    html! {
        <article class={classes!("pcard", pstatus(p.status), flash.map(|f| format!("flash-{}", f.what)))}
            data-p={p.id.to_string()} data-status={pstatus(p.status)} aria-label={format!("P{}", p.id)}>
            <header>
                <strong>{ format!("P{}", p.id) }</strong>
                <span class="pst">{ pstatus(p.status) }</span>
                <span class="pm">{ match p.m { Some(m) => format!("M{m}"), None => "no M".into() } }</span>
                <span class="tick" title="schedtick">{ format!("tick {}", p.schedtick) }</span>
            </header>
            <div class="slots">
                <div class="slot run" title="the G running on this P (its M's curg)">
                    <span class="lbl">{ if p.in_syscall { "in syscall" } else { "running" } }</span>
                    { p.curg.map(|g| token(g, ui, onselect.clone(), if p.in_syscall { "in-syscall" } else { "" })).unwrap_or_default() }
                </div>
                <div class="slot next" title="runnext: runs next, inheriting the time slice">
                    <span class="lbl">{ "runnext" }</span>
                    { p.runnext.map(|g| token(g, ui, onselect.clone(), "")).unwrap_or_default() }
                </div>
            </div>
            <RingCanvas kinds={kinds} head={p.head} />
            <div class="ringinfo" data-ring-len={p.ring.len().to_string()}
                data-ring={p.ring.iter().map(|g| g.to_string()).collect::<Vec<_>>().join(" ")}
                data-runnext={p.runnext.map(|g| g.to_string()).unwrap_or_default()}>
                { format!("ring {}/256 · head {} tail {}", p.ring.len(), p.head, p.tail) }
            </div>
            if let Some(f) = flash {
                <div class={classes!("flash", format!("flash-{}", f.what))} role="status">{ f.text.clone() }</div>
            }
        </article>
    }
}

#[derive(Properties, PartialEq)]
pub struct RingProps {
    pub kinds: Vec<u8>,
    pub head: u32,
}

/// The 256 slots of a P's ring, 32 × 8, the occupied ones coloured by kind.
#[function_component(RingCanvas)]
pub fn ring_canvas(props: &RingProps) -> Html {
    let node = use_node_ref();
    {
        let node = node.clone();
        let kinds = props.kinds.clone();
        let head = props.head;
        use_effect_with((kinds, head), move |(kinds, head)| {
            if let Some(ctx) = ctx2d(&node) {
                ctx.set_fill_style_str("#eef0f3");
                ctx.fill_rect(0.0, 0.0, 256.0, 64.0);
                for (i, k) in kinds.iter().enumerate() {
                    let slot = (head.wrapping_add(i as u32) % 256) as f64;
                    let (x, y) = ((slot % 32.0) * 8.0, (slot / 32.0).floor() * 8.0);
                    ctx.set_fill_style_str(kind_color(GKind::from_u8(*k)));
                    ctx.fill_rect(x + 0.5, y + 0.5, 7.0, 7.0);
                }
            }
            || ()
        });
    }
    html! { <canvas ref={node} class="ring" width="256" height="64" aria-label={format!("{} goroutines in the ring", props.kinds.len())}></canvas> }
}

fn ctx2d(node: &NodeRef) -> Option<web_sys::CanvasRenderingContext2d> {
    let canvas = node.cast::<web_sys::HtmlCanvasElement>()?;
    canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into().ok())
}

/// Steal arrows: from the victim's card to the thief's, with the count.
pub fn arrows(arrows: &[Arrow], nps: usize, grid: &NodeRef) -> Html {
    if arrows.is_empty() || nps == 0 {
        return html! {};
    }
    let width = grid
        .cast::<web_sys::Element>()
        .map(|e| e.client_width() as f64)
        .unwrap_or(900.0);
    let (cw, ch, gap) = (236.0, 200.0, 10.0);
    let cols = ((width + gap) / (cw + gap)).floor().max(1.0) as usize;
    let center = |p: i32| {
        let i = p.max(0) as usize;
        (
            (i % cols) as f64 * (cw + gap) + cw / 2.0,
            (i / cols) as f64 * (ch + gap) + ch / 2.0,
        )
    };
    html! {
        <svg class="arrows" aria-hidden="true">
            <defs><marker id="ah" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                <path d="M0,0 L10,5 L0,10 z" fill="#b03a8a" /></marker></defs>
            { for arrows.iter().filter(|a| (a.victim as usize) < nps && (a.thief as usize) < nps).enumerate().map(|(i, a)| {
                let (x1, y1) = center(a.victim);
                let (x2, y2) = center(a.thief);
                // Stagger the labels of arrows drawn at the same time.
                let (mx, my) = ((x1 + x2) / 2.0, (y1 + y2) / 2.0 - 18.0 + (i % 4) as f64 * 16.0);
                html! { <g class="steal-arrow" data-victim={a.victim.to_string()} data-thief={a.thief.to_string()} data-n={a.n.to_string()}>
                    <line x1={x1.to_string()} y1={y1.to_string()} x2={x2.to_string()} y2={y2.to_string()} marker-end="url(#ah)" />
                    <text x={mx.to_string()} y={my.to_string()}>{ format!("steal {}{}", a.n, if a.runnext { " (runnext)" } else { "" }) }</text>
                </g> }
            }) }
        </svg>
    }
}

pub fn global_queue(snap: &Snapshot, ui: &Ui, onselect: Callback<u64>, s: &Strings) -> Html {
    let shown: Vec<u64> = snap
        .global
        .as_ref()
        .map(|g| g.iter().take(64).copied().collect())
        .unwrap_or_default();
    html! {
        <section id="global" aria-labelledby="global-h" data-len={snap.global_len.to_string()}>
            <h2 id="global-h">{ format!("Global run queue ({})", snap.global_len) }</h2>
            <p class="help">{ s.global_help }</p>
            <div class="queue">
                { for shown.iter().map(|&g| token(g, ui, onselect.clone(), "")) }
                if snap.global_len as usize > shown.len() {
                    <span class="more">{ format!("+{} more", snap.global_len as usize - shown.len()) }</span>
                }
            </div>
        </section>
    }
}

pub fn ms(snap: &Snapshot, s: &Strings, limit: usize) -> Html {
    let m_word = |st: MState| match st {
        MState::SyscallHoldingP => "syscall-holding-p",
        MState::SyscallNoP => "syscall-no-p",
        MState::Running => "running",
        MState::Spinning => "spinning",
        MState::Scheduling => "scheduling",
        MState::Idle => "idle",
        MState::Netpoll => "netpoll",
        MState::Stw => "stw",
        MState::Sysmon => "sysmon",
        MState::Exited => "exited",
    };
    html! {
        <section id="ms" aria-labelledby="ms-h">
            <h2 id="ms-h">{ "Ms (threads) " }<span id="threads" data-threads={snap.threads.to_string()}>{ format!("threads={} of {limit} · spinning={} · idle={}", snap.threads, snap.nmspinning, snap.nmidle) }</span></h2>
            <p class="help">{ s.ms_help }</p>
            <ul class="mlist">
                { for snap.ms.iter().map(|m| html!{
                    <li data-m={m.id.to_string()} data-state={m_word(m.state)} class={m_word(m.state)}>
                        <strong>{ format!("M{}", m.id) }</strong>{ " " }{ m.state.label() }
                        { m.p.map(|p| format!(" · P{p}")).unwrap_or_default() }
                        { m.curg.map(|g| format!(" · G{g}")).unwrap_or_default() }
                    </li>
                }) }
            </ul>
        </section>
    }
}

pub fn sysmon(snap: &Snapshot, s: &Strings) -> Html {
    let sm = &snap.sysmon;
    html! {
        <section id="sysmon" aria-labelledby="sysmon-h">
            <h2 id="sysmon-h">{ "sysmon" }</h2>
            <p class="help">{ s.sysmon_help }</p>
            <p>{ format!("delay {} µs{} · idle cycles {}", sm.delay_us, if sm.deep_sleep { " (deep sleep)" } else { "" }, sm.idle_cycles) }</p>
            <p>{ match sm.last_preempt { Some((t, p)) => format!("last preemption request: P{p} at {:.1} ms", t as f64 / 1e6), None => "no preemption yet".into() } }</p>
            <p>{ match sm.last_retake { Some((t, p)) => format!("last P retaken from a syscall: P{p} at {:.1} ms", t as f64 / 1e6), None => "no P retaken from a syscall yet".into() } }</p>
        </section>
    }
}

pub fn netpoll(snap: &Snapshot, ui: &Ui, onselect: Callback<u64>, s: &Strings) -> Html {
    html! {
        <>
        <section id="netpoll" aria-labelledby="np-h">
            <h2 id="np-h">{ format!("netpoller ({} waiting)", snap.netpoll.len()) }</h2>
            <p class="help">{ s.netpoll_help }</p>
            <div class="queue">
                { for snap.netpoll.iter().take(64).map(|&(g, _)| token(g, ui, onselect.clone(), "")) }
                if let Some(l) = snap.listener {
                    <span class="listener">{ format!("G{l} (main) waits for your requests") }</span>
                }
            </div>
        </section>
        <section id="timers" aria-labelledby="tm-h">
            <h2 id="tm-h">{ format!("timers ({})", snap.timers.len()) }</h2>
            <p class="help">{ s.timers_help }</p>
            <div class="queue">{ for snap.timers.iter().take(32).map(|&(g, _)| token(g, ui, onselect.clone(), "")) }</div>
        </section>
        </>
    }
}

#[derive(Properties, PartialEq)]
pub struct TimelineProps {
    pub lanes: u32,
    pub now: i64,
    /// (p, goid kind, start, end).
    pub slices: Vec<(i32, u8, i64, i64)>,
}

#[function_component(Timeline)]
pub fn timeline_canvas(props: &TimelineProps) -> Html {
    let node = use_node_ref();
    let h = (props.lanes.max(1) * 14 + 4) as f64;
    {
        let node = node.clone();
        use_effect_with(
            (props.slices.clone(), props.now, props.lanes),
            move |(slices, now, lanes)| {
                if let Some(ctx) = ctx2d(&node) {
                    let w = 800.0;
                    let span = crate::ui::TIMELINE_NS as f64;
                    ctx.set_fill_style_str("#fafbfc");
                    ctx.fill_rect(0.0, 0.0, w, (*lanes * 14 + 4) as f64);
                    // Lane labels sit in a 28 px gutter; slices are drawn right of it.
                    ctx.set_fill_style_str("#5b6570");
                    ctx.set_font("10px system-ui, sans-serif");
                    for p in 0..*lanes {
                        let _ = ctx.fill_text(&format!("P{p}"), 2.0, p as f64 * 14.0 + 11.0);
                    }
                    let (x0, w) = (28.0, w - 28.0);
                    for &(p, k, s, e) in slices {
                        let x1 =
                            x0 + ((s - (now - crate::ui::TIMELINE_NS)) as f64 / span * w).max(0.0);
                        let x2 =
                            x0 + ((e - (now - crate::ui::TIMELINE_NS)) as f64 / span * w).min(w);
                        if x2 <= x1 {
                            continue;
                        }
                        ctx.set_fill_style_str(kind_color(GKind::from_u8(k)));
                        ctx.fill_rect(x1, p as f64 * 14.0 + 2.0, (x2 - x1 - 0.5).max(1.0), 11.0);
                    }
                }
                || ()
            },
        );
    }
    html! { <canvas ref={node} id="timeline" class="timeline" width="800" height={h.to_string()}
    aria-label="per-P timeline of the last 200 ms"></canvas> }
}

pub fn timeline(ui: &Ui, lanes: u32) -> Html {
    let now = ui.snap.now;
    let slices: Vec<(i32, u8, i64, i64)> = ui
        .slices
        .iter()
        .map(|s| (s.p, ui.kind(s.goid) as u8, s.start, s.end.unwrap_or(now)))
        .collect();
    html! { <Timeline lanes={lanes} now={now} slices={slices} /> }
}

/// A G's card: its state now and the events that mention it.
pub fn g_detail(
    goid: u64,
    snap: &Snapshot,
    eng: Option<&Engine>,
    close: Callback<MouseEvent>,
) -> Html {
    let g = snap.gs.iter().find(|g| g.goid == goid);
    let history: Vec<String> = eng
        .and_then(|e| e.rt().events.try_snapshot())
        .map(|evs| {
            evs.iter()
                .filter(|e| mentions(&e.kind, goid))
                .rev()
                .take(40)
                .filter_map(|e| {
                    crate::ui::describe(e).map(|d| format!("{:.3} ms  {d}", e.t as f64 / 1e6))
                })
                .collect()
        })
        .unwrap_or_default();
    html! {
        <div class="gdetail" role="dialog" aria-label={format!("Goroutine {goid}")}>
            <h2>{ format!("G{goid}") }</h2>
            { match g {
                Some(g) => html!{ <p>{ format!("{} · {} {} · stack {} bytes ({} used)", g.kind.name(), g.status.go_name(),
                    if g.waitreason.as_str().is_empty() { String::new() } else { format!("({})", g.waitreason.as_str()) },
                    g.stack_size, g.stack_used) }</p> },
                None => html!{ <p>{ "finished (_Gdead)" }</p> },
            } }
            <ol class="history">{ for history.iter().map(|h| html!{ <li>{ h }</li> }) }</ol>
            <button onclick={close} autofocus=true>{ "Close" }</button>
        </div>
    }
}

fn mentions(k: &gmp_core::trace::EvKind, goid: u64) -> bool {
    use gmp_core::trace::EvKind::*;
    match k {
        GoCreate { g, .. }
        | GoStart { g }
        | GoStop { g, .. }
        | GoBlock { g, .. }
        | GoUnblock { g }
        | GoDestroy { g }
        | GoSyscallBegin { g }
        | GoSyscallEnd { g }
        | GoSyscallEndBlocked { g }
        | Preempt { g, .. }
        | StackGrow { g, .. }
        | StackShrink { g, .. } => *g == goid,
        _ => false,
    }
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
