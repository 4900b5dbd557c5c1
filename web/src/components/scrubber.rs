//! The scrubber under the per-P timeline: a slider over the steps of a deterministic
//! run, from the start to the furthest step reached. Dragging or clicking seeks there
//! (the core's `Timeline::seek`: the nearest checkpoint, then at most one interval
//! replayed), and the whole machine view shows that moment. Keys: the arrows move one
//! step, PageUp/PageDown one checkpoint interval, Home/End to the start and the
//! furthest step.
//!
//! A live run has no steps to go back to, but the page keeps the frames it showed
//! (`recording.rs`): when a live run is paused the scrubber moves through them (the
//! same keys; PageUp/PageDown move 30 frames, about a second), and Run returns to the
//! live present. While the live run plays there is nothing to scrub.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::runner::Shared;

/// Recorded frames PageUp/PageDown move in a paused live run (about a second).
const LIVE_PAGE: u64 = 30;

#[derive(Properties, PartialEq)]
pub struct ScrubberProps {
    pub runner: Shared,
    pub frame: u64,
    pub on_seek: Callback<u64>,
    pub text: crate::strings::Text,
}

#[function_component(Scrubber)]
pub fn scrubber(props: &ScrubberProps) -> Html {
    // The step asked for and the frame it was asked at, until the run stands there: a
    // frame drawn in between must not put the thumb back (and lose a key press).
    let asked = use_mut_ref(|| None::<(u64, u64)>);
    let r = props.runner.0.borrow();
    let Some(eng) = r.engine.as_ref() else {
        return html! {};
    };
    let live = eng.is_live();
    let (at, max, interval) = if live {
        if !r.paused() || r.rec.is_empty() {
            return html! {};
        }
        let last = r.rec.len() as u64 - 1;
        (r.rec.at().map_or(last, |i| i as u64), last, LIVE_PAGE)
    } else {
        let Some((reach, interval)) = eng.reach() else {
            return html! {};
        };
        let at = eng.steps();
        (at, reach.max(at), interval)
    };
    let step = match *asked.borrow() {
        Some((n, frame)) if n != at && props.frame < frame + 30 => n,
        _ => at,
    };
    if step == at {
        *asked.borrow_mut() = None;
    }
    let frame = props.frame;
    let oninput = {
        let seek = props.on_seek.clone();
        let asked = asked.clone();
        Callback::from(move |e: InputEvent| {
            let Some(el) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            else {
                return;
            };
            if let Ok(n) = el.value().parse::<u64>() {
                *asked.borrow_mut() = Some((n, frame));
                seek.emit(n);
            }
        })
    };
    let onkeydown = {
        let seek = props.on_seek.clone();
        let asked = asked.clone();
        Callback::from(move |e: KeyboardEvent| {
            let to = match e.key().as_str() {
                "PageUp" => step.saturating_add(interval).min(max),
                "PageDown" => step.saturating_sub(interval),
                _ => return,
            };
            e.prevent_default();
            *asked.borrow_mut() = Some((to, frame));
            seek.emit(to);
        })
    };
    let s = &props.text;
    let value = if live {
        let now = r.rec.moment(step as usize).map_or(0, |m| m.snap.now);
        s.t_args(
            "scrub.rec_value",
            &[
                ("n", s.int(step + 1)),
                ("of", s.int(max + 1)),
                ("ms", s.ms(now, 3)),
            ],
        )
    } else {
        s.t_args("scrub.value", &[("step", s.int(step)), ("of", s.int(max))])
    };
    let seek_ms = format!("{:.2}", r.last_seek_ms);
    let build_ms = format!("{:.1}", r.last_build_ms);
    let events = eng
        .rt()
        .events()
        .count
        .load(std::sync::atomic::Ordering::Relaxed)
        .to_string();
    html! {
        <div class={classes!("scrubber", live.then_some("rec"))}>
            <input type="range" id="scrubber" min="0" max={max.to_string()} step="1"
                value={step.to_string()} aria-label={s.t(if live { "scrub.rec_label" } else { "scrub.label" })} aria-valuetext={value.clone()}
                data-seek-ms={seek_ms} data-build-ms={build_ms} data-events={events} data-interval={interval.to_string()}
                data-recorded={live.then(|| r.rec.len().to_string())} data-rec-bytes={live.then(|| r.rec.bytes().to_string())}
                data-rec-dropped={live.then(|| r.rec.dropped.to_string())} {oninput} {onkeydown} />
            <span id="scrub-pos" class="scrub-pos">{ value }</span>
            if live && r.rec.at().is_none() {
                <span id="rec-help" class="help rec-help">{ s.t_args("scrub.rec_help", &[("n", s.int(r.rec.len()))]) }</span>
            }
        </div>
    }
}
