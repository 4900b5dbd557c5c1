//! A P's card: its status, its M, the running G, runnext, and its 256-slot ring.

use gmp_core::runtime::PStatus;
use gmp_core::snapshot::PSnap;
use gmp_core::GKind;
use yew::prelude::*;

use super::{ctx2d, kind_color, token};
use crate::runner::Shared;
use crate::strings::Text;

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
    pub on_select: Callback<u64>,
    pub text: Text,
}

#[function_component(PCard)]
pub fn p_card(props: &PCardProps) -> Html {
    let r = props.runner.0.borrow();
    let (p, ui, sel, s) = (&props.p, &r.ui, &props.on_select, &props.text);
    let flash = ui.flashes.get(&(p.id as i32));
    let kinds: Vec<u8> = p.ring.iter().map(|&g| ui.kind(g) as u8).collect();
    html! {
        <article class={classes!("pcard", pstatus(p.status), flash.map(|f| format!("flash-{}", f.what)))}
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
            <RingCanvas label={s.t_args("p.ring_label", &[("n", s.int(kinds.len()))])} kinds={kinds} head={p.head} />
            <div class="ringinfo" data-ring-len={p.ring.len().to_string()}
                data-ring={p.ring.iter().map(|g| g.to_string()).collect::<Vec<_>>().join(" ")}
                data-runnext={p.runnext.map(|g| g.to_string()).unwrap_or_default()}>
                { s.t_args("p.ring", &[("len", p.ring.len().to_string()), ("head", p.head.to_string()), ("tail", p.tail.to_string())]) }
            </div>
            if let Some(f) = flash {
                <div class={classes!("flash", format!("flash-{}", f.what))} role="status">{ s.msg(&f.text) }</div>
            }
        </article>
    }
}

#[derive(Properties, PartialEq)]
pub struct RingProps {
    pub kinds: Vec<u8>,
    pub head: u32,
    pub label: String,
}

/// The 256 slots of a P's ring, 32 × 8, the occupied ones coloured by kind.
#[function_component(RingCanvas)]
pub fn ring_canvas(props: &RingProps) -> Html {
    let node = use_node_ref();
    {
        let node = node.clone();
        use_effect_with((props.kinds.clone(), props.head), move |(kinds, head)| {
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
    html! { <canvas ref={node} class="ring" width="256" height="64" aria-label={props.label.clone()}></canvas> }
}
