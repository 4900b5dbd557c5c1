//! The two drivers behind one interface for the page.
//!
//! - [`Engine::Sim`]: the deterministic driver, advanced on the main thread in bounded
//!   slices (a step budget and a wall-clock budget per frame), so the page never
//!   freezes. It is the core's [`Timeline`]: every input (spawn, GOMAXPROCS) is kept
//!   with the step it happened at, and checkpoints let it seek to any step (the
//!   scrubber, "step back", `step=N`) replaying at most one interval.
//! - [`Engine::Live`]: the live driver; Ms run on pool workers, and this thread only
//!   reads snapshots, events and output (atomics, `try_lock`).
//!
//! A run can be built with inputs to replay (a link's `in=`, or the requests carried
//! over when the driver changes): each is applied when the run reaches its step.

pub use gmp_core::seek::Input;
use gmp_core::seek::{Policy, Timeline};
use gmp_core::sim::Stop;
use gmp_core::snapshot::Snapshot;
use gmp_core::trace::{Event, Keep};
use gmp_core::Config;

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
    fn program_and_config(&self) -> Result<(gmp_core::Program, Config), String> {
        let s = crate::lessons::scenario(&self.scenario)
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
            let prog = crate::compiler::compile(src).map_err(|e| e.to_text())?;
            return Ok((prog.program(), cfg));
        }
        if let Some(ops) = s.program(&p) {
            return Ok((ops, cfg));
        }
        // The scenario's Go file with these values is the program (the playground's
        // goroutines asked for at start are its constants), compiled when the page was
        // built or by the compiler module (`compiler.rs`).
        let src = gmp_go::scenarios::source(s, &p);
        let prog = crate::compiler::compile(&src)
            .map_err(|e| format!("scenario {}: {}", s.name, e.to_text()))?;
        Ok((prog.program(), cfg))
    }
}

/// Virtual time a learner's own program may run before it is stopped (1 s, as a
/// lesson's never-ending variants). A CPU-bound program's virtual second takes the VM
/// tens of real seconds in the page (it runs every instruction real Go would).
pub const SOURCE_MAX_TIME: i64 = 1_000_000_000;

/// Steps run between two looks at the clock. A step of Go code is up to 20 µs of its
/// virtual CPU, which the VM takes a few hundred µs of the page's time to run, so the
/// clock is read often enough to keep a frame within its budget.
const CHUNK: u64 = 64;

