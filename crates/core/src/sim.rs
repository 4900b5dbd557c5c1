//! # The deterministic driver: virtual time, one seeded chooser
//!
//! A discrete-event simulation of the Ms. Each M has a time at which it next acts (or is
//! asleep); the driver repeatedly takes the earliest, sets the virtual clock to it and
//! calls [`Runtime::step_m`]. Everything that is a race on real hardware goes through
//! one seeded generator: which of several Ms due at the same instant goes first, the
//! `cheaprand` numbers that pick steal order, and how long a thread takes to wake up or
//! start. A run is therefore a function of (program, config, seed):
//! - [`Sim::run_until`] and [`Sim::step`] advance it (one step is one scheduler event of
//!   one M);
//! - [`Sim::trail`] is the list of (time, M) choices made, and [`Sim::replay`] runs
//!   a recorded trail again and must produce the same event log.
//!
//! Wake-ups between Ms (`notewakeup`, `newm`, preemption signals, `netpollBreak`, I/O
//! readiness) are requests the runtime makes through [`Env`]; the driver applies them
//! after each step.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering};
use std::sync::Arc;

use crate::program::Program;
use crate::runtime::{Config, Env, MCont, MId, Runtime, Wait};

/// A request from the runtime to the driver.
#[derive(Clone, Debug, PartialEq)]
enum Req {
    Wake(MId),
    NewM(MId),
    Preempt(MId),
    NetpollBreak,
    IoAt(i64),
    SysmonWake,
}

/// The driver side of [`Env`]: the virtual clock, the chooser, pending requests.
pub struct SimEnv {
    clock: Arc<AtomicI64>,
    /// The chooser: SplitMix64's state. Only the thread that steps the [`Sim`] advances
    /// it, so a load and a store do (no read-modify-write); the atomic is there because
    /// the runtime holds the Env as `Sync`.
    rng: AtomicU64,
    reqs: crate::sync::SpinLock<Vec<Req>>,
    /// Whether `reqs` may be non-empty (checked before taking its lock).
    has_reqs: AtomicBool,
}

impl SimEnv {
    fn next_u64(&self) -> u64 {
        let mut z = self
            .rng
            .load(Ordering::Relaxed)
            .wrapping_add(0x9E37_79B9_7F4A_7C15);
        self.rng.store(z, Ordering::Relaxed);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn push(&self, r: Req) {
        self.reqs.lock().push(r);
        self.has_reqs.store(true, Ordering::Release);
    }

    /// Uniform in `lo..=hi`.
    fn range(&self, lo: i64, hi: i64) -> i64 {
        lo + (self.next_u64() % ((hi - lo + 1) as u64)) as i64
    }
}

impl Env for SimEnv {
    fn now(&self) -> i64 {
        self.clock.load(Ordering::Acquire)
    }
    fn draw(&self, l: &crate::program::Latency) -> i64 {
        l.at(self.range(0, 999_999) as u64) as i64
    }
    fn notewakeup(&self, m: MId) {
        self.push(Req::Wake(m));
    }
    fn newm(&self, m: MId) {
        self.push(Req::NewM(m));
    }
    fn preempt_m(&self, m: MId) {
        self.push(Req::Preempt(m));
    }
    fn netpoll_break(&self) {
        self.push(Req::NetpollBreak);
    }
    fn io_at(&self, when: i64) {
        self.push(Req::IoAt(when));
    }
    fn sysmon_wake(&self) {
        self.push(Req::SysmonWake);
    }
    fn rand(&self, _m: MId) -> u32 {
        self.next_u64() as u32
    }
    fn single_threaded(&self) -> bool {
        true
    }
    fn virtual_clock(&self) -> Option<Arc<AtomicI64>> {
        Some(self.clock.clone())
    }
}

/// What an M is doing, from the driver's point of view.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MState {
    /// Will step at this time.
    Due(i64),
    /// Running call-free work until then; a signal may cut it short.
    Busy(i64),
    /// In a syscall until then.
    Syscall(i64),
    /// Parked with no timeout.
    Parked,
    /// Parked until then (or a wake-up).
    ParkedUntil(i64),
    /// Blocked in netpoll until then (or I/O, or a break).
    Netpoll(i64),
    Exited,
}

