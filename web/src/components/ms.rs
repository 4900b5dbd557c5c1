//! The Ms (threads): what each is doing, and the thread count.

use std::rc::Rc;

use gmp_core::snapshot::{MState, Snapshot};
use yew::prelude::*;

use crate::strings::Text;

#[derive(Properties, PartialEq)]
pub struct MsProps {
    pub snap: Rc<Snapshot>,
    pub text: Text,
    /// Threads the driver can start.
    pub limit: usize,
    /// The selected goroutine: the M running it is marked.
    pub selected: Option<u64>,
}

fn m_word(st: MState) -> &'static str {
    match st {
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
    }
}

#[function_component(Ms)]
pub fn ms(props: &MsProps) -> Html {
    let (snap, s) = (&props.snap, &props.text);
    html! {
        <section id="ms" aria-labelledby="ms-h">
            <h2 id="ms-h">{ s.t("ms.heading") }{ " " }<span id="threads" data-threads={snap.threads.to_string()}>{ s.t_args("ms.threads", &[("n", s.int(snap.threads)), ("limit", s.int(props.limit)), ("spinning", s.int(snap.nmspinning)), ("idle", s.int(snap.nmidle))]) }</span></h2>
            <p class="help">{ s.t("ms.help") }</p>
            <ul class="mlist">
                { for snap.ms.iter().map(|m| html!{
                    <li data-m={m.id.to_string()} data-state={m_word(m.state)}
                        class={classes!(m_word(m.state), (m.curg.is_some() && m.curg == props.selected).then_some("selected"))}
                        aria-current={(m.curg.is_some() && m.curg == props.selected).then_some("true")}>
                        <strong>{ format!("M{}", m.id) }</strong>{ " " }{ s.t(&format!("m.{}", m_word(m.state))) }
                        { m.p.map(|p| format!(" · P{p}")).unwrap_or_default() }
                        { m.curg.map(|g| format!(" · G{g}")).unwrap_or_default() }
                    </li>
                }) }
            </ul>
        </section>
    }
}
