//! Built-in scenarios from their Go source.
//!
//! Each of the core's scenarios shows a Go program (`Scenario::go_source`). For the
//! scenarios below, that Go text compiled by this front end *is* the program the
//! explorer runs (`gmp run gosched`); `tests/scenarios.rs` checks that it prints what
//! the scenario's built-in op list prints. The others use packages the front end does
//! not offer yet (`net`, `syscall`, the page's accept loop), or lessons that rely on
//! the op list's goroutine labels, and still run as op lists.

use gmp_core::scenarios::{Params, Scenario};

/// Scenarios whose Go source runs on the front end.
pub const FROM_GO: &[&str] = &[
    "gosched",
    "tight-loop",
    "compute-all",
    "compute-all-fixed",
    "spawn",
    "pingpong",
    "deadlock",
    "stack-growth",
];

/// The program a scenario runs: its Go source compiled, where the front end runs it;
/// `None` for the scenarios that still run as op lists.
pub fn program(s: &Scenario, p: &Params) -> Option<Result<gmp_core::Program, String>> {
    if !FROM_GO.contains(&s.name) {
        return None;
    }
    let src = s.go_source(p);
    Some(crate::compile(&src).map(|c| c.program()).map_err(|d| {
        let lines: Vec<String> = d.iter().map(|d| d.to_string()).collect();
        format!("scenario {}: {}", s.name, lines.join("; "))
    }))
}