/// Why a run stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The program exited (status code).
    Exited(i32),
    /// Virtual time limit reached.
    TimeLimit,
    /// Step limit reached.
    StepLimit,
    /// No M can ever act again (should be caught by checkdead first).
    Stuck,
}

/// A heap entry: (time, tie-break from the chooser, generation, M).
type Entry = (i64, u64, u64, MId);

pub struct Sim {
    pub rt: Arc<Runtime>,
    env: Arc<SimEnv>,
    states: Vec<MState>,
    gens: Vec<u64>,
    /// Pending wake-ups (time, tie-break, generation, M); an entry whose generation is
    /// not the M's current one is stale and skipped.
    heap: BinaryHeap<Reverse<Entry>>,
    /// One entry kept beside the heap: usually the M that just stepped and is due again
    /// soon. When it is still the earliest, the next step takes it without a heap push
    /// and pop. The order of steps is exactly the heap's order either way.
    hot: Option<Entry>,
    pub steps: u64,
    /// The virtual time of the last step.
    last_t: i64,
    trail: Vec<(i64, MId)>,
    record_trail: bool,
    replay: Option<(Vec<(i64, MId)>, usize)>,
}

impl Sim {
    pub fn new(prog: Program, cfg: Config, seed: u64) -> Result<Sim, String> {
        let env = Arc::new(SimEnv {
            clock: Arc::new(AtomicI64::new(0)),
            rng: AtomicU64::new(seed ^ 0x9E37_79B9_7F4A_7C15),
            reqs: crate::sync::SpinLock::new(Vec::new()),
            has_reqs: AtomicBool::new(false),
        });
        let rt = Runtime::new(prog, cfg, Box::new(env.clone()))?;
        let mut sim = Sim {
            rt,
            env,
            states: Vec::new(),
            gens: Vec::new(),
            heap: BinaryHeap::new(),
            hot: None,
            steps: 0,
            last_t: 0,
            trail: Vec::new(),
            record_trail: false,
            replay: None,
        };
        // M0 runs from the start.
        sim.set(0, MState::Due(0));
        sim.apply_requests();
        Ok(sim)
    }

    /// A copy of the whole run (runtime, program state, the driver's queues, pending
    /// requests and the chooser) for a checkpoint: see [`crate::seek`]. The copy has no
    /// output or kept events (the mark says how long they were) and no trail.
    pub fn fork(&self) -> (Sim, crate::runtime::OutMark) {
        let env = Arc::new(SimEnv {
            clock: Arc::new(AtomicI64::new(self.env.clock.load(Ordering::Relaxed))),
            rng: AtomicU64::new(self.env.rng.load(Ordering::Relaxed)),
            reqs: crate::sync::SpinLock::new(self.env.reqs.lock().clone()),
            has_reqs: AtomicBool::new(self.env.has_reqs.load(Ordering::Relaxed)),
        });
        let mut f = crate::fork::Forker::new();
        let (rt, mark) = self.rt.fork(Box::new(env.clone()), &mut f);
        let sim = Sim {
            rt: Arc::new(rt),
            env,
            states: self.states.clone(),
            gens: self.gens.clone(),
            // Stale entries (an M re-scheduled since) are left out: they would only be
            // skipped. The order of the others is a total order, so it is unchanged.
            heap: self
                .heap
                .iter()
                .filter(|Reverse(e)| self.gens[e.3 as usize] == e.2)
                .copied()
                .collect(),
            hot: self.hot,
            steps: self.steps,
            last_t: self.last_t,
            trail: Vec::new(),
            record_trail: false,
            replay: None,
        };
        (sim, mark)
    }

    /// Puts the clock back to the time of the last step, after [`Sim::run_until`] moved
    /// it on to its time limit: the state after N steps is then the same however the
    /// run got there (an input applied now sees the same time as on a replay).
    pub fn hold_clock(&mut self) {
        self.env.clock.store(self.last_t, Ordering::Release);
    }

    /// Host bytes a [`Sim::fork`] of this run holds, roughly.
    pub fn fork_bytes(&self) -> usize {
        self.rt.fork_bytes()
            + self.states.len() * (std::mem::size_of::<MState>() + 8)
            + self.heap.len() * std::mem::size_of::<Entry>()
    }

