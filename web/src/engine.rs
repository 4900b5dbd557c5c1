//! The two drivers behind one interface for the page.
//!
//! - [`Engine::Sim`]: the deterministic driver, advanced on the main thread in bounded
//!   slices (a step budget and a wall-clock budget per frame), so the page never
//!   freezes. Every input (spawn, GOMAXPROCS) is logged with the step it happened at,
//!   so a run can be rebuilt up to any step: that is how "step back" works.
//! - [`Engine::Live`]: the live driver; Ms run on pool workers, and this thread only
//!   reads snapshots, events and output (atomics, `try_lock`).
//!
//! A run can be built with inputs to replay (a link's `in=`, or the requests carried
//! over when the driver changes): each is applied when the run reaches its step.

use std::collections::VecDeque;

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
    /// The learner's own Go program, run in place of the scenario's.
    pub source: Option<String>,
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
            source: None,
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
        if let Some(src) = &self.source {
            let prog = gmp_go::compile(src).map_err(|d| compile_errors(&d))?;
            return Ok((prog.program(), cfg, vec![]));
        }
        // The scenario's Go source, compiled by the front end, is the program; the
        // scenarios whose packages the front end does not offer yet run as op lists.
        let prog = match gmp_go::scenarios::program(s, &p) {
            Some(compiled) => compiled?,
            None => s.program(&p),
        };
        Ok((prog, cfg, scenarios::initial_requests(&p)))
    }
}

/// Virtual time a learner's own program may run before it is stopped (1 s, as a
/// lesson's never-ending variants). A CPU-bound program's virtual second takes the VM
/// tens of real seconds in the page (it runs every instruction real Go would).
pub const SOURCE_MAX_TIME: i64 = 1_000_000_000;

