//! # Chrome / Perfetto trace JSON
//!
//! Turns the event log into the Trace Event Format that `chrome://tracing` and
//! ui.perfetto.dev open: one track per P (like `go tool trace`'s "by proc" view) with a
//! slice for each stretch a G ran there, instant markers for steals, preemptions and
//! stack copies, and one track for sysmon/runtime-wide events.

use std::collections::HashMap;
use std::fmt::Write;

use crate::trace::{EvKind, Event};

fn esc(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The trace JSON for `events` (timestamps in ns; the format wants µs).
pub fn chrome_trace(events: &[Event], gomaxprocs_max: u32) -> String {
    let mut out = String::from("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n");
    let mut first = true;
    let mut push = |out: &mut String, s: String| {
        if !first {
            out.push_str(",\n");
        }
        first = false;
        out.push_str(&s);
    };
    for p in 0..gomaxprocs_max {
        push(
            &mut out,
            format!("{{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":{p},\"args\":{{\"name\":\"P{p}\"}}}}"),
        );
    }
    push(
        &mut out,
        "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":1000,\"args\":{\"name\":\"runtime (sysmon, STW)\"}}".into(),
    );
    // Open slices: M id -> (goid, p, start).
    let mut open: HashMap<i64, (u64, i32, i64)> = HashMap::new();
    let us = |t: i64| t as f64 / 1000.0;
    let close = |out: &mut String,
                 m: i64,
                 t: i64,
                 why: &str,
                 open: &mut HashMap<i64, (u64, i32, i64)>| {
        if let Some((g, p, start)) = open.remove(&m) {
            let mut s = String::new();
            let _ = write!(
                s,
                "{{\"ph\":\"X\",\"name\":\"G{g}\",\"pid\":1,\"tid\":{p},\"ts\":{:.3},\"dur\":{:.3},\"args\":{{\"M\":{m},\"end\":\"{}\"}}}}",
                us(start),
                us(t - start),
                esc(why)
            );
            out.push_str(",\n");
            out.push_str(&s);
        }
    };
    for e in events {
        match &e.kind {
            EvKind::GoStart { g } if e.p >= 0 => {
                close(&mut out, e.m, e.t, "switch", &mut open);
                open.insert(e.m, (*g, e.p, e.t));
            }
            EvKind::GoStop { reason, .. } => close(&mut out, e.m, e.t, reason.as_str(), &mut open),
            EvKind::GoBlock { reason, .. } => close(&mut out, e.m, e.t, reason, &mut open),
            EvKind::GoDestroy { .. } => close(&mut out, e.m, e.t, "exit", &mut open),
            EvKind::GoSyscallBegin { .. } => close(&mut out, e.m, e.t, "syscall", &mut open),
            EvKind::Exit { .. } => {
                let ms: Vec<i64> = open.keys().copied().collect();
                for m in ms {
                    close(&mut out, m, e.t, "exit", &mut open);
                }
            }
            _ => {}
        }
        let instant = match &e.kind {
            EvKind::Steal {
                victim, thief, n, ..
            } => Some((*thief, format!("steal {n} from P{victim}"))),
            EvKind::Preempt { g, async_ } => Some((
                e.p,
                format!("preempt G{g}{}", if *async_ { " (signal)" } else { "" }),
            )),
            EvKind::StackGrow { g, old, new } => Some((e.p, format!("G{g} stack {old} -> {new}"))),
            EvKind::StackShrink { g, old, new } => {
                Some((e.p, format!("G{g} stack shrink {old} -> {new}")))
            }
            EvKind::ProcSteal { p, m } => Some((1000, format!("ProcSteal P{p} from M{m}"))),
            EvKind::STWBegin { kind } => Some((1000, format!("STW begin ({kind})"))),
            EvKind::STWEnd => Some((1000, "STW end".into())),
            EvKind::ProcsChange { procs } => Some((1000, format!("GOMAXPROCS={procs}"))),
            EvKind::GCBegin { seq } => Some((1000, format!("GC {seq} begin"))),
            EvKind::GCEnd { seq } => Some((1000, format!("GC {seq} end"))),
            _ => None,
        };
        if let Some((tid, name)) = instant {
            let tid = if tid < 0 { 1000 } else { tid };
            push(
                &mut out,
                format!(
                    "{{\"ph\":\"i\",\"s\":\"t\",\"name\":\"{}\",\"pid\":1,\"tid\":{tid},\"ts\":{:.3}}}",
                    esc(&name),
                    us(e.t)
                ),
            );
        }
    }
    let end = events.last().map(|e| e.t).unwrap_or(0);
    let ms: Vec<i64> = open.keys().copied().collect();
    for m in ms {
        close(&mut out, m, end, "end of trace", &mut open);
    }
    out.push_str("\n]}\n");
    out
}
