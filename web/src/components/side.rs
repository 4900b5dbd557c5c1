//! The side panels: sysmon, the netpoller and the timers.

use gmp_core::snapshot::SysmonSnap;
use yew::prelude::*;

use super::token;
use crate::runner::Shared;
use crate::strings::Strings;

#[derive(Properties, PartialEq)]
pub struct SysmonProps {
    pub sysmon: SysmonSnap,
    pub strings: &'static Strings,
}

#[function_component(Sysmon)]
pub fn sysmon(props: &SysmonProps) -> Html {
    let sm = &props.sysmon;
    html! {
        <section id="sysmon" aria-labelledby="sysmon-h">
            <h2 id="sysmon-h">{ "sysmon" }</h2>
            <p class="help">{ props.strings.sysmon_help }</p>
            <p>{ format!("delay {} µs{} · idle cycles {}", sm.delay_us, if sm.deep_sleep { " (deep sleep)" } else { "" }, sm.idle_cycles) }</p>
            <p>{ match sm.last_preempt { Some((t, p)) => format!("last preemption request: P{p} at {:.1} ms", t as f64 / 1e6), None => "no preemption yet".into() } }</p>
            <p>{ match sm.last_retake { Some((t, p)) => format!("last P retaken from a syscall: P{p} at {:.1} ms", t as f64 / 1e6), None => "no P retaken from a syscall yet".into() } }</p>
        </section>
    }
}

#[derive(Properties, PartialEq)]
pub struct NetpollProps {
    pub runner: Shared,
    pub frame: u64,
    pub on_select: Callback<u64>,
    pub strings: &'static Strings,
}

#[function_component(Netpoll)]
pub fn netpoll(props: &NetpollProps) -> Html {
    let r = props.runner.0.borrow();
    let (ui, snap, s, sel) = (&r.ui, &r.ui.snap, props.strings, &props.on_select);
    html! {
        <>
        <section id="netpoll" aria-labelledby="np-h">
            <h2 id="np-h">{ format!("netpoller ({} waiting)", snap.netpoll.len()) }</h2>
            <p class="help">{ s.netpoll_help }</p>
            <div class="queue">
                { for snap.netpoll.iter().take(64).map(|&(g, _)| token(g, ui, sel, "")) }
                if let Some(l) = snap.listener {
                    <span class="listener">{ format!("G{l} (main) waits for your requests") }</span>
                }
            </div>
        </section>
        <section id="timers" aria-labelledby="tm-h">
            <h2 id="tm-h">{ format!("timers ({})", snap.timers.len()) }</h2>
            <p class="help">{ s.timers_help }</p>
            <div class="queue">{ for snap.timers.iter().take(32).map(|&(g, _)| token(g, ui, sel, "")) }</div>
        </section>
        </>
    }
}
