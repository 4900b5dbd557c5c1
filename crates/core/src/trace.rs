//! # The event log: the single source of truth for everything the UI shows
//!
//! Events carry the execution tracer's names (`internal/trace/tracev2/events.go`, format
//! `go 1.26 trace`): GoCreate, GoStart, GoStop(reason), GoBlock(reason), GoUnblock,
//! GoDestroy, GoSyscallBegin/End/EndBlocked, ProcStart/Stop/Steal, ProcsChange,
//! STWBegin/End, GCBegin/End; plus the explorer's own: Steal{victim, thief, n}, Preempt,
//! StackGrow{old, new}, StackShrink, and thread-level ones (MStart, MPark, MWake,
//! Spinning) the tracer leaves implicit.
//!
//! Each event has a virtual (or, live, real) timestamp in ns, the M and P it happened on
//! (-1 for none), and a kind. The log can be off (only counted), unbounded, or a ring of
//! the latest events.

use crate::sync::{Rmw, SpinLock};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};

/// Why a G stopped running without blocking (`GoStop` reasons).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// `runtime.Gosched`.
    Gosched,
    /// A preemption (`gopreempt_m`): "preempted".
    Preempted,
}

impl StopReason {
    pub fn as_str(self) -> &'static str {
        match self {
            StopReason::Gosched => "runtime.Gosched",
            StopReason::Preempted => "preempted",
        }
    }
}

/// What happened.
#[derive(Clone, Debug, PartialEq)]
pub enum EvKind {
    GoCreate {
        g: u64,
        parent: u64,
    },
    GoStart {
        g: u64,
    },
    GoStop {
        g: u64,
        reason: StopReason,
    },
    GoBlock {
        g: u64,
        reason: &'static str,
    },
    GoUnblock {
        g: u64,
    },
    GoDestroy {
        g: u64,
    },
    GoSyscallBegin {
        g: u64,
    },
    GoSyscallEnd {
        g: u64,
    },
    GoSyscallEndBlocked {
        g: u64,
    },
    ProcStart {
        p: i32,
    },
    ProcStop {
        p: i32,
    },
    /// The P was taken from an M in a syscall (by sysmon's retake, an STW, or another
    /// exiting M); `m` is the M that lost it.
    ProcSteal {
        p: i32,
        m: i64,
    },
    ProcsChange {
        procs: u32,
    },
    /// Explorer: `p.destroy` moved these goids (runnext first, then the ring) to the
    /// head of the global queue.
    ProcDestroy {
        p: i32,
        moved: Vec<u64>,
    },
    STWBegin {
        kind: &'static str,
    },
    STWEnd,
    /// Explorer: `runqsteal` moved `n` Gs from `victim`'s queue to `thief` (`runnext`
    /// when the one G taken was the victim's runnext).
    Steal {
        victim: i32,
        thief: i32,
        n: u32,
        runnext: bool,
    },
    /// Explorer: sysmon asked a G to stop (`preemptone`); `async` when a signal was sent.
    PreemptRequest {
        g: u64,
        p: i32,
        async_: bool,
    },
    /// Explorer: the G stopped for a preemption (`gopreempt_m`) at a safe point.
    Preempt {
        g: u64,
        async_: bool,
    },
    StackGrow {
        g: u64,
        old: u64,
        new: u64,
    },
    StackShrink {
        g: u64,
        old: u64,
        new: u64,
    },
    /// Thread-level: an M was created / parked (stopm) / woken (notewakeup).
    MStart {
        id: i64,
    },
    MPark {
        id: i64,
    },
    MWake {
        id: i64,
    },
    Spinning {
        id: i64,
        on: bool,
    },
    /// A Go-format schedtrace line was printed (index into the schedtrace lines).
    SchedTrace {
        line: u32,
    },
    /// The program printed line `line` of its output.
    Print {
        line: u32,
    },
    /// A GC cycle began (`gcStart`, before its sweep-termination stop-the-world) /
    /// ended (`gcMarkTermination`, after the world restarted); `seq` is the cycle's
    /// number, as in gctrace's `gc N`.
    GCBegin {
        seq: u32,
    },
    GCEnd {
        seq: u32,
    },
    /// The program ended (exit code).
    Exit {
        code: i32,
    },
}

