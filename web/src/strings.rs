//! Every sentence the explorer shows, in one place (English first; a translation
//! replaces this table). Go's names stay as they are in every language.

pub struct Strings {
    pub title: &'static str,
    pub lede: &'static str,
    pub not_isolated: &'static str,
    pub open_live: &'static str,
    pub live_badge: &'static str,
    pub sim_badge: &'static str,
    pub ps_help: &'static str,
    pub global_help: &'static str,
    pub ms_help: &'static str,
    pub sysmon_help: &'static str,
    pub netpoll_help: &'static str,
    pub timers_help: &'static str,
    pub timeline_help: &'static str,
    pub console_help: &'static str,
    pub events_help: &'static str,
    pub runnext_help: &'static str,
    pub ring_help: &'static str,
    pub spawn_help: &'static str,
    pub procs_help: &'static str,
    pub speed_help: &'static str,
    pub pool_full: &'static str,
    pub workers_failed: &'static str,
    pub exited_note: &'static str,
    pub fatal_note: &'static str,
}

pub const EN: Strings = Strings {
    title: "GMP Explorer",
    lede: "Go's scheduler, running for real: goroutines (G) run on OS threads (M), and a thread needs a processor (P) to run Go code. There are GOMAXPROCS Ps.",
    not_isolated: "This page is not cross-origin isolated, so the browser withholds SharedArrayBuffer and real worker threads cannot share the scheduler's memory. It runs the deterministic driver instead: the same scheduler code, on a virtual clock.",
    open_live: "Open live mode in a new tab",
    live_badge: "live: every M is a Web Worker",
    sim_badge: "deterministic: virtual clock, seeded",
    ps_help: "Each P has a local run queue: a ring of 256 slots plus runnext, one slot for the goroutine that should run next (a G just created with go, or just woken). schedtick counts the time slices the P has started.",
    global_help: "The global run queue (sched.runq). Goroutines land here when a P's ring overflows (the oldest 128 move), when they call runtime.Gosched, when sysmon preempts them, and when a P is destroyed. Ps check it every 61st schedtick and when their own queue is empty.",
    ms_help: "Ms are OS threads. An M runs Go code only while it holds a P. A spinning M is looking for work (it steals half of another P's queue); an idle M sleeps until startm wakes it. An M blocked in a syscall keeps its G; sysmon hands its P to another M.",
    sysmon_help: "sysmon is an M without a P. It wakes every 20 µs at first, backing off to every 10 ms, preempts a G that has run for 10 ms on one schedtick, takes Ps from Ms stuck in syscalls, and polls the network when nobody else does.",
    netpoll_help: "Goroutines waiting for network data park on the netpoller; their M goes on running other goroutines. When data arrives they become runnable again.",
    timers_help: "Sleeping goroutines (time.Sleep) wait on their P's timer heap. When nothing else runs, an idle M waits for the earliest timer in the netpoller, whose timeout is whole milliseconds: a sleep under 1 ms takes about 1 ms, and 1.5 ms about 2 ms.",
    timeline_help: "Per-P timeline, like go tool trace's view by proc: which goroutine ran on each P, and when.",
    console_help: "GODEBUG=schedtrace output, printed by sysmon in Go's exact format. runqueue is the global queue; the numbers in [ ] are each P's ring length (runnext not counted).",
    events_help: "The latest scheduler events, named as the execution tracer names them.",
    runnext_help: "runnext",
    ring_help: "ring",
    spawn_help: "Each click sends a request to the program's accept loop (main), which starts the goroutines: go statements put each new G in runnext of main's P.",
    procs_help: "runtime.GOMAXPROCS(n): stops the world, then procresize adds or destroys Ps. A destroyed P's goroutines go to the head of the global queue.",
    speed_help: "Speed: how fast virtual time runs. 1× is real time (10 ms preemption takes 10 ms).",
    workers_failed: "This browser would not start worker threads for this page, so live mode is off. The deterministic driver runs instead: the same scheduler code, on a virtual clock.",
    pool_full: "No more worker threads: like Go at its thread limit, the runtime cannot start another M.",
    exited_note: "When main returns, the whole Go program ends at once: goroutines still queued or running are not waited for. The machine below is frozen as it was at that moment.",
    fatal_note: "The runtime stopped the program with a fatal error (its message is under Program output). The machine below is frozen as it was at that moment.",
};

/// The strings for a language code (only English so far).
pub fn strings(_lang: &str) -> &'static Strings {
    &EN
}

/// One table per language; two are equal when they are the same table.
impl PartialEq for Strings {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self, other)
    }
}