/// Compile errors as `go build` prints them, one per line.
pub fn compile_errors(d: &[gmp_go::Diag]) -> String {
    d.iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

pub struct SimRun {
    /// The run, its inputs (the learner's) and its checkpoints.
    pub tl: Timeline,
    pub spec: RunSpec,
    /// Stopped at the spec's time limit.
    time_limit: bool,
    /// Where the last frame's slice of virtual time ended.
    slice_end: i64,
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
        Engine::sim_with(spec, vec![])
    }

    /// A deterministic run with the learner's `inputs` at their steps.
    fn sim_with(spec: RunSpec, inputs: Vec<(u64, Input)>) -> Result<Engine, String> {
        let (prog, cfg) = spec.program_and_config()?;
        let tl = Timeline::new(
            gmp_core::seek::RunSpec {
                prog,
                cfg,
                seed: spec.seed,
                inputs,
            },
            Policy::default(),
        )?;
        Ok(Engine::Sim(SimRun {
            tl,
            spec,
            time_limit: false,
            slice_end: 0,
        }))
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
        let mut e = Engine::sim_with(spec, inputs)?;
        if let Some(n) = start_step {
            e.rewind_to(n)?;
        }
        Ok(e)
    }

    /// The learner's inputs so far, with the step each was applied at (0 for live).
    pub fn user_inputs(&self) -> Vec<(u64, Input)> {
        match self {
            Engine::Sim(r) => r.tl.inputs().to_vec(),
            Engine::Live(l) => l.inputs.iter().map(|i| (0, i.clone())).collect(),
        }
    }

    pub fn new_live(spec: RunSpec, scale: f64, threads: usize) -> Result<Engine, String> {
        if cfg!(target_arch = "wasm32") && !crate::pool::THREADED {
            return Err("live mode needs the threaded build (this one has no worker pool)".into());
        }
        let (prog, cfg) = spec.program_and_config()?;
        let opts = gmp_live::LiveOptions {
            scale,
            clock: crate::clock::live_clock(),
            max_threads: threads,
        };
        let live = gmp_live::Live::start(prog, cfg, opts, Box::new(crate::pool::PoolSpawner))?;
        Ok(Engine::Live(LiveRun {
            live,
            inputs: vec![],
        }))
    }

    pub fn rt(&self) -> &gmp_core::Runtime {
        match self {
            Engine::Sim(r) => &r.tl.sim.rt,
            Engine::Live(l) => &l.live.rt,
        }
    }

    pub fn is_live(&self) -> bool {
        matches!(self, Engine::Live(..))
    }

    pub fn apply(&mut self, input: Input) -> Result<(), String> {
        match self {
            Engine::Sim(r) => r.tl.push_input(input),
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
        if r.time_limit || r.tl.stopped().is_some() {
            return 0;
        }
        let t0 = crate::clock::now_ms();
        // The clock stands at the last step's time between frames (so the state at a
        // step is the same however the run got there): the frame's slice of virtual
        // time runs from the later of that and where the last slice ended.
        let from = r.tl.sim.now().max(r.slice_end);
        let target = from.saturating_add(virt_ns.max(0)).min(r.spec.max_time);
        let start = r.tl.steps();
        loop {
            match r.tl.run(target, r.tl.steps() + CHUNK) {
                Stop::StepLimit => {
                    if crate::clock::now_ms() - t0 > budget_ms {
                        break;
                    }
                }
                Stop::TimeLimit => {
                    r.slice_end = target;
                    if target >= r.spec.max_time {
                        r.time_limit = true;
                    }
                    break;
                }
                _ => break,
            }
        }
        r.tl.steps() - start
    }

    /// One scheduler step of one M forward (deterministic only): what the Step button
    /// and a link's `step=N` count.
    pub fn step(&mut self) {
        if let Engine::Sim(r) = self {
            r.tl.step();
        }
    }

    /// Moves the run to step `steps` (back or forward): the nearest checkpoint, then at
    /// most one interval replayed. Inputs stay at their steps.
    pub fn rewind_to(&mut self, steps: u64) -> Result<(), String> {
        let Engine::Sim(r) = self else {
            return Err("step back needs the deterministic driver".into());
        };
        r.tl.seek(steps)?;
        r.time_limit = false;
        r.slice_end = 0;
        Ok(())
    }

    /// Goes to step `n`, spending at most about `budget_ms` of wall time: true once
    /// there (or once the run has stopped short of it). Within the steps already
    /// reached this is the checkpointed seek (at most one interval); beyond them the
    /// run goes on in slices, so a caller can draw between them.
    pub fn seek_within(&mut self, n: u64, budget_ms: f64) -> bool {
        let Engine::Sim(r) = self else { return true };
        r.time_limit = false;
        r.slice_end = 0;
        if n <= r.tl.frontier() {
            return r.tl.seek(n).is_ok();
        }
        if r.tl.steps() < r.tl.frontier() && r.tl.seek(r.tl.frontier()).is_err() {
            return true;
        }
        let t0 = crate::clock::now_ms();
        loop {
            let limit = n.min(r.tl.steps() + CHUNK);
            match r.tl.run(i64::MAX, limit) {
                Stop::StepLimit if r.tl.steps() < n => {
                    if crate::clock::now_ms() - t0 > budget_ms {
                        return false;
                    }
                }
                _ => return true,
            }
        }
    }

    /// The step count of the deterministic driver.
    pub fn steps(&self) -> u64 {
        match self {
            Engine::Sim(r) => r.tl.steps(),
            Engine::Live(..) => 0,
        }
    }

    /// The furthest step the deterministic run has reached, and its checkpoint
    /// interval (what the scrubber's range and PageUp/PageDown use).
    pub fn reach(&self) -> Option<(u64, u64)> {
        match self {
            Engine::Sim(r) => Some((r.tl.frontier(), r.tl.interval())),
            Engine::Live(..) => None,
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
        let log = self.rt().events();
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
            Engine::Sim(r) if r.time_limit => Some(Stop::TimeLimit),
            Engine::Sim(r) => r.tl.stopped().cloned(),
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

#[cfg(test)]
mod tests {
    use super::*;
    use gmp_core::GKind;

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

    /// The scrubber's seeks, back and forth, stand where a link's `step=N` stands (the
    /// core's `tests/seek.rs` checks the whole state; this is the page's engine).
    #[test]
    fn seeking_back_and_forth_is_a_link_to_that_step() {
        let spec = || RunSpec {
            params: vec![("work".into(), "5s".into())],
            ..spec()
        };
        let mut e = Engine::new_sim(spec()).unwrap();
        for _ in 0..200 {
            e.step();
        }
        e.apply(Input::Spawn(GKind::Cpu, 30)).unwrap();
        // Past a few checkpoints (every goroutine's VM runs each instruction: a few
        // virtual ms at a time, not seconds).
        for _ in 0..400 {
            if e.steps() > 3 * 2048 + 500 {
                break;
            }
            e.advance(5_000_000, 1e9);
        }
        let far = e.steps();
        assert!(
            far > 3 * 2048,
            "the run went past a few checkpoints: {far} steps"
        );
        let inputs = e.user_inputs();
        for n in [far / 2, 7, far - 1, 2_100, far, 0, far / 3] {
            e.rewind_to(n).unwrap();
            assert_eq!(e.steps(), n);
            let link = Engine::build(spec(), None, inputs.clone(), Some(n)).unwrap();
            assert_eq!(picture(&e), picture(&link), "step {n}");
        }
        assert_eq!(
            e.reach().map(|(f, _)| f),
            Some(far),
            "the furthest step is kept"
        );
    }

    #[test]
    fn a_scenarios_own_requests_are_not_the_learners_inputs() {
        // p.cpu=5 is the playground's constant: its main asks for the goroutines itself.
        let mut e = Engine::new_sim(RunSpec {
            params: vec![("cpu".into(), "5".into())],
            ..RunSpec::default()
        })
        .unwrap();
        assert!(e.user_inputs().is_empty());
        for _ in 0..20 {
            e.advance(1_000_000, 1e9);
        }
        let cpu = e
            .snapshot()
            .gs
            .iter()
            .filter(|g| g.kind == GKind::Cpu)
            .count();
        assert_eq!(cpu, 5, "the five crunch goroutines, drawn as CPU-bound");
        assert!(e.user_inputs().is_empty());
    }
}
