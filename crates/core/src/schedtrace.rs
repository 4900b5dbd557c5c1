//! # `GODEBUG=schedtrace=X,scheddetail=1` (`proc.go: schedtrace`)
//!
//! sysmon prints one summary line every X ms, in Go 1.27's exact format:
//!
//! ```text
//! SCHED 0ms: gomaxprocs=2 idleprocs=0 threads=5 spinningthreads=0 needspinning=1 idlethreads=2 runqueue=19 [ 1 18 ] schedticks=[ 22 23 ]
//! ```
//!
//! - `runqueue` is the **global** queue; `[ … ]` holds each P's ring length
//!   (`runqtail - runqhead`), which does **not** count `runnext`;
//! - `threads` counts every M ever created, sysmon included (`mcount()`).
//!
//! With `scheddetail=1` the header stops after `runqueue=N` and adds `gcwaiting`,
//! `nmidlelocked`, `stopwait`, `sysmonwait`; then one line per P, per M (newest first)
//! and per G (allocation order, dead ones included).

use std::fmt::Write;
use std::sync::atomic::Ordering;

use crate::runtime::{PId, Runtime};

impl Runtime {
    /// Builds and records the schedtrace line(s) for `ms_since_start`.
    pub(crate) fn schedtrace(&self, since_start_ns: i64, detailed: bool) {
        let text = self.schedtrace_text(since_start_ns / 1_000_000, detailed);
        self.output.push_schedtrace_text(&text, |n| {
            self.emit(None, crate::trace::EvKind::SchedTrace { line: n as u32 });
        });
    }

    /// The text `schedtrace(detailed)` prints at `ms` ms.
    pub fn schedtrace_text(&self, ms: i64, detailed: bool) -> String {
        let s = self.lock_sched();
        let mut out = String::new();
        let gomaxprocs = self.gomaxprocs();
        let _ = write!(
            out,
            "SCHED {ms}ms: gomaxprocs={gomaxprocs} idleprocs={} threads={} spinningthreads={} needspinning={} idlethreads={} runqueue={}",
            self.sched.npidle.load(Ordering::Acquire),
            self.mcount(),
            self.sched.nmspinning.load(Ordering::Acquire),
            self.sched.needspinning.load(Ordering::Acquire),
            s.midle.len(),
            s.runq.len(),
        );
        if detailed {
            let _ = writeln!(
                out,
                " gcwaiting={} nmidlelocked={} stopwait={} sysmonwait={}",
                self.sched.gcwaiting.load(Ordering::Acquire),
                s.nmidlelocked,
                s.stopwait,
                self.sched.sysmonwait.load(Ordering::Acquire),
            );
        }
        for i in 0..gomaxprocs {
            let pp = self.p(i as PId);
            let len = pp.runq.len();
            if detailed {
                let m = match pp.m() {
                    Some(m) => self.m(m).id.to_string(),
                    None => "nil".into(),
                };
                let gfree = pp.own.try_lock().map(|o| o.gfree.len()).unwrap_or(0);
                let _ = writeln!(
                    out,
                    "  P{i}: status={} schedtick={} syscalltick={} m={m} runqsize={len} gfreecnt={gfree} timerslen={}",
                    pp.status.load(Ordering::Acquire),
                    pp.schedtick.load(Ordering::Acquire),
                    pp.syscalltick.load(Ordering::Acquire),
                    pp.timers.len.load(Ordering::Acquire),
                );
            } else {
                out.push(' ');
                if i == 0 {
                    out.push_str("[ ");
                }
                let _ = write!(out, "{len}");
                if i == gomaxprocs - 1 {
                    out.push_str(" ]");
                }
            }
        }
        if !detailed {
            out.push_str(" schedticks=[ ");
            for i in 0..gomaxprocs {
                let _ = write!(out, "{} ", self.p(i).schedtick.load(Ordering::Acquire));
            }
            out.push_str("]\n");
            return out;
        }
        // Ms, newest first (allm is a linked list with the newest at its head).
        for i in (0..self.allm.len()).rev() {
            let mm = &self.allm[i];
            let p = match mm.p() {
                Some(p) => p.to_string(),
                None => "nil".into(),
            };
            let g = mm.curg();
            let curg = if g.is_nil() {
                "nil".to_string()
            } else {
                self.g(g).goid().to_string()
            };
            let locks = if mm.is_sysmon { 2 } else { 0 };
            let lockedg = match mm.lockedg.load(Ordering::Acquire) {
                0 => "nil".to_string(),
                g => self.goid(crate::g::GIdx(g)).to_string(),
            };
            let _ = writeln!(
                out,
                "  M{}: p={p} curg={curg} mallocing=0 throwing=0 preemptoff= locks={locks} dying=0 spinning={} blocked={} lockedg={lockedg}",
                mm.id,
                mm.spinning.load(Ordering::Acquire),
                mm.blocked.load(Ordering::Acquire),
            );
        }
        // Gs in allocation order.
        for g in (1..self.allgs.len()).map(|i| &self.allgs[i]) {
            let m = match g.m.load(Ordering::Acquire) {
                None => "nil".to_string(),
                Some(m) => self.m(m).id.to_string(),
            };
            let lockedm = match g.lockedm.load(Ordering::Acquire) {
                None => "nil".to_string(),
                Some(m) => self.m(m).id.to_string(),
            };
            let _ = writeln!(
                out,
                "  G{}: status={}({}) m={m} lockedm={lockedm}",
                g.goid(),
                g.atomicstatus.load(Ordering::Acquire),
                g.waitreason().as_str(),
            );
        }
        out
    }
}
