//! The machine: every P (with steal arrows between their cards and a timeline), and
//! beside them the global queue, the Ms, sysmon and the netpoller.

use yew::prelude::*;

use super::ms::Ms;
use super::p_card::PCard;
use super::queues::GlobalQueue;
use super::side::{Netpoll, Sysmon};
use super::timeline::Timeline;
use crate::runner::{Shared, POOL_THREADS};
use crate::strings::Strings;
use crate::ui::Arrow;

#[derive(Properties, PartialEq)]
pub struct MachineProps {
    pub runner: Shared,
    pub frame: u64,
    pub on_select: Callback<u64>,
    pub live: bool,
    pub ended: bool,
    pub strings: &'static Strings,
}

#[function_component(Machine)]
pub fn machine(props: &MachineProps) -> Html {
    let grid = use_node_ref();
    let r = props.runner.0.borrow();
    let (ui, s) = (&r.ui, props.strings);
    let snap = ui.snap.clone();
    let user = snap
        .gs
        .iter()
        .filter(|g| !matches!(g.kind, gmp_core::GKind::System | gmp_core::GKind::Main))
        .count();
    html! {
        <div class={classes!("machine", props.ended.then_some("ended"))}>
            <section class="ps" aria-labelledby="ps-h">
                <h2 id="ps-h">{ format!("Ps (GOMAXPROCS={})", snap.gomaxprocs) }
                    <span id="gcount" class="gcount" data-user={user.to_string()}
                        data-cpu={snap.gs.iter().filter(|g| g.kind == gmp_core::GKind::Cpu).count().to_string()}>
                        { format!(" · {user} goroutine{} of yours alive", if user == 1 { "" } else { "s" }) }</span></h2>
                <p class="help">{ s.ps_help }</p>
                <div class="pgrid-wrap">
                    <div class="pgrid" ref={grid.clone()}>
                        { for snap.ps.iter().map(|p| html!{
                            <PCard key={p.id} p={p.clone()} runner={props.runner.clone()} frame={props.frame}
                                on_select={props.on_select.clone()} /> }) }
                    </div>
                    { arrows(&ui.arrows, snap.ps.len(), &grid) }
                </div>
                <Timeline runner={props.runner.clone()} frame={props.frame} lanes={snap.gomaxprocs} />
                <p class="help">{ s.timeline_help }</p>
            </section>
            <aside class="side">
                <GlobalQueue runner={props.runner.clone()} frame={props.frame} on_select={props.on_select.clone()} strings={s} />
                <Ms snap={snap.clone()} strings={s} limit={if props.live { POOL_THREADS } else { 10_000 }} />
                <Sysmon sysmon={snap.sysmon.clone()} strings={s} />
                <Netpoll runner={props.runner.clone()} frame={props.frame} on_select={props.on_select.clone()} strings={s} />
            </aside>
        </div>
    }
}

/// Steal arrows: from the victim's card to the thief's, with the count. Arrows are
/// drawn between the cards' edges and their labels sit in a lane above the grid, so
/// they never cover the goroutines' names.
fn arrows(arrows: &[Arrow], nps: usize, grid: &NodeRef) -> Html {
    if arrows.is_empty() || nps == 0 {
        return html! {};
    }
    let width = grid
        .cast::<web_sys::Element>()
        .map(|e| e.client_width() as f64)
        .unwrap_or(900.0);
    // The grid's cards (style.css: .pgrid) and the label lane above it (.pgrid-wrap).
    let (cw, ch, gap) = (236.0, 200.0, 10.0);
    const LANE: f64 = 30.0;
    let cols = ((width + gap) / (cw + gap)).floor().max(1.0) as usize;
    // The top edge of a card's header: arrows run between headers, above the slots.
    let anchor = |p: i32| {
        let i = p.max(0) as usize;
        (
            (i % cols) as f64 * (cw + gap) + cw / 2.0,
            (i / cols) as f64 * (ch + gap) + LANE + 10.0,
        )
    };
    html! {
        <svg class="arrows" aria-hidden="true">
            <defs><marker id="ah" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                <path d="M0,0 L10,5 L0,10 z" fill="#b03a8a" /></marker></defs>
            { for arrows.iter().filter(|a| (a.victim as usize) < nps && (a.thief as usize) < nps).map(|a| {
                let (x1, y1) = anchor(a.victim);
                let (x2, y2) = anchor(a.thief);
                let (mx, my) = ((x1 + x2) / 2.0, (y1.min(y2) - 20.0).max(12.0));
                let d = format!("M{x1},{y1} Q{mx},{} {x2},{y2}", my - 10.0);
                html! { <g class="steal-arrow" data-victim={a.victim.to_string()} data-thief={a.thief.to_string()} data-n={a.n.to_string()}>
                    <path d={d} fill="none" marker-end="url(#ah)" />
                    <text x={mx.to_string()} y={my.to_string()} text-anchor="middle">{ format!("steal {}{}", a.n, if a.runnext { " (runnext)" } else { "" }) }</text>
                </g> }
            }) }
        </svg>
    }
}
