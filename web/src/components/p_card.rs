//! A P's card: its status, its M, the running G, runnext, and its 256-slot ring,
//! drawn compact (a slot under the pointer names its G) or open as labelled slots.

use gmp_core::runtime::PStatus;
use gmp_core::snapshot::PSnap;
use gmp_core::GKind;
use yew::prelude::*;

use std::rc::Rc;

use wasm_bindgen::JsCast;

use super::{ctx2d, kind_color, token, token_with, Pick};
use crate::runner::Shared;
use crate::strings::Text;
use crate::ui::Ui;

pub fn pstatus(s: PStatus) -> &'static str {
    match s {
        PStatus::Idle => "idle",
        PStatus::Running => "running",
        PStatus::SyscallUnused => "syscall",
        PStatus::Gcstop => "gcstop",
        PStatus::Dead => "dead",
    }
}

#[derive(Properties, PartialEq)]
pub struct PCardProps {
    pub p: PSnap,
    pub runner: Shared,
    pub frame: u64,
    pub pick: Pick,
    /// The ring is shown as labelled slots.
    pub open: bool,
    pub on_toggle: Callback<u32>,
    pub text: Text,
    /// A lesson's bench: the local run queue as its first goroutines' tokens in
    /// order, head first, instead of the 256-slot ring.
    #[prop_or_default]
    pub compact: bool,
    /// A compact card among more than four: one row (running, runnext, the queue's
    /// first goroutines), the slots' labels left to their titles.
    #[prop_or_default]
    pub dense: bool,
}

/// How many of a P's queued goroutines a compact card names before "+N".
const COMPACT_QUEUE: usize = 6;

#[function_component(PCard)]
pub fn p_card(props: &PCardProps) -> Html {
    let r = props.runner.0.borrow();
    let (p, ui, sel, s) = (&props.p, &r.ui, &props.pick, &props.text);
    let flash = ui.flashes.get(&(p.id as i32));
    let kinds: Vec<u8> = p.ring.iter().map(|&g| ui.kind(g) as u8).collect();
    let names: Rc<Vec<String>> = Rc::new(p.ring.iter().map(|&g| ui.name(g)).collect());
    let marked = sel
        .selected
        .and_then(|g| p.ring.iter().position(|&x| x == g));
    let toggle = {
        let (t, id) = (props.on_toggle.clone(), p.id);
        Callback::from(move |_: MouseEvent| t.emit(id))
    };
    let ring_id = format!("ring-{}", p.id);
    let limit = if props.dense { 2 } else { COMPACT_QUEUE };
    html! {
        <article class={classes!("pcard", pstatus(p.status), flash.map(|f| format!("flash-{}", f.what)), props.open.then_some("ring-open"), props.dense.then_some("dense"))}
            data-p={p.id.to_string()} data-status={pstatus(p.status)} aria-label={format!("P{}", p.id)}>
            <header>
                <strong>{ format!("P{}", p.id) }</strong>
                <span class="pst">{ s.t(&format!("p.status_{}", pstatus(p.status))) }</span>
                <span class="pm">{ match p.m { Some(m) => format!("M{m}"), None => s.t("p.no_m") } }</span>
                <span class="tick" title="schedtick">{ s.t_args("p.tick", &[("n", s.int(p.schedtick))]) }</span>
            </header>
            <div class="slots">
                <div class="slot run" title={s.t("p.run_title")}>
                    <span class="lbl">{ s.t(if p.in_syscall { "p.in_syscall" } else { "p.running" }) }</span>
                    { p.curg.map(|g| token(g, ui, s, sel, if p.in_syscall { "in-syscall" } else { "" })).unwrap_or_default() }
                </div>
                <div class="slot next" title={s.t("p.runnext_title")}>
                    <span class="lbl">{ "runnext" }</span>
                    { p.runnext.map(|g| token(g, ui, s, sel, "")).unwrap_or_default() }
                </div>
            </div>
            if props.compact && !props.open {
                <div class="runq-row" aria-label={s.t_args("p.ring_label", &[("n", s.int(p.ring.len()))])}>
                    <span class="lbl">{ format!("runq {}", p.ring.len()) }</span>
                    { for p.ring.iter().take(if p.ring.len() > limit + 1 { limit } else { p.ring.len() })
                        .map(|&g| token(g, ui, s, sel, "")) }
                    if p.ring.len() > limit + 1 {
                        <span class="more">{ format!("+{}", p.ring.len() - limit) }</span>
                    }
                </div>
            } else if props.open {
                { ring_list(p, ui, sel, s, &ring_id) }
            } else {
                <RingCanvas label={s.t_args("p.ring_label", &[("n", s.int(kinds.len()))])} kinds={kinds} head={p.head}
                    names={names} marked={marked} />
            }
            <div class={classes!("ringinfo", props.compact.then_some("compact"))} data-ring-len={p.ring.len().to_string()} data-head={p.head.to_string()}
                data-ring={p.ring.iter().map(|g| g.to_string()).collect::<Vec<_>>().join(" ")}
                data-runnext={p.runnext.map(|g| g.to_string()).unwrap_or_default()}>
                <span class={classes!(props.compact.then_some("sr-only"))}>{ s.t_args("p.ring", &[("len", p.ring.len().to_string()), ("head", p.head.to_string()), ("tail", p.tail.to_string())]) }</span>
                // A compact card's toggle is a small mark that says what it does to
                // screen readers and under the pointer.
                <button class="ring-toggle" id={format!("ring-toggle-{}", p.id)} aria-expanded={props.open.to_string()}
                    aria-controls={ring_id.clone()} onclick={toggle}
                    aria-label={props.compact.then(|| s.t(if props.open { "p.ring_hide" } else { "p.ring_show" }))}
                    title={props.compact.then(|| s.t(if props.open { "p.ring_hide" } else { "p.ring_show" }))}>
                    { if props.compact { (if props.open { "▴" } else { "▤" }).to_string() } else { s.t(if props.open { "p.ring_hide" } else { "p.ring_show" }) } }</button>
            </div>
            if let Some(f) = flash.filter(|_| !props.compact) {
                <div class={classes!("flash", format!("flash-{}", f.what))} role="status">{ s.msg(&f.text) }</div>
            }
        </article>
    }
}

