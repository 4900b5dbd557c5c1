//! The teaching lints beside the source (`gmp_go::lint`): a marker in the gutter of each
//! line a lint is about, and under the program the chapter's checklist item for each,
//! in the page's language (`lint.<kind id>`).
//!
//! Confirmed by the run: each lint's "show me" steps to where the run shows it
//! (`confirm.rs`: a preemption on a CPU loop's lines, a second Gosched of a busy wait,
//! the sleeper's wake-up with the goroutines not yet finished, the end of an unbounded
//! `go` loop, the next stack copy); the step's caption says what happened.

use gmp_go::lint::{Lint, LintKind};
use yew::prelude::*;

use crate::state::{Action, StepTarget};
use crate::strings::Text;

/// Where a lint's "show me" steps to: the step where the run confirms it.
pub fn show_me(l: &Lint) -> StepTarget {
    StepTarget::LintAt(l.kind, l.line, l.end)
}

/// The lints of the program the page runs (none when it does not compile: its errors
/// are shown instead), found when it was compiled (`compiler.rs`).
pub fn of(src: &str) -> Vec<Lint> {
    crate::compiler::lints(src)
}

/// The key of a lint's words (written out, so the completeness test sees each).
pub fn key(k: LintKind) -> &'static str {
    match k {
        LintKind::CpuLoop => "lint.cpu-loop",
        LintKind::GoschedWait => "lint.gosched-wait",
        LintKind::SleepAsSignal => "lint.sleep-as-signal",
        LintKind::UnboundedGo => "lint.unbounded-go",
        LintKind::BigFrameRecursion => "lint.big-frame-recursion",
    }
}

/// The gutter marker of `line`, if a lint is about it.
pub fn marker(lints: &[Lint], line: u32, s: &Text) -> Html {
    let here: Vec<&Lint> = lints.iter().filter(|l| l.line == line).collect();
    if here.is_empty() {
        return html! {};
    }
    let title: Vec<String> = here.iter().map(|l| s.t(key(l.kind))).collect();
    html! {
        <span class="lint-mark" data-lint={here[0].kind.id()} title={title.join(" ")}
            aria-label={title.join(" ")}>{ "⚠" }</span>
    }
}

/// The checklist items that fire, one a line: `line:col`, the function, the words.
pub fn list(lints: &[Lint], s: &Text, dispatch: &Callback<Action>) -> Html {
    if lints.is_empty() {
        return html! {};
    }
    html! {
        <div id="src-lints" class="src-lints">
            <h3>{ s.t("lint.title") }</h3>
            <ul>
                { for lints.iter().map(|l| html! {
                    <li data-line={l.line.to_string()} data-lint={l.kind.id()}>
                        <code>{ format!("{}:{} {}", l.line, l.col, l.func) }</code>
                        { " " }{ s.t(key(l.kind)) }
                        { " " }<button class="lint-show" onclick={
                            let (d, t) = (dispatch.clone(), show_me(l));
                            Callback::from(move |_: MouseEvent| d.emit(Action::StepTo(t)))
                        }>{ s.t("lint.show_me") }</button>
                    </li>
                }) }
            </ul>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use gmp_go::lint::LintKind;

    #[test]
    fn every_lint_kind_has_its_words_in_every_language() {
        for (lang, json) in [
            ("en", include_str!("../../../static/i18n/en.json")),
            ("th", include_str!("../../../static/i18n/th.json")),
            ("zh-Hant", include_str!("../../../static/i18n/zh-Hant.json")),
            ("vi", include_str!("../../../static/i18n/vi.json")),
        ] {
            for k in LintKind::ALL {
                assert_eq!(super::key(k), format!("lint.{}", k.id()));
                let key = format!("\"{}\"", super::key(k));
                assert!(json.contains(&key), "{lang} lacks {key}");
            }
        }
    }

    #[test]
    fn a_cpu_loop_is_found_at_its_line() {
        let src = "package main\n\nfunc main() {\n\tx := 0\n\tfor {\n\t\tx++\n\t}\n}\n";
        let l = super::of(src);
        assert_eq!(l.len(), 1);
        assert_eq!((l[0].kind, l[0].line, l[0].col), (LintKind::CpuLoop, 5, 2));
        assert!(super::of("package main\n\nfunc main() {\n\tx := 1\n}\n").is_empty());
    }
}
