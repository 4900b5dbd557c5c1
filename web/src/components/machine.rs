//! The machine: every P (with steal arrows between their cards and a timeline), and
//! beside them the global queue, the Ms, sysmon and the netpoller.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::ms::Ms;
use super::p_card::PCard;
use super::queues::GlobalQueue;
use super::scrubber::Scrubber;
use super::side::{Netpoll, Sysmon};
use super::timeline::Timeline;
use super::Pick;
use crate::runner::{Shared, POOL_THREADS};
use crate::strings::Text;
use crate::ui::Arrow;

#[derive(Properties, PartialEq)]
pub struct MachineProps {
    pub runner: Shared,
    pub frame: u64,
    pub pick: Pick,
    /// The P cards whose ring is open.
    pub rings_open: Vec<u32>,
    pub on_ring: Callback<u32>,
    /// The scrubber moved the run to a step.
    pub on_seek: Callback<u64>,
    pub live: bool,
    pub ended: bool,
    pub text: Text,
    /// A lesson's bench: compact P cards, the global queue and the Ms only; the
    /// timeline, scrubber, sysmon, netpoller and timers are [`MachineMore`], below.
    #[prop_or_default]
    pub compact: bool,
}

#[function_component(Machine)]
pub fn machine(props: &MachineProps) -> Html {
    let grid = use_node_ref();
    let r = props.runner.0.borrow();
    let (ui, s) = (&r.ui, &props.text);
    let snap = ui.snap.clone();
    let selected = props.pick.selected;
    let recorded = r
        .rec
        .at()
        .and_then(|i| Some((i, r.rec.moment(i)?.snap.now)));
    let user = snap
        .gs
        .iter()
        .filter(|g| !matches!(g.kind, gmp_core::GKind::System | gmp_core::GKind::Main))
        .count();
    html! {
        <div class={classes!("machine", props.ended.then_some("ended"), recorded.is_some().then_some("recorded"), props.compact.then_some("compact"))}>
            <section class="ps" aria-labelledby="ps-h">
                <h2 id="ps-h">{ s.t_args("machine.ps_heading", &[("n", snap.gomaxprocs.to_string())]) }
                    <span id="gcount" class="gcount" data-user={user.to_string()}
                        data-cpu={snap.gs.iter().filter(|g| g.kind == gmp_core::GKind::Cpu).count().to_string()}>
                        { s.t_args("machine.gcount", &[("n", s.int(user))]) }</span></h2>
                <p class="help">{ s.t("machine.ps_help") }</p>
                if let Some((i, now)) = recorded {
                    <p id="recording-note" class="recording-note" role="status" data-at={i.to_string()}>
                        { s.t_args("rec.note", &[("ms", s.ms(now, 3)), ("n", s.int(i + 1)), ("of", s.int(r.rec.len()))]) }</p>
                }
                <div class="pgrid-wrap">
                    <div class="pgrid" ref={grid.clone()}>
                        { for snap.ps.iter().map(|p| html!{
                            <PCard key={p.id} p={p.clone()} runner={props.runner.clone()} frame={props.frame} compact={props.compact}
                                dense={props.compact && snap.ps.len() > 4}
                                pick={props.pick.clone()} open={props.rings_open.contains(&p.id)} on_toggle={props.on_ring.clone()} text={s.clone()} /> }) }
                    </div>
                    { arrows(&ui.arrows, snap.ps.len(), &grid, s) }
                </div>
                if !props.compact {
                    { more_ps(props) }
                }
            </section>
            <aside class="side">
                <GlobalQueue runner={props.runner.clone()} frame={props.frame} pick={props.pick.clone()} text={s.clone()} />
                <Ms snap={snap.clone()} text={s.clone()} limit={if props.live { POOL_THREADS } else { 10_000 }} selected={selected} />
                if !props.compact {
                    { more_side(props) }
                }
            </aside>
        </div>
    }
}

/// The timeline of the Ps and the scrubber under it.
fn more_ps(props: &MachineProps) -> Html {
    let s = &props.text;
    let lanes = props.runner.0.borrow().ui.snap.gomaxprocs;
    html! {
        <>
        <Timeline runner={props.runner.clone()} frame={props.frame} lanes={lanes} selected={props.pick.selected} label={s.t("machine.timeline_label")} />
        <Scrubber runner={props.runner.clone()} frame={props.frame} on_seek={props.on_seek.clone()} text={s.clone()} />
        <p class="help">{ s.t("machine.timeline_help") }</p>
        </>
    }
}

