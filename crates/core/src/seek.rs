//! # Time travel: a deterministic run you can seek in
//!
//! A [`RunSpec`] is everything a deterministic run is a function of: the program, the
//! settings (GOMAXPROCS, the GODEBUG flags), the seed, and the inputs from outside
//! (spawn requests, GOMAXPROCS changes), each with the step it applies at. The page,
//! the CLI and the tests build a [`Timeline`] from one and move in it:
//!
//! - going forward runs the driver ([`Timeline::run`], [`Timeline::step`]) and applies
//!   each input when the run reaches its step;
//! - every `interval` steps the timeline keeps a checkpoint: a fork of the whole run
//!   ([`Sim::fork`]: runtime, program state, the driver's queues and chooser);
//! - [`Timeline::seek`] to step N restores the nearest checkpoint at or before N and
//!   replays at most one interval. Step back is a seek to N-1.
//!
//! A checkpoint holds no output and no events: a run's output only grows, so a restore
//! cuts the present run's streams back to the checkpoint's marks, or copies them from
//! the furthest point reached (the *frontier*) when it jumps forward.
//!
//! State at step N means: N steps taken, then the inputs of step N applied.
//!
//! Memory: checkpoints have a budget; when they exceed it every other one is dropped
//! (the start is never dropped) and the interval doubles, so their number stays about
//! budget / size and the replay after a seek grows with the run only as much as needed.
//! A checkpoint too big to keep beside the start (by the live run's estimate) is not
//! taken at all.

use crate::g::GKind;
use crate::program::Program;
use crate::runtime::{Config, OutMark, Runtime};
use crate::sim::{Sim, Stop};
use std::sync::Arc;

/// An input from outside the program, applied at a step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// Ask the program's accept loop for `n` goroutines of a kind.
    Spawn(GKind, u32),
    /// `runtime.GOMAXPROCS(n)` from outside.
    Procs(u32),
}

impl Input {
    /// Applies the input to a runtime now.
    pub fn apply(&self, rt: &Runtime) -> Result<(), String> {
        match *self {
            Input::Spawn(k, n) => rt.request_spawn(k, n),
            Input::Procs(n) => rt.request_gomaxprocs(n),
        }
    }
}

/// What a deterministic run is made of.
#[derive(Clone, Debug)]
pub struct RunSpec {
    pub prog: Program,
    /// GOMAXPROCS, `asyncpreemptoff`, `schedtrace` ... and what to keep of the log.
    pub cfg: Config,
    pub seed: u64,
    /// Inputs with the step each applies at, in step order.
    pub inputs: Vec<(u64, Input)>,
}

impl RunSpec {
    /// The run straight from its start to step `n` (or to its end, if it stops first),
    /// each input applied when its step comes, with no checkpoint: what a seek to `n`
    /// must reproduce (the seek tests' oracle). Inputs the runtime refuses are skipped,
    /// as a [`Timeline`] skips them.
    pub fn run_plain(&self, n: u64) -> Result<Sim, String> {
        let mut sim = Sim::new(self.prog.clone(), self.cfg.clone(), self.seed)?;
        let mut next = 0;
        loop {
            while let Some((at, input)) = self.inputs.get(next) {
                if *at > sim.steps {
                    break;
                }
                let _ = input.apply(&sim.rt);
                next += 1;
            }
            if sim.steps == n || sim.step().is_some() || sim.idle() {
                break;
            }
        }
        Ok(sim)
    }
}

/// How checkpoints are taken and kept.
#[derive(Clone, Copy, Debug)]
pub struct Policy {
    /// Steps between checkpoints at the start (it doubles when the budget is hit).
    pub interval: u64,
    /// Bytes all checkpoints may hold together (about).
    pub budget: usize,
}

impl Default for Policy {
    fn default() -> Self {
        Policy {
            interval: 2048,
            budget: 64 << 20,
        }
    }
}

struct Checkpoint {
    sim: Sim,
    mark: OutMark,
    /// Inputs applied before this step (those of this step come after the fork).
    applied: usize,
    bytes: usize,
}