/// The open ring: runnext beside the run queue's slots in order, head to tail, each
/// naming its G as the captions do ("A (G5)") with its index in `runq`.
fn ring_list(p: &PSnap, ui: &Ui, pick: &Pick, s: &Text, id: &str) -> Html {
    let n = p.ring.len();
    html! {
        <div class="ring-open-view" id={id.to_string()}>
            <div class="ring-next">
                <span class="lbl">{ "runnext" }</span>
                { match p.runnext {
                    Some(g) => token_with(g, ui, s, pick, "", ui.name(g)),
                    None => html! { <span class="empty">{ s.t("p.slot_empty") }</span> },
                } }
            </div>
            if n == 0 {
                <p class="ring-empty">{ s.t("p.ring_empty") }</p>
            } else {
                <ol class="ring-slots" aria-label={s.t_args("p.ring_list_label", &[("p", p.id.to_string()), ("n", s.int(n))])}>
                    { for p.ring.iter().enumerate().map(|(i, &g)| {
                        // proc.go: runqget takes runq[head%len(runq)] first; runqput puts at tail.
                        let slot = p.head.wrapping_add(i as u32) % 256;
                        let end = match (i == 0, i + 1 == n) {
                            (true, true) => Some(s.t("p.head_tail")),
                            (true, false) => Some(s.t("p.head")),
                            (false, true) => Some(s.t("p.tail")),
                            _ => None,
                        };
                        html! {
                            <li class="ring-slot" data-slot={slot.to_string()} data-goid={g.to_string()}>
                                <span class="pos">{ format!("{}", i + 1) }</span>
                                { token_with(g, ui, s, pick, "", ui.name(g)) }
                                <span class="runq-ix">{ format!("runq[{slot}]") }</span>
                                if let Some(e) = end { <span class="end">{ e }</span> }
                            </li>
                        }
                    }) }
                </ol>
            }
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct RingProps {
    pub kinds: Vec<u8>,
    pub head: u32,
    pub label: String,
    /// Each queued G's name, head to tail: hovering a slot names its G.
    pub names: Rc<Vec<String>>,
    /// The selected G's place in the queue, outlined.
    pub marked: Option<usize>,
}

/// The 256 slots of a P's ring, 32 × 8, the occupied ones coloured by kind; the slot
/// under the pointer names its G (the canvas's title follows the pointer).
#[function_component(RingCanvas)]
pub fn ring_canvas(props: &RingProps) -> Html {
    let node = use_node_ref();
    let hover = use_state_eq(|| None::<usize>);
    {
        let node = node.clone();
        use_effect_with(
            (props.kinds.clone(), props.head, props.marked),
            move |(kinds, head, marked)| {
                if let Some(ctx) = ctx2d(&node) {
                    ctx.set_fill_style_str("#eef0f3");
                    ctx.fill_rect(0.0, 0.0, 256.0, 64.0);
                    let at = |i: usize| {
                        let slot = (head.wrapping_add(i as u32) % 256) as f64;
                        ((slot % 32.0) * 8.0, (slot / 32.0).floor() * 8.0)
                    };
                    for (i, k) in kinds.iter().enumerate() {
                        let (x, y) = at(i);
                        ctx.set_fill_style_str(kind_color(GKind::from_u8(*k)));
                        ctx.fill_rect(x + 0.5, y + 0.5, 7.0, 7.0);
                    }
                    if let Some(i) = *marked {
                        let (x, y) = at(i);
                        ctx.set_stroke_style_str("#111");
                        ctx.set_line_width(1.5);
                        ctx.stroke_rect(x + 0.75, y + 0.75, 6.5, 6.5);
                    }
                }
                || ()
            },
        );
    }
    let onmousemove = {
        let (hover, head, len) = (hover.clone(), props.head, props.kinds.len());
        Callback::from(move |e: MouseEvent| {
            let Some(c) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok())
            else {
                return;
            };
            let (w, h) = (
                c.client_width().max(1) as f64,
                c.client_height().max(1) as f64,
            );
            let (x, y) = (
                e.offset_x() as f64 * 256.0 / w,
                e.offset_y() as f64 * 64.0 / h,
            );
            let slot = (y.clamp(0.0, 63.0) as u32 / 8) * 32 + (x.clamp(0.0, 255.0) as u32 / 8);
            let i = slot.wrapping_sub(head) % 256;
            hover.set(((i as usize) < len).then_some(i as usize));
        })
    };
    let onmouseleave = {
        let hover = hover.clone();
        Callback::from(move |_: MouseEvent| hover.set(None))
    };
    let title = match *hover {
        Some(i) => props
            .names
            .get(i)
            .cloned()
            .unwrap_or_else(|| props.label.clone()),
        None => props.label.clone(),
    };
    html! { <canvas ref={node} class="ring" width="256" height="64" aria-label={props.label.clone()}
    title={title} data-hover={hover.map(|i| i.to_string())} {onmousemove} {onmouseleave}></canvas> }
}