    /// Whether nothing can step any more (no M is due or asleep with a deadline).
    pub fn idle(&self) -> bool {
        self.nothing_pending()
    }

    /// Keep the (time, M) trail of choices for [`Sim::replay`].
    pub fn record(&mut self) {
        self.record_trail = true;
    }

    pub fn trail(&self) -> &[(i64, MId)] {
        &self.trail
    }

    /// Follow a recorded trail instead of choosing; panics if the run diverges.
    pub fn replay(&mut self, trail: Vec<(i64, MId)>) {
        self.replay = Some((trail, 0));
    }

    pub fn now(&self) -> i64 {
        self.env.now()
    }

    pub fn state(&self, m: MId) -> MState {
        self.states
            .get(m as usize)
            .copied()
            .unwrap_or(MState::Parked)
    }

    fn set(&mut self, m: MId, st: MState) {
        let i = m as usize;
        if self.states.len() <= i {
            self.states.resize(i + 1, MState::Parked);
            self.gens.resize(i + 1, 0);
        }
        self.states[i] = st;
        self.gens[i] += 1;
        let t = match st {
            MState::Due(t)
            | MState::Busy(t)
            | MState::Syscall(t)
            | MState::ParkedUntil(t)
            | MState::Netpoll(t) => t,
            MState::Parked | MState::Exited => return,
        };
        if t == i64::MAX {
            return;
        }
        let tie = self.env.next_u64();
        let e = (t, tie, self.gens[i], m);
        match self.hot {
            None => self.hot = Some(e),
            Some(h) if e < h => {
                self.heap.push(Reverse(h));
                self.hot = Some(e);
            }
            Some(_) => self.heap.push(Reverse(e)),
        }
    }

    /// Takes the earliest pending entry (the heap's top or `hot`), stale ones included.
    fn pop_entry(&mut self) -> Option<Entry> {
        match (self.hot, self.heap.peek()) {
            (Some(h), Some(Reverse(top))) if *top < h => self.heap.pop().map(|Reverse(e)| e),
            (Some(h), _) => {
                self.hot = None;
                Some(h)
            }
            (None, _) => self.heap.pop().map(|Reverse(e)| e),
        }
    }

    /// The time of the earliest pending entry (possibly stale).
    fn peek_time(&self) -> Option<i64> {
        let top = self.heap.peek().map(|Reverse(e)| e.0);
        match (self.hot, top) {
            (Some(h), Some(t)) => Some(h.0.min(t)),
            (Some(h), None) => Some(h.0),
            (None, t) => t,
        }
    }

    fn nothing_pending(&self) -> bool {
        self.hot.is_none() && self.heap.is_empty()
    }

    fn apply_requests(&mut self) {
        loop {
            if !self.env.has_reqs.load(Ordering::Relaxed)
                || !self.env.has_reqs.swap(false, Ordering::AcqRel)
            {
                return;
            }
            let reqs: Vec<Req> = std::mem::take(&mut *self.env.reqs.lock());
            if reqs.is_empty() {
                return;
            }
            let now = self.now();
            let cost = self.rt.cfg.cost.clone();
            for r in reqs {
                match r {
                    Req::Wake(m) => match self.state(m) {
                        MState::Parked | MState::ParkedUntil(_) => {
                            let lat = self.draw(&cost.wake);
                            self.set(m, MState::Due(now + lat));
                        }
                        _ => {} // not asleep: the note is seen when it parks/steps
                    },
                    Req::NewM(m) => {
                        let lat = self.draw(&cost.create);
                        self.set(m, MState::Due(now + lat));
                    }
                    Req::Preempt(m) => {
                        if let MState::Busy(_) = self.state(m) {
                            // The signal arrives after a few µs.
                            let lat = self.jitter(2_000);
                            self.set(m, MState::Due(now + lat));
                        }
                    }
                    Req::NetpollBreak => {
                        if let Some(m) = self.netpoller() {
                            self.set(m, MState::Due(now));
                        }
                    }
                    Req::IoAt(when) => {
                        if let Some(m) = self.netpoller() {
                            if let MState::Netpoll(t) = self.state(m) {
                                if when < t {
                                    self.set(m, MState::Netpoll(when));
                                }
                            }
                        }
                    }
                    Req::SysmonWake => {
                        let sm = (0..self.states.len() as MId).find(|&m| self.rt.m(m).is_sysmon);
                        if let Some(sm) = sm {
                            if let MState::ParkedUntil(_) = self.state(sm) {
                                self.set(sm, MState::Due(now));
                            }
                        }
                    }
                }
            }
        }
    }

