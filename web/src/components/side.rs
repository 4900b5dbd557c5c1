//! The side panels: sysmon, the netpoller and the timers.

use gmp_core::snapshot::SysmonSnap;
use yew::prelude::*;

use super::{token, Pick};
use crate::runner::Shared;
use crate::strings::Text;

#[derive(Properties, PartialEq)]
pub struct SysmonProps {
    pub sysmon: SysmonSnap,
    pub text: Text,
}

#[function_component(Sysmon)]
pub fn sysmon(props: &SysmonProps) -> Html {
    let (sm, s) = (&props.sysmon, &props.text);
    html! {
        <section id="sysmon" aria-labelledby="sysmon-h">
            <h2 id="sysmon-h">{ "sysmon" }</h2>
            <p class="help">{ s.t("sysmon.help") }</p>
            <p>{ s.t_args(if sm.deep_sleep { "sysmon.delay_deep" } else { "sysmon.delay" }, &[("us", s.int(sm.delay_us)), ("n", s.int(sm.idle_cycles))]) }</p>
            <p>{ match sm.last_preempt { Some((t, p)) => s.t_args("sysmon.last_preempt", &[("p", p.to_string()), ("ms", s.ms(t, 1))]), None => s.t("sysmon.no_preempt") } }</p>
            <p>{ match sm.last_retake { Some((t, p)) => s.t_args("sysmon.last_retake", &[("p", p.to_string()), ("ms", s.ms(t, 1))]), None => s.t("sysmon.no_retake") } }</p>
        </section>
    }
}

#[derive(Properties, PartialEq)]
pub struct NetpollProps {
    pub runner: Shared,
    pub frame: u64,
    pub pick: Pick,
    pub text: Text,
}

#[function_component(Netpoll)]
pub fn netpoll(props: &NetpollProps) -> Html {
    let r = props.runner.0.borrow();
    let (ui, snap, s, sel) = (&r.ui, &r.ui.snap, &props.text, &props.pick);
    html! {
        <>
        <section id="netpoll" aria-labelledby="np-h">
            <h2 id="np-h">{ s.t_args("netpoll.heading", &[("n", s.int(snap.netpoll.len()))]) }</h2>
            <p class="help">{ s.t("netpoll.help") }</p>
            <div class="queue">
                { for snap.netpoll.iter().take(64).map(|&(g, _)| token(g, ui, s, sel, "")) }
                if let Some(l) = snap.listener {
                    <span class="listener">{ s.t_args("netpoll.listener", &[("g", l.to_string())]) }</span>
                }
            </div>
        </section>
        <section id="timers" aria-labelledby="tm-h">
            <h2 id="tm-h">{ s.t_args("timers.heading", &[("n", s.int(snap.timers.len()))]) }</h2>
            <p class="help">{ s.t("timers.help") }</p>
            <div class="queue">{ for snap.timers.iter().take(32).map(|&(g, _)| token(g, ui, s, sel, "")) }</div>
        </section>
        </>
    }
}
