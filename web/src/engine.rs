//! The two drivers behind one interface for the page.
//!
//! - [`Engine::Sim`]: the deterministic driver, advanced on the main thread in bounded
//!   slices (a step budget and a wall-clock budget per frame), so the page never
//!   freezes. Every input (spawn, GOMAXPROCS) is logged with the step it happened at,
//!   so a run can be rebuilt up to any step: that is how "step back" works.
//! - [`Engine::Live`]: the live driver; Ms run on pool workers, and this thread only
//!   reads snapshots and events (atomics, `try_lock`).

use gmp_core::scenarios;
use gmp_core::sim::Stop;
use gmp_core::snapshot::Snapshot;
use gmp_core::trace::{Event, Keep};
use gmp_core::{Config, GKind, Sim};

/// An input to a run, replayable at a step.
#[derive(Clone, Debug, PartialEq)]
pub enum Input {
    Spawn(GKind, u32),
    Procs(u32),
}

/// What a run is made of.
#[derive(Clone, Debug, PartialEq)]
pub struct RunSpec {
    pub scenario: String,
    pub params: Vec<(String, String)>,
    pub procs: u32,
    pub seed: u64,
    pub asyncpreemptoff: bool,
    /// Virtual time after which a run that never ends is stopped (ns).
    pub max_time: i64,
    /// schedtrace period in virtual ms.
    pub schedtrace_ms: i64,
}

impl Default for RunSpec {
    fn default() -> Self {
        RunSpec {
            scenario: "playground".into(),
            params: vec![],
            procs: 4,
            seed: 1,
            asyncpreemptoff: false,
            max_time: i64::MAX,
            schedtrace_ms: 100,
        }
    }
}

impl RunSpec {
    fn program_and_config(&self) -> Result<(gmp_core::Program, Config, Vec<(GKind, u32)>), String> {
        let s = scenarios::find(&self.scenario)
            .ok_or_else(|| format!("unknown scenario {:?}", self.scenario))?;
        let p = s.params(&self.params)?;
        let cfg = Config {
            gomaxprocs: self.procs,
            asyncpreemptoff: self.asyncpreemptoff,
            schedtrace_ms: self.schedtrace_ms,
            keep_events: Keep::Latest(50_000),
            max_goroutines: 200_000,
            ..Config::default()
        };
        Ok((s.program(&p), cfg, scenarios::initial_requests(&p)))
    }
}

pub struct SimRun {
    pub sim: Sim,
    pub spec: RunSpec,
    /// (step, input) in the order applied.
    pub inputs: Vec<(u64, Input)>,
    pub stop: Option<Stop>,
}

pub enum Engine {
    Sim(SimRun),
    Live(gmp_live::Live, RunSpec),
}

impl Engine {
    pub fn new_sim(spec: RunSpec) -> Result<Engine, String> {
        let (prog, cfg, reqs) = spec.program_and_config()?;
        let sim = Sim::new(prog, cfg, spec.seed)?;
        let mut run = SimRun {
            sim,
            spec,
            inputs: vec![],
            stop: None,
        };
        for (k, n) in reqs {
            run.apply(Input::Spawn(k, n))?;
        }
        Ok(Engine::Sim(run))
    }

    pub fn new_live(spec: RunSpec, scale: f64, threads: usize) -> Result<Engine, String> {
        let (prog, cfg, reqs) = spec.program_and_config()?;
        let opts = gmp_live::LiveOptions {
            scale,
            clock: crate::clock::live_clock(),
            max_threads: threads,
        };
        let live = gmp_live::Live::start(prog, cfg, opts, Box::new(crate::pool::PoolSpawner))?;
        for (k, n) in reqs {
            live.rt.request_spawn(k, n)?;
        }
        Ok(Engine::Live(live, spec))
    }

    pub fn rt(&self) -> &gmp_core::Runtime {
        match self {
            Engine::Sim(r) => &r.sim.rt,
            Engine::Live(l, _) => &l.rt,
        }
    }

    pub fn spec(&self) -> &RunSpec {
        match self {
            Engine::Sim(r) => &r.spec,
            Engine::Live(_, s) => s,
        }
    }

    pub fn is_live(&self) -> bool {
        matches!(self, Engine::Live(..))
    }

    /// Virtual ns since start.
    pub fn now(&self) -> i64 {
        match self {
            Engine::Sim(r) => r.sim.now(),
            Engine::Live(l, _) => l.rt.now(),
        }
    }

    pub fn apply(&mut self, input: Input) -> Result<(), String> {
        match self {
            Engine::Sim(r) => r.apply(input),
            Engine::Live(l, _) => match input {
                Input::Spawn(k, n) => l.rt.request_spawn(k, n),
                Input::Procs(n) => l.rt.request_gomaxprocs(n),
            },
        }
    }