/// Compile errors as `go build` prints them, one per line.
pub fn compile_errors(d: &[gmp_go::Diag]) -> String {
    d.iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

pub struct SimRun {
    pub sim: Sim,
    pub spec: RunSpec,
    /// (step, input) in the order applied; the first `base` are the scenario's own
    /// requests (its `p.cpu=` ...), the rest are the learner's.
    pub inputs: Vec<(u64, Input)>,
    base: usize,
    /// Inputs still to apply, each when the run reaches its step.
    scheduled: VecDeque<(u64, Input)>,
    pub stop: Option<Stop>,
}

pub struct LiveRun {
    pub live: gmp_live::Live,
    /// The learner's inputs, in order (a live run has no step numbers).
    pub inputs: Vec<Input>,
}

pub enum Engine {
    Sim(SimRun),
    Live(LiveRun),
}

impl Engine {
    pub fn new_sim(spec: RunSpec) -> Result<Engine, String> {
        let (prog, cfg, reqs) = spec.program_and_config()?;
        let sim = Sim::new(prog, cfg, spec.seed)?;
        let mut run = SimRun {
            sim,
            spec,
            inputs: vec![],
            base: 0,
            scheduled: VecDeque::new(),
            stop: None,
        };
        for (k, n) in reqs {
            run.apply(Input::Spawn(k, n))?;
        }
        run.base = run.inputs.len();
        Ok(Engine::Sim(run))
    }

    /// A run with `inputs` to replay: up to `start_step` at once (then it stands
    /// there), or each as the run reaches its step.
    pub fn build(
        spec: RunSpec,
        live: Option<(f64, usize)>,
        inputs: Vec<(u64, Input)>,
        start_step: Option<u64>,
    ) -> Result<Engine, String> {
        if let Some((scale, threads)) = live {
            let mut e = Engine::new_live(spec, scale, threads)?;
            for (_, i) in inputs {
                e.apply(i)?;
            }
            return Ok(e);
        }
        let mut e = Engine::new_sim(spec)?;
        if let Engine::Sim(r) = &mut e {
            r.scheduled = inputs.into();
        }
        match start_step {
            Some(n) => {
                if let Engine::Sim(r) = &mut e {
                    let due: Vec<_> = r.scheduled.drain(..).collect();
                    r.inputs.extend(due);
                }
                e.rewind_to(n)?;
            }
            None => {
                if let Engine::Sim(r) = &mut e {
                    r.apply_due()?;
                }
            }
        }
        Ok(e)
    }

    /// The learner's inputs so far, with the step each was applied at (0 for live).
    pub fn user_inputs(&self) -> Vec<(u64, Input)> {
        match self {
            Engine::Sim(r) => r.inputs[r.base..].to_vec(),
            Engine::Live(l) => l.inputs.iter().map(|i| (0, i.clone())).collect(),
        }
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
        Ok(Engine::Live(LiveRun {
            live,
            inputs: vec![],
        }))
    }

    pub fn rt(&self) -> &gmp_core::Runtime {
        match self {
            Engine::Sim(r) => &r.sim.rt,
            Engine::Live(l) => &l.live.rt,
        }
    }

    pub fn is_live(&self) -> bool {
        matches!(self, Engine::Live(..))
    }

    pub fn apply(&mut self, input: Input) -> Result<(), String> {
        match self {
            Engine::Sim(r) => r.apply(input),
            Engine::Live(l) => {
                match input {
                    Input::Spawn(k, n) => l.live.rt.request_spawn(k, n)?,
                    Input::Procs(n) => l.live.rt.request_gomaxprocs(n)?,
                }
                l.inputs.push(input);
                Ok(())
            }
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
            if r.apply_due().is_err() {
                r.scheduled.clear();
            }
            let mut chunk_end = r.sim.steps + 2_000;
            if let Some(&(at, _)) = r.scheduled.front() {
                chunk_end = chunk_end.min(at);
            }
            match r.sim.run_until(target, chunk_end) {
                Stop::StepLimit
                    if r.scheduled
                        .front()
                        .is_some_and(|(at, _)| *at <= r.sim.steps) => {}
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
            let _ = r.apply_due();
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
        if let Engine::Live(l) = self {
            l.live.set_scale(scale);
        }
    }

    pub fn stop(&self) {
        if let Engine::Live(l) = self {
            l.live.stop();
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
            Engine::Live(l) => l.live.out_of_threads(),
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
        Ok(())
    }

    /// Applies the scheduled inputs whose step has come.
    fn apply_due(&mut self) -> Result<(), String> {
        while self
            .scheduled
            .front()
            .is_some_and(|(at, _)| *at <= self.sim.steps)
        {
            let (_, input) = self.scheduled.pop_front().expect("checked");
            self.apply(input)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec() -> RunSpec {
        RunSpec {
            procs: 2,
            ..RunSpec::default()
        }
    }

    fn picture(e: &Engine) -> String {
        let s = e.snapshot();
        format!("{} {:?} {:?}", s.now, s.ps, s.global)
    }

    #[test]
    fn inputs_replayed_at_their_steps_make_the_same_run_as_by_hand() {
        let mut by_hand = Engine::new_sim(spec()).unwrap();
        for _ in 0..300 {
            by_hand.step();
        }
        by_hand.apply(Input::Spawn(GKind::Cpu, 40)).unwrap();
        for _ in 0..500 {
            by_hand.step();
        }
        by_hand.apply(Input::Procs(3)).unwrap();
        for _ in 0..400 {
            by_hand.step();
        }
        let inputs = by_hand.user_inputs();
        assert_eq!(
            inputs,
            vec![(300, Input::Spawn(GKind::Cpu, 40)), (800, Input::Procs(3))]
        );
        // A link that stands at step 1200.
        let at = Engine::build(spec(), None, inputs.clone(), Some(1200)).unwrap();
        assert_eq!(at.steps(), 1200);
        assert_eq!(picture(&at), picture(&by_hand));
        // A link that runs: the inputs are applied as the run reaches their steps.
        let mut running = Engine::build(spec(), None, inputs.clone(), None).unwrap();
        while running.steps() < 1200 {
            running.advance(1_000_000, 1e9);
            if running.steps() > 1200 {
                break;
            }
        }
        assert_eq!(running.user_inputs(), inputs);
        // (A running link's clock also moved on between events; the machine is the same.)
        let again = Engine::build(spec(), None, inputs, Some(running.steps())).unwrap();
        let machine = |e: &Engine| picture(e).split_once(' ').unwrap().1.to_string();
        assert_eq!(machine(&again), machine(&running));
    }

    #[test]
    fn a_scenarios_own_requests_are_not_the_learners_inputs() {
        let e = Engine::new_sim(RunSpec {
            params: vec![("cpu".into(), "5".into())],
            ..RunSpec::default()
        })
        .unwrap();
        assert!(e.user_inputs().is_empty());
    }
}