    /// A latency drawn from its measured distribution by the chooser.
    fn draw(&mut self, l: &crate::program::Latency) -> i64 {
        l.at(self.env.range(0, 999_999) as u64) as i64
    }

    /// ±25% around `base`, from the chooser.
    fn jitter(&mut self, base: i64) -> i64 {
        if base <= 0 {
            return 0;
        }
        let d = base / 4;
        self.env.range(base - d, base + d)
    }

    fn netpoller(&self) -> Option<MId> {
        self.states
            .iter()
            .position(|s| matches!(s, MState::Netpoll(_)))
            .map(|i| i as MId)
    }

    /// Runs one M step. Returns None when nothing can run any more.
    pub fn step(&mut self) -> Option<Stop> {
        if self.rt.is_exited() {
            return self.exited();
        }
        let (t, m) = loop {
            let (t, _, gen, m) = self.pop_entry()?;
            if self.gens[m as usize] == gen {
                break (t, m);
            }
        };
        if let Some((trail, i)) = &mut self.replay {
            let want = trail.get(*i).copied();
            assert_eq!(want, Some((t, m)), "replay diverged at step {i}");
            *i += 1;
        }
        if self.record_trail {
            self.trail.push((t, m));
        }
        if t > self.now() {
            self.env.clock.store(t, Ordering::Release);
        }
        self.steps += 1;
        self.last_t = self.now();
        let w = self.rt.step_m(m);
        let now = self.now();
        let st = match w {
            Wait::Run { after } => MState::Due(now + after.max(0)),
            Wait::Busy { until } => MState::Busy(until),
            Wait::Syscall { until } => MState::Syscall(until),
            Wait::Park => {
                // A note set before we parked wakes us at once.
                if self.rt.m(m).park.load(Ordering::Acquire) != 0
                    && self.rt.m(m).cont() == MCont::Stopped
                {
                    let cost = self.rt.cfg.cost.wake.clone();
                    MState::Due(now + self.draw(&cost))
                } else {
                    MState::Parked
                }
            }
            Wait::ParkUntil { until } => MState::ParkedUntil(until),
            Wait::Netpoll { until } => MState::Netpoll(until),
            Wait::Exit => MState::Exited,
        };
        self.set(m, st);
        self.apply_requests();
        if self.rt.is_exited() {
            return self.exited();
        }
        None
    }

    fn exited(&self) -> Option<Stop> {
        self.rt.exit_status().map(|st| Stop::Exited(st.code))
    }

    /// Runs until the program exits, `max_time` (virtual ns) passes, or `max_steps`.
    pub fn run_until(&mut self, max_time: i64, max_steps: u64) -> Stop {
        loop {
            if let Some(t) = self.peek_time() {
                if t > max_time {
                    self.env.clock.store(max_time, Ordering::Release);
                    return Stop::TimeLimit;
                }
            }
            if self.steps >= max_steps {
                return Stop::StepLimit;
            }
            match self.step() {
                Some(stop) => return stop,
                None => {
                    if self.nothing_pending() {
                        return match self.rt.exit_status() {
                            Some(st) => Stop::Exited(st.code),
                            None => Stop::Stuck,
                        };
                    }
                }
            }
        }
    }

    /// Runs until at least one new event is logged (or the run ends).
    pub fn step_event(&mut self) -> Option<Stop> {
        let before = self.rt.events.count.load(Ordering::Acquire);
        loop {
            if let Some(s) = self.step() {
                return Some(s);
            }
            if self.nothing_pending() {
                return Some(Stop::Stuck);
            }
            if self.rt.events.count.load(Ordering::Acquire) > before {
                return None;
            }
        }
    }
}