/// Sysmon, the netpoller and the timers.
fn more_side(props: &MachineProps) -> Html {
    let s = &props.text;
    let sysmon = props.runner.0.borrow().ui.snap.sysmon.clone();
    html! {
        <>
        <Sysmon sysmon={sysmon} text={s.clone()} />
        <Netpoll runner={props.runner.clone()} frame={props.frame} pick={props.pick.clone()} text={s.clone()} />
        </>
    }
}

/// What a lesson's bench leaves out of the machine, below the lesson: the timeline
/// and scrubber beside sysmon, the netpoller and the timers.
#[function_component(MachineMore)]
pub fn machine_more(props: &MachineProps) -> Html {
    html! {
        <div class={classes!("machine", "machine-more", props.ended.then_some("ended"))}>
            <section class="ps-more">{ more_ps(props) }</section>
            <aside class="side">{ more_side(props) }</aside>
        </div>
    }
}

/// Steal arrows: from the victim's card to the thief's, with the count. Each arrow
/// runs between the cards' headers (above the goroutines' names), bending into the
/// lane above the grid; between cards of one column it bends out past their right
/// edges. Card positions are measured, so any layout (a phone's one column) works.
fn arrows(arrows: &[Arrow], nps: usize, grid: &NodeRef, s: &Text) -> Html {
    if arrows.is_empty() || nps == 0 {
        return html! {};
    }
    let Some(grid) = grid.cast::<web_sys::HtmlElement>() else {
        return html! {};
    };
    // (left, top, width) of P i's card, relative to the wrapper the arrows are drawn in
    // (its offset parent: .pgrid-wrap is the nearest positioned ancestor).
    let card = |p: i32| -> Option<(f64, f64, f64)> {
        let el = grid
            .query_selector(&format!(".pcard[data-p=\"{p}\"]"))
            .ok()
            .flatten()?
            .dyn_into::<web_sys::HtmlElement>()
            .ok()?;
        Some((
            el.offset_left() as f64,
            el.offset_top() as f64,
            el.offset_width() as f64,
        ))
    };
    html! {
        <svg class="arrows" aria-hidden="true">
            <defs><marker id="ah" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                <path d="M0,0 L10,5 L0,10 z" fill="#b03a8a" /></marker></defs>
            { for arrows.iter().filter(|a| (a.victim as usize) < nps && (a.thief as usize) < nps).enumerate().filter_map(|(i, a)| {
                let (vl, vt, vw) = card(a.victim)?;
                let (tl, tt, tw) = card(a.thief)?;
                let label = s.t_args(if a.runnext { "machine.steal_runnext" } else { "machine.steal" }, &[("n", s.int(a.n))]);
                let (d, lx, ly, anchor) = if (vl - tl).abs() < vw / 2.0 {
                    // One column: out past the right edges, from header to header.
                    let (x, y1, y2) = (vl + vw - 6.0, vt + 12.0, tt + 12.0);
                    let cx = (vl + vw.max(tw) + 26.0).min(grid.offset_width() as f64 + 20.0);
                    (format!("M{x},{y1} C{cx},{y1} {cx},{y2} {x},{y2}"), cx - 2.0, (y1 + y2) / 2.0 + (i % 2) as f64 * 14.0, "end")
                } else {
                    let (x1, y1) = (vl + vw / 2.0, vt + 4.0);
                    let (x2, y2) = (tl + tw / 2.0, tt + 4.0);
                    let top = (y1.min(y2) - 22.0).max(12.0);
                    (format!("M{x1},{y1} Q{},{top} {x2},{y2}", (x1 + x2) / 2.0), (x1 + x2) / 2.0, top + 4.0 - (i % 2) as f64 * 13.0, "middle")
                };
                Some(html! { <g class="steal-arrow" data-victim={a.victim.to_string()} data-thief={a.thief.to_string()} data-n={a.n.to_string()}>
                    <path d={d} fill="none" marker-end="url(#ah)" />
                    <text x={lx.to_string()} y={ly.to_string()} text-anchor={anchor}>{ label }</text>
                </g> })
            }) }
        </svg>
    }
}
