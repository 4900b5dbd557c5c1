//! # Requests: what the explorer asks of a running program from outside
//!
//! A learner (the page's buttons, `gmp run --procs`) acts on a program that is already
//! running, as a client or an operator would act on a Go server:
//!
//! - **Spawn requests.** [`Runtime::request_spawn`] asks for CPU-bound, blocking-syscall
//!   or network goroutines. The program's accept loop takes them: its G parks in
//!   `Accept` as a listener on the netpoller (`netpoll.go: netpollblock`, reason
//!   `IO wait`); a request marks the listener ready and tells the driver that I/O is
//!   due now (`Env::io_at`), so the next `netpoll` readies it, as a connection arriving
//!   would. The loop then starts one goroutine per request (`Op::SpawnRequested`, or a
//!   Go program's `TakeRequests` through [`crate::code::Host::take_requests`]).
//! - **GOMAXPROCS requests.** [`Runtime::request_gomaxprocs`] leaves the value for the
//!   updater goroutine (Go 1.25+'s `updateMaxProcsGoroutine`, `proc.go`), which stops
//!   the world itself (`stopTheWorldGC(stwGOMAXPROCS)`), sets `newprocs` and starts it
//!   again (`procresize` in `startTheWorldWithSema`). Real Go's updater only follows
//!   the CPU limit and gives up once the program has called `runtime.GOMAXPROCS`
//!   (`sched.customGOMAXPROCS`); the explorer's request is applied either way, the
//!   learner standing in for an operator. sysmon readies it (`injectglist` with an idle P; otherwise it asks every P
//!   to stop at a safe point and the first M in `findRunnable` readies it into its
//!   runnext; see the crate's "Where the model simplifies").
//!
//! Everything here is lock-free, so the browser's main thread may call the requests;
//! [`Requests`] holds their state on the [`Runtime`].

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

use crate::g::{GIdx, GKind, GStatus};
use crate::runtime::{Runtime, MAX_MODEL_PROCS};

/// The requests waiting for the program (see the module's doc).
pub(crate) struct Requests {
    /// Goroutines asked for, by kind (CPU-bound, blocking, network), that the accept
    /// loop has not taken yet.
    spawn: [AtomicU32; 3],
    /// GOMAXPROCS asked for, for the updater to apply (0: none).
    procs: AtomicU32,
    /// The updater goroutine (raw [`GIdx`]; 0 before it starts and while a thread has
    /// claimed it, see [`Runtime::take_updater_request`]).
    updater_g: AtomicU32,
    /// A GOMAXPROCS request waits for the next P in the scheduler to ready the updater.
    updater_pending: AtomicBool,
}

/// The index of a kind of requested goroutine in [`Requests::spawn`].
const SPAWN_KINDS: [GKind; 3] = [GKind::Cpu, GKind::Blocking, GKind::Network];

impl Requests {
    pub(crate) fn new() -> Requests {
        Requests {
            spawn: [AtomicU32::new(0), AtomicU32::new(0), AtomicU32::new(0)],
            procs: AtomicU32::new(0),
            updater_g: AtomicU32::new(0),
            updater_pending: AtomicBool::new(false),
        }
    }

    /// A checkpoint's copy (see [`crate::fork`]).
    pub(crate) fn fork(&self) -> Requests {
        use crate::fork::ForkAtomic;
        Requests {
            spawn: std::array::from_fn(|i| self.spawn[i].fork()),
            procs: self.procs.fork(),
            updater_g: self.updater_g.fork(),
            updater_pending: self.updater_pending.fork(),
        }
    }

    /// Goroutines asked for and not taken yet, of every kind.
    pub(crate) fn pending_spawns(&self) -> u32 {
        self.spawn.iter().map(|r| r.load(Ordering::Acquire)).sum()
    }

    /// A spawn request is waiting.
    pub(crate) fn any_spawn(&self) -> bool {
        self.spawn.iter().any(|r| r.load(Ordering::Acquire) > 0)
    }