    /// Advances the deterministic driver by `virt_ns` of virtual time, spending at most
    /// `budget_ms` of wall time. Returns the steps taken. (Live runs by itself.)
    pub fn advance(&mut self, virt_ns: i64, budget_ms: f64) -> u64 {
        let Engine::Sim(r) = self else { return 0 };
        if r.stop.is_some() {
            return 0;
        }
        let t0 = crate::clock::now_ms();
        let target = (r.sim.now() + virt_ns.max(0)).min(r.spec.max_time);
        if r.sim.now() >= r.spec.max_time {
            r.stop = Some(Stop::TimeLimit);
            return 0;
        }
        let start = r.sim.steps;
        loop {
            let chunk_end = r.sim.steps + 2_000;
            match r.sim.run_until(target, chunk_end) {
                Stop::StepLimit => {
                    if crate::clock::now_ms() - t0 > budget_ms {
                        break;
                    }
                }
                Stop::TimeLimit => {
                    if target >= r.spec.max_time {
                        r.stop = Some(Stop::TimeLimit);
                    }
                    break;
                }
                other => {
                    r.stop = Some(other);
                    break;
                }
            }
        }
        r.sim.steps - start
    }

    /// One scheduler step of one M forward (deterministic only): what the Step button
    /// and a link's `step=N` count.
    pub fn step(&mut self) {
        if let Engine::Sim(r) = self {
            if r.stop.is_none() {
                if let Some(s) = r.sim.step() {
                    r.stop = Some(s);
                }
            }
        }
    }

    /// Rebuilds the run and replays it (inputs included) up to `steps` steps.
    pub fn rewind_to(&mut self, steps: u64) -> Result<(), String> {
        let Engine::Sim(r) = self else {
            return Err("step back needs the deterministic driver".into());
        };
        let (prog, cfg, _) = r.spec.program_and_config()?;
        let mut sim = Sim::new(prog, cfg, r.spec.seed)?;
        let inputs = std::mem::take(&mut r.inputs);
        let mut kept = vec![];
        let mut stop = None;
        for (at, input) in inputs.iter().cloned() {
            if at > steps {
                break;
            }
            while sim.steps < at && stop.is_none() {
                stop = sim.step();
            }
            apply_to(&sim, &input)?;
            kept.push((at, input));
        }
        while sim.steps < steps && stop.is_none() {
            stop = sim.step();
        }
        r.sim = sim;
        r.inputs = kept;
        r.stop = stop;
        Ok(())
    }

    /// The step count of the deterministic driver.
    pub fn steps(&self) -> u64 {
        match self {
            Engine::Sim(r) => r.sim.steps,
            Engine::Live(..) => 0,
        }
    }

    /// Step count before the last event: for "step back".
    pub fn step_back_target(&self) -> u64 {
        self.steps().saturating_sub(1)
    }

    pub fn snapshot(&self) -> Snapshot {
        self.rt().snapshot()
    }

    /// Events after the first `from` ever emitted (`from` advances to the total).
    pub fn events_since(&self, from: &mut u64) -> Vec<Event> {
        let log = &self.rt().events;
        if log.count.load(std::sync::atomic::Ordering::Acquire) <= *from {
            return vec![];
        }
        match log.try_since(*from) {
            Some((new, total)) => {
                *from = total;
                new
            }
            None => vec![],
        }
    }

    pub fn set_scale(&self, scale: f64) {
        if let Engine::Live(l, _) = self {
            l.set_scale(scale);
        }
    }

    pub fn stop(&self) {
        if let Engine::Live(l, _) = self {
            l.stop();
        }
    }

    /// Why a deterministic run stopped, if it did.
    pub fn stopped(&self) -> Option<Stop> {
        match self {
            Engine::Sim(r) => r.stop.clone(),
            Engine::Live(..) => None,
        }
    }

    pub fn out_of_threads(&self) -> bool {
        match self {
            Engine::Live(l, _) => l.out_of_threads(),
            _ => false,
        }
    }
}

fn apply_to(sim: &Sim, input: &Input) -> Result<(), String> {
    match *input {
        Input::Spawn(k, n) => sim.rt.request_spawn(k, n),
        Input::Procs(n) => sim.rt.request_gomaxprocs(n),
    }
}

impl SimRun {
    fn apply(&mut self, input: Input) -> Result<(), String> {
        apply_to(&self.sim, &input)?;
        self.inputs.push((self.sim.steps, input));
        // An input may wake the run again (a finished run does not restart).
        Ok(())
    }
}