impl EvKind {
    /// The tracer's event name (or the explorer's for its own events).
    pub fn name(&self) -> &'static str {
        match self {
            EvKind::GoCreate { .. } => "GoCreate",
            EvKind::GoStart { .. } => "GoStart",
            EvKind::GoStop { .. } => "GoStop",
            EvKind::GoBlock { .. } => "GoBlock",
            EvKind::GoUnblock { .. } => "GoUnblock",
            EvKind::GoDestroy { .. } => "GoDestroy",
            EvKind::GoSyscallBegin { .. } => "GoSyscallBegin",
            EvKind::GoSyscallEnd { .. } => "GoSyscallEnd",
            EvKind::GoSyscallEndBlocked { .. } => "GoSyscallEndBlocked",
            EvKind::ProcStart { .. } => "ProcStart",
            EvKind::ProcStop { .. } => "ProcStop",
            EvKind::ProcSteal { .. } => "ProcSteal",
            EvKind::ProcsChange { .. } => "ProcsChange",
            EvKind::ProcDestroy { .. } => "ProcDestroy",
            EvKind::STWBegin { .. } => "STWBegin",
            EvKind::STWEnd => "STWEnd",
            EvKind::Steal { .. } => "Steal",
            EvKind::PreemptRequest { .. } => "PreemptRequest",
            EvKind::Preempt { .. } => "Preempt",
            EvKind::StackGrow { .. } => "StackGrow",
            EvKind::StackShrink { .. } => "StackShrink",
            EvKind::MStart { .. } => "MStart",
            EvKind::MPark { .. } => "MPark",
            EvKind::MWake { .. } => "MWake",
            EvKind::Spinning { .. } => "Spinning",
            EvKind::SchedTrace { .. } => "SchedTrace",
            EvKind::Print { .. } => "Print",
            EvKind::GCBegin { .. } => "GCBegin",
            EvKind::GCEnd { .. } => "GCEnd",
            EvKind::Exit { .. } => "Exit",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Event {
    /// ns since the program started.
    pub t: i64,
    /// The M that emitted it (-1: none).
    pub m: i64,
    /// The P that M held (-1: none).
    pub p: i32,
    pub kind: EvKind,
}

/// How much of the log to keep.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Keep {
    /// Count only.
    None,
    /// Keep everything.
    All,
    /// Keep the latest `n`.
    Latest(usize),
}

pub struct EventLog {
    keep: Keep,
    rmw: Rmw,
    events: SpinLock<VecDeque<Event>>,
    /// Events emitted so far (kept or not).
    pub count: AtomicU64,
    /// Steals and preemptions so far, for quick UI figures.
    pub steals: AtomicU64,
    pub preemptions: AtomicU64,
}

impl EventLog {
    pub fn new(keep: Keep, rmw: Rmw) -> Self {
        EventLog {
            keep,
            rmw,
            events: SpinLock::new(VecDeque::new()),
            count: AtomicU64::new(0),
            steals: AtomicU64::new(0),
            preemptions: AtomicU64::new(0),
        }
    }

    /// A copy of the counters with no events kept, for a checkpoint: the events come
    /// back from the run's own log on restore ([`EventLog::adopt`]).
    pub fn fork_counters(&self) -> EventLog {
        use crate::fork::ForkAtomic;
        EventLog {
            keep: self.keep,
            rmw: self.rmw,
            events: SpinLock::new(VecDeque::new()),
            count: self.count.fork(),
            steals: self.steals.fork(),
            preemptions: self.preemptions.fork(),
        }
    }

    /// Takes the kept events of `from`, a log of the same run at or after this one's
    /// count, and keeps those up to this count (the later ones happen again when the
    /// run goes on). `from` is left empty.
    pub fn adopt(&self, from: &EventLog) {
        let mut q = std::mem::take(&mut *from.events.lock());
        let from_count = from.count.load(Ordering::Relaxed);
        let count = self.count.load(Ordering::Relaxed);
        assert!(
            from_count >= count,
            "EventLog::adopt: the log is behind this one"
        );
        let extra = (from_count - count) as usize;
        q.truncate(q.len().saturating_sub(extra));
        *self.events.lock() = q;
    }

    /// A copy of the kept events up to `count` of `from` (a log of the same run at or
    /// after `count`); `from` is unchanged.
    pub fn copy_prefix(&self, from: &EventLog) {
        let q = from.events.lock();
        let from_count = from.count.load(Ordering::Relaxed);
        let count = self.count.load(Ordering::Relaxed);
        assert!(
            from_count >= count,
            "EventLog::copy_prefix: the log is behind this one"
        );
        let n = q.len().saturating_sub((from_count - count) as usize);
        *self.events.lock() = q.iter().take(n).cloned().collect();
    }

    /// Counts an event (and a steal or preemption) without storing it.
    #[inline]
    pub fn count_only(&self, kind: &EvKind) {
        self.count_kind(kind);
        self.rmw.add(&self.count, 1);
    }

    #[inline]
    fn count_kind(&self, kind: &EvKind) {
        match kind {
            EvKind::Steal { .. } => {
                self.rmw.add(&self.steals, 1);
            }
            EvKind::Preempt { .. } => {
                self.rmw.add(&self.preemptions, 1);
            }
            _ => {}
        }
    }

    pub fn emit(&self, ev: Event) {
        // Kept events are counted under the lock, so a reader holding it sees a count
        // that matches the queue (see `try_since`). Every writer of `count` then holds
        // the lock, so a load and a store are enough.
        match self.keep {
            Keep::None => self.count_only(&ev.kind),
            Keep::All => {
                self.count_kind(&ev.kind);
                let mut q = self.events.lock();
                q.push_back(ev);
                Rmw::SingleThread.add(&self.count, 1);
            }
            Keep::Latest(n) => {
                self.count_kind(&ev.kind);
                let mut q = self.events.lock();
                if q.len() >= n {
                    q.pop_front();
                }
                q.push_back(ev);
                Rmw::SingleThread.add(&self.count, 1);
            }
        }
    }

    pub fn keep(&self) -> Keep {
        self.keep
    }

    /// A copy of the kept events (never blocks for long: the lock is only held to push).
    pub fn snapshot(&self) -> Vec<Event> {
        self.events.lock().iter().cloned().collect()
    }

    /// Non-blocking copy for the browser main thread: `None` if a worker holds the lock.
    pub fn try_snapshot(&self) -> Option<Vec<Event>> {
        self.events.try_lock().map(|q| q.iter().cloned().collect())
    }

    /// Non-blocking: the kept events after the first `from` ever emitted, and the new
    /// total to pass next time. Only the new tail is copied. `None` if the lock is busy.
    pub fn try_since(&self, from: u64) -> Option<(Vec<Event>, u64)> {
        let q = self.events.try_lock()?;
        let total = self.count.load(Ordering::Acquire);
        let first_kept = total.saturating_sub(q.len() as u64);
        let skip = from.saturating_sub(first_kept) as usize;
        Some((
            q.iter().skip(skip).cloned().collect(),
            first_kept + q.len() as u64,
        ))
    }

    pub fn take(&self) -> Vec<Event> {
        self.events.lock().drain(..).collect()
    }
}