    /// Takes the requests for goroutines of kind `i` (0 CPU-bound, 1 blocking, 2
    /// network).
    pub(crate) fn take_spawn(&self, i: usize) -> u32 {
        self.spawn[i].swap(0, Ordering::AcqRel)
    }

    /// Takes every kind's requests, in that order.
    pub(crate) fn take_spawns(&self) -> [u32; 3] {
        std::array::from_fn(|i| self.take_spawn(i))
    }

    /// Takes the GOMAXPROCS asked for (0: none), for `GOMAXPROCS(n)` in the updater.
    pub(crate) fn take_procs(&self) -> u32 {
        self.procs.swap(0, Ordering::AcqRel)
    }

    /// The updater goroutine has started (`newproc` of `updateMaxProcsGoroutine`).
    pub(crate) fn set_updater(&self, g: GIdx) {
        self.updater_g.store(g.0, Ordering::Release);
    }

    /// Marks the updater as waiting for the next P in the scheduler; returns whether it
    /// was already.
    pub(crate) fn set_updater_pending(&self) -> bool {
        self.updater_pending.swap(true, Ordering::AcqRel)
    }

    /// Takes the mark [`Requests::set_updater_pending`] left, if any.
    pub(crate) fn take_updater_pending(&self) -> bool {
        self.updater_pending.load(Ordering::Acquire)
            && self.updater_pending.swap(false, Ordering::AcqRel)
    }
}

impl Runtime {
    /// The explorer's goroutine limit (`Config::max_goroutines`), if `n` more requested
    /// goroutines, with those made and those already asked for, would pass it.
    pub fn spawn_over_limit(&self, n: u32) -> Option<usize> {
        let total: u64 = self
            .requests
            .spawn
            .iter()
            .map(|r| r.load(Ordering::Relaxed) as u64)
            .sum::<u64>()
            + self.allgs.len() as u64
            + n as u64;
        (total > self.cfg.max_goroutines as u64).then_some(self.cfg.max_goroutines)
    }

    /// Asks the program (its `Accept` loop) to start `n` goroutines of `kind`
    /// (Cpu, Blocking or Network). Lock-free: safe from a browser's main thread.
    pub fn request_spawn(&self, kind: GKind, n: u32) -> Result<(), String> {
        let Some(i) = SPAWN_KINDS.iter().position(|&k| k == kind) else {
            return Err(format!("cannot spawn {} goroutines", kind.name()));
        };
        if let Some(limit) = self.spawn_over_limit(n) {
            return Err(format!(
                "that would make more than {limit} goroutines, the explorer's limit for this page"
            ));
        }
        self.requests.spawn[i].fetch_add(n, Ordering::AcqRel);
        self.wake_listener();
        Ok(())
    }

    /// The hand-off to the accept loop: its listener is ready, and the driver's
    /// netpoller is told that I/O is due now, as for a connection arriving.
    pub(crate) fn wake_listener(&self) {
        self.netpoll.external_ready.store(true, Ordering::Release);
        self.env.io_at(self.abs_time(self.now()));
    }

    /// Goroutines asked for by [`Runtime::request_spawn`] that the accept loop has not
    /// taken yet.
    pub fn pending_spawns(&self) -> u32 {
        self.requests.pending_spawns()
    }

    /// Ask for GOMAXPROCS `n` from outside the program (UI, CLI). sysmon readies the
    /// updater goroutine, which stops the world and resizes.
    pub fn request_gomaxprocs(&self, n: u32) -> Result<(), String> {
        if n == 0 || n as usize > MAX_MODEL_PROCS {
            return Err(format!(
                "GOMAXPROCS must be between 1 and {MAX_MODEL_PROCS}, not {n}"
            ));
        }
        self.requests.procs.store(n, Ordering::Release);
        if self.sched.sysmonwait.load(Ordering::Acquire) {
            self.wake_sysmon();
        }
        Ok(())
    }

    /// The GOMAXPROCS asked for and not applied yet (0: none).
    pub fn pending_gomaxprocs(&self) -> u32 {
        self.requests.procs.load(Ordering::Acquire)
    }

    /// A GOMAXPROCS request waits for the next P in the scheduler to ready the updater.
    pub fn updater_pending(&self) -> bool {
        self.requests.updater_pending.load(Ordering::Acquire)
    }