/// A deterministic run with checkpoints: see the module documentation.
pub struct Timeline {
    pub sim: Sim,
    inputs: Vec<(u64, Input)>,
    /// Inputs applied so far.
    applied: usize,
    ckpts: Vec<Checkpoint>,
    policy: Policy,
    interval: u64,
    bytes: usize,
    /// The runtime at the furthest step reached, when the present one is behind it:
    /// its output and events are the frontier's (a forward jump copies from them).
    frontier: Option<(u64, Arc<Runtime>)>,
    stop: Option<Stop>,
}

impl Timeline {
    pub fn new(spec: RunSpec, policy: Policy) -> Result<Timeline, String> {
        let mut inputs = spec.inputs;
        // In step order, ties kept in their order: an insertion sort, as the inputs
        // come sorted but for a few (and it is less code in the page than a `sort`).
        for i in 1..inputs.len() {
            let mut j = i;
            while j > 0 && inputs[j - 1].0 > inputs[j].0 {
                inputs.swap(j - 1, j);
                j -= 1;
            }
        }
        let sim = Sim::new(spec.prog, spec.cfg, spec.seed)?;
        let mut t = Timeline {
            sim,
            inputs,
            applied: 0,
            ckpts: Vec::new(),
            policy,
            interval: policy.interval.max(1),
            bytes: 0,
            frontier: None,
            stop: None,
        };
        t.settle()?;
        Ok(t)
    }

    /// Steps taken.
    pub fn steps(&self) -> u64 {
        self.sim.steps
    }

    /// Why the run stopped, if it did (exit, or nothing left to run).
    pub fn stopped(&self) -> Option<&Stop> {
        self.stop.as_ref()
    }

    /// The furthest step reached so far.
    pub fn frontier(&self) -> u64 {
        self.frontier
            .as_ref()
            .map_or(self.sim.steps, |(s, _)| (*s).max(self.sim.steps))
    }

    /// Every input, with its step.
    pub fn inputs(&self) -> &[(u64, Input)] {
        &self.inputs
    }

    /// The steps of the checkpoints kept.
    pub fn checkpoint_steps(&self) -> Vec<u64> {
        self.ckpts.iter().map(|c| c.sim.steps).collect()
    }

    /// Bytes the checkpoints hold (about) and the interval now.
    pub fn checkpoint_bytes(&self) -> usize {
        self.bytes
    }
    pub fn interval(&self) -> u64 {
        self.interval
    }

    /// At the present step: keep a checkpoint if one is due, then apply the inputs of
    /// this step.
    fn settle(&mut self) -> Result<(), String> {
        let s = self.sim.steps;
        if s % self.interval == 0 && self.stop.is_none() {
            let pos = self.ckpts.partition_point(|c| c.sim.steps < s);
            // A checkpoint that with the start alone is over the budget would be thinned
            // away at once (`thin` keeps the start): it is not taken. With 100,000
            // goroutines a fork takes a fifth of a second natively, each one wasted.
            let start = self.ckpts.first().map_or(0, |c| c.bytes);
            let fits = || {
                self.ckpts.is_empty()
                    || start + self.sim.fork_bytes() + std::mem::size_of::<Checkpoint>()
                        <= self.policy.budget
            };
            if self.ckpts.get(pos).is_none_or(|c| c.sim.steps != s) && fits() {
                let (sim, mark) = self.sim.fork();
                let bytes = sim.fork_bytes() + std::mem::size_of::<Checkpoint>();
                self.bytes += bytes;
                self.ckpts.insert(
                    pos,
                    Checkpoint {
                        sim,
                        mark,
                        applied: self.applied,
                        bytes,
                    },
                );
                self.thin();
            }
        }
        while let Some((at, input)) = self.inputs.get(self.applied) {
            if *at > s {
                break;
            }
            let r = input.apply(&self.sim.rt);
            self.applied += 1;
            r?;
        }
        Ok(())
    }

    /// Over budget: drop every other checkpoint after the start, double the interval.
    fn thin(&mut self) {
        while self.bytes > self.policy.budget && self.ckpts.len() > 1 {
            self.interval = self.interval.saturating_mul(2);
            let interval = self.interval;
            let mut bytes = 0;
            let mut i = 0;
            self.ckpts.retain(|c| {
                let keep = i == 0 || c.sim.steps % interval == 0;
                i += 1;
                if keep {
                    bytes += c.bytes;
                }
                keep
            });
            self.bytes = bytes;
            if self.ckpts.len() == 1 {
                break;
            }
        }
    }

