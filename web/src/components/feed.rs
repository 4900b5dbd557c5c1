//! The event feed: the latest scheduler events with the tracer's names, filtered by
//! topic; clicking an event about a goroutine opens its card.

use yew::prelude::*;

use crate::runner::Shared;
use crate::strings::Text;
use crate::ui::Topic;

#[derive(Properties, PartialEq)]
pub struct FeedProps {
    pub runner: Shared,
    pub frame: u64,
    pub on_select: Callback<u64>,
    /// The selected goroutine: its events are marked.
    pub selected: Option<u64>,
    pub text: Text,
}

#[function_component(Feed)]
pub fn feed(props: &FeedProps) -> Html {
    let filter = use_state(|| Option::<Topic>::None);
    let r = props.runner.0.borrow();
    let (ui, s) = (&r.ui, &props.text);
    let on_filter = {
        let filter = filter.clone();
        Callback::from(move |e: Event| {
            let v = e
                .target_unchecked_into::<web_sys::HtmlSelectElement>()
                .value();
            filter.set(match v.as_str() {
                "g" => Some(Topic::Goroutine),
                "moves" => Some(Topic::Moves),
                "machine" => Some(Topic::Machine),
                _ => None,
            })
        })
    };
    let shown = ui
        .feed
        .iter()
        .filter(|f| (*filter).is_none_or(|t| f.topic == t))
        .take(40);
    html! {
        <section aria-labelledby="events-h">
            <h2 id="events-h">{ s.t_args("events.heading", &[("steals", s.int(ui.steals)), ("preemptions", s.int(ui.preemptions)), ("handoffs", s.int(ui.handoffs))]) }</h2>
            <p class="help">{ s.t("events.help") }</p>
            <label class="feed-filter">{ s.t("events.show") }{ " " }
                <select id="feed-filter" onchange={on_filter}>
                    <option value="all" selected={filter.is_none()}>{ s.t("events.filter_all") }</option>
                    <option value="g" selected={*filter == Some(Topic::Goroutine)}>{ s.t("events.filter_g") }</option>
                    <option value="moves" selected={*filter == Some(Topic::Moves)}>{ s.t("events.filter_moves") }</option>
                    <option value="machine" selected={*filter == Some(Topic::Machine)}>{ s.t("events.filter_machine") }</option>
                </select></label>
            <ol id="feed" class="feed">{ for shown.map(|f| {
                let t = html!{ <span class="t">{ s.t_args("events.ms", &[("ms", s.ms(f.t, 3))]) }</span> };
                match f.g {
                    Some(g) => {
                        let sel = props.on_select.clone();
                        let mine = props.selected == Some(g);
                        html!{ <li class={classes!(mine.then_some("selected"))}><button class="ev" data-goid={g.to_string()} onclick={Callback::from(move |_| sel.emit(g))}>{ t }{ s.msg(&f.text) }</button></li> }
                    }
                    None => html!{ <li>{ t }{ s.msg(&f.text) }</li> },
                }
            }) }</ol>
        </section>
    }
}