    /// The updater goroutine, once started (none while a thread has claimed it).
    pub fn updater_g(&self) -> Option<GIdx> {
        let g = GIdx(self.requests.updater_g.load(Ordering::Acquire));
        (!g.is_nil()).then_some(g)
    }

    /// The updater G (created at start-up, parked) to ready, if a request is pending.
    ///
    /// Two threads may want to ready it at once (sysmon, and an M at the top of
    /// `findRunnable` honouring the pending mark), so the caller *claims* it: the
    /// updater reads 0 until the caller hands it back with [`Runtime::release_updater`],
    /// after readying it or deciding not to. Only the claim's holder sees it `_Gwaiting`
    /// and readies it, so it is readied once (two `ready`s would be a double
    /// `_Gwaiting -> _Grunnable`).
    pub(crate) fn take_updater_request(&self) -> Option<GIdx> {
        if self.requests.procs.load(Ordering::Acquire) == 0 {
            return None;
        }
        let g = GIdx(self.requests.updater_g.swap(0, Ordering::AcqRel));
        if g.is_nil() {
            return None; // not started yet, or claimed by another thread
        }
        if self.g(g).status() != GStatus::Waiting {
            self.release_updater(g);
            return None;
        }
        Some(g)
    }

    /// Hands back the claim [`Runtime::take_updater_request`] took.
    pub(crate) fn release_updater(&self, g: GIdx) {
        self.requests.set_updater(g);
    }
}

#[cfg(test)]
mod tests {
    use crate::sim::Sim;
    use crate::workloads;
    use crate::{Config, GKind};

    fn playground() -> Sim {
        let sc = workloads::find("playground").unwrap();
        let p = sc.params(&[]).unwrap();
        Sim::new(sc.program(&p).unwrap(), Config::default(), 1).unwrap()
    }

    #[test]
    fn spawn_requests_wait_for_the_accept_loop_and_are_taken_once() {
        let mut s = playground();
        s.rt.request_spawn(GKind::Cpu, 2).unwrap();
        s.rt.request_spawn(GKind::Network, 3).unwrap();
        assert_eq!(s.rt.pending_spawns(), 5);
        assert_eq!(s.rt.requests.take_spawns(), [2, 0, 3]);
        assert_eq!(s.rt.requests.take_spawns(), [0, 0, 0]);
        s.rt.request_spawn(GKind::Blocking, 4).unwrap();
        s.run_until(5_000_000, u64::MAX);
        assert_eq!(s.rt.pending_spawns(), 0, "the accept loop took them");
    }

    #[test]
    fn bad_requests_say_what_is_wrong() {
        let s = playground();
        assert_eq!(
            s.rt.request_spawn(GKind::Main, 1),
            Err("cannot spawn main goroutines".to_string())
        );
        assert_eq!(
            s.rt.request_gomaxprocs(0),
            Err("GOMAXPROCS must be between 1 and 256, not 0".to_string())
        );
        let over = s.rt.request_spawn(GKind::Cpu, 5_000_000).unwrap_err();
        assert!(over.contains("4000000 goroutines"), "{over}");
        assert_eq!(
            s.rt.pending_spawns(),
            0,
            "a refused request asks for nothing"
        );
    }

    #[test]
    fn a_gomaxprocs_request_is_applied_by_the_updater() {
        // CPU-bound goroutines keep the Ps busy, so sysmon is awake to see the request.
        let mut s = playground();
        s.rt.request_spawn(GKind::Cpu, 4).unwrap();
        s.run_until(1_000_000, u64::MAX);
        assert!(
            s.rt.updater_g().is_some(),
            "runtime.main started the updater"
        );
        s.rt.request_gomaxprocs(3).unwrap();
        assert_eq!(s.rt.pending_gomaxprocs(), 3);
        s.run_until(30_000_000, u64::MAX);
        assert_eq!(s.rt.gomaxprocs(), 3);
        assert_eq!(s.rt.pending_gomaxprocs(), 0);
        assert!(!s.rt.updater_pending());
    }
}
