//! A per-P timeline of the last 200 ms, like `go tool trace`'s view by proc. The
//! selected goroutine's stretches are outlined and the others faded.

use yew::prelude::*;

use super::{ctx2d, kind_color};
use crate::runner::Shared;
use crate::ui::TIMELINE_NS;

#[derive(Properties, PartialEq)]
pub struct TimelineProps {
    pub runner: Shared,
    pub frame: u64,
    pub lanes: u32,
    pub selected: Option<u64>,
    /// The canvas's accessible name, in the page's language.
    pub label: String,
}

#[function_component(Timeline)]
pub fn timeline(props: &TimelineProps) -> Html {
    let node = use_node_ref();
    let h = props.lanes.max(1) * 14 + 4;
    // How many of the selected G's stretches are drawn (for tests and screen readers).
    let marked = use_state_eq(|| 0usize);
    {
        let marked = marked.clone();
        let node = node.clone();
        let runner = props.runner.clone();
        use_effect_with(
            (props.frame, props.lanes, props.selected),
            move |(_, lanes, selected)| {
                let r = runner.0.borrow();
                let ui = &r.ui;
                let now = ui.snap.now;
                if let Some(ctx) = ctx2d(&node) {
                    let w = 800.0;
                    let span = TIMELINE_NS as f64;
                    ctx.set_fill_style_str("#fafbfc");
                    ctx.fill_rect(0.0, 0.0, w, (*lanes * 14 + 4) as f64);
                    // Lane labels sit in a 28 px gutter; slices are drawn right of it.
                    ctx.set_fill_style_str("#5b6570");
                    ctx.set_font("10px system-ui, sans-serif");
                    for p in 0..*lanes {
                        let _ = ctx.fill_text(&format!("P{p}"), 2.0, p as f64 * 14.0 + 11.0);
                    }
                    let (x0, w) = (28.0, w - 28.0);
                    let mut mine = vec![];
                    for sl in &ui.slices {
                        let (s, e) = (sl.start, sl.end.unwrap_or(now));
                        let x1 = x0 + ((s - (now - TIMELINE_NS)) as f64 / span * w).max(0.0);
                        let x2 = x0 + ((e - (now - TIMELINE_NS)) as f64 / span * w).min(w);
                        if x2 <= x1 {
                            continue;
                        }
                        let y = sl.p as f64 * 14.0 + 2.0;
                        let faded = selected.is_some_and(|g| g != sl.goid);
                        ctx.set_global_alpha(if faded { 0.25 } else { 1.0 });
                        ctx.set_fill_style_str(kind_color(ui.kind(sl.goid)));
                        ctx.fill_rect(x1, y, (x2 - x1 - 0.5).max(1.0), 11.0);
                        if *selected == Some(sl.goid) {
                            mine.push((x1, y, (x2 - x1 - 0.5).max(1.0)));
                        }
                    }
                    ctx.set_global_alpha(1.0);
                    ctx.set_stroke_style_str("#111");
                    ctx.set_line_width(2.0);
                    for (x, y, w) in &mine {
                        ctx.stroke_rect(*x, y - 1.0, *w, 13.0);
                    }
                    marked.set(mine.len());
                }
                || ()
            },
        );
    }
    html! { <canvas ref={node} id="timeline" class="timeline" width="800" height={h.to_string()}
    data-selected={props.selected.map(|g| g.to_string())} data-selected-slices={props.selected.map(|_| marked.to_string())}
    aria-label={props.label.clone()}></canvas> }
}
