//! The schedtrace console (`GODEBUG=schedtrace` lines, wrapped, never cut) and the
//! program's output.

use yew::prelude::*;

use crate::runner::Shared;
use crate::strings::Text;

#[derive(Properties, PartialEq)]
pub struct ConsoleProps {
    pub runner: Shared,
    pub frame: u64,
    pub text: Text,
}

#[function_component(SchedConsole)]
pub fn sched_console(props: &ConsoleProps) -> Html {
    let r = props.runner.0.borrow();
    html! {
        <section aria-labelledby="console-h">
            <h2 id="console-h">{ "schedtrace" }</h2>
            <p class="help">{ props.text.t("console.help") }</p>
            <pre id="schedtrace" class="console wrap" tabindex="0" aria-live="off">{
                for r.ui.console.iter().rev().take(60).rev().map(|l| html!{ <>{ l }{ "\n" }</> }) }</pre>
        </section>
    }
}

#[function_component(ProgramOutput)]
pub fn program_output(props: &ConsoleProps) -> Html {
    let r = props.runner.0.borrow();
    let lines: Vec<&String> = r.output.iter().rev().take(40).rev().collect();
    let empty = lines.is_empty() && r.exit.is_none();
    html! {
        <>
        <h2 class={classes!(empty.then_some("empty-out"))}>{ props.text.t("console.output") }</h2>
        <pre id="stdout" class={classes!("console", "wrap", empty.then_some("empty-out"))}>
            { for lines.iter().map(|l| html!{ <>{ l.as_str() }{ "\n" }</> }) }
            { r.exit.as_ref().map(|x| html!{ <>{ x.stderr.clone() }{ format!("[exit status {}]", x.code) }</> }).unwrap_or_default() }
        </pre>
        </>
    }
}