    /// Runs forward until virtual time `max_time`, `max_steps` steps in all, or the end.
    /// Returns why it stopped.
    pub fn run(&mut self, max_time: i64, max_steps: u64) -> Stop {
        if let Some(s) = &self.stop {
            return s.clone();
        }
        loop {
            if self.sim.steps >= max_steps {
                return Stop::StepLimit;
            }
            let next_ckpt = (self.sim.steps / self.interval)
                .saturating_add(1)
                .saturating_mul(self.interval);
            let mut chunk = max_steps.min(next_ckpt);
            if let Some((at, _)) = self.inputs.get(self.applied) {
                chunk = chunk.min(*at);
            }
            let r = self.sim.run_until(max_time, chunk);
            self.passed();
            match r {
                Stop::StepLimit => {
                    if self.settle().is_err() {
                        // A bad input (too many goroutines) is dropped, as the page's
                        // own request would be.
                    }
                }
                Stop::TimeLimit => {
                    self.sim.hold_clock();
                    return Stop::TimeLimit;
                }
                other => {
                    self.stop = Some(other.clone());
                    return other;
                }
            }
        }
    }

    /// One step forward (one scheduler event of one M).
    pub fn step(&mut self) -> Option<Stop> {
        if let Some(s) = &self.stop {
            return Some(s.clone());
        }
        let r = self.sim.step();
        self.passed();
        match r {
            Some(s) => {
                self.stop = Some(s.clone());
                Some(s)
            }
            None if self.sim.idle() => {
                self.stop = Some(Stop::Stuck);
                self.stop.clone()
            }
            None => {
                let _ = self.settle();
                None
            }
        }
    }

    /// The frontier's runtime is behind once the present run passes it.
    fn passed(&mut self) {
        if let Some((s, _)) = &self.frontier {
            if self.sim.steps >= *s {
                self.frontier = None;
            }
        }
    }

    /// Applies an input now (at the present step). If the present is behind the
    /// frontier, the future there is dropped: later inputs, checkpoints and output.
    pub fn push_input(&mut self, input: Input) -> Result<(), String> {
        let s = self.sim.steps;
        input.apply(&self.sim.rt)?;
        self.inputs.truncate(self.applied);
        self.inputs.push((s, input));
        self.applied = self.inputs.len();
        self.frontier = None;
        let keep = self.ckpts.partition_point(|c| c.sim.steps <= s);
        for c in self.ckpts.drain(keep..) {
            self.bytes -= c.bytes;
        }
        Ok(())
    }

    /// Moves the run to step `n` (clamped to where the run ended, if it did): the state
    /// is then the one `n` steps from the start give.
    pub fn seek(&mut self, n: u64) -> Result<(), String> {
        let cur = self.sim.steps;
        if n == cur {
            return Ok(());
        }
        let i = self.ckpts.partition_point(|c| c.sim.steps <= n);
        let c = &self.ckpts[i.checked_sub(1).expect("the start is always kept")];
        let c_step = c.sim.steps;
        if n > cur && c_step <= cur {
            // The present is nearer than any checkpoint: run on from here.
            self.run(i64::MAX, n);
            return Ok(());
        }
        let (sim, _) = c.sim.fork();
        let mark = c.mark;
        let applied = c.applied;
        let old = std::mem::replace(&mut self.sim, sim);
        match &self.frontier {
            // The present is a prefix of the frontier.
            Some((_, f)) if c_step > cur => self.sim.rt.copy_output(f, &mark),
            Some(_) => self.sim.rt.adopt_output(&old.rt, &mark),
            None => {
                // The present is the frontier: keep it for later forward jumps.
                self.sim.rt.copy_output(&old.rt, &mark);
                self.frontier = Some((cur, old.rt.clone()));
            }
        }
        self.applied = applied;
        self.stop = None;
        self.settle()?;
        self.run(i64::MAX, n);
        Ok(())
    }
}
