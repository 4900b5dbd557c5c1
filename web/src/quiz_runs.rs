// The runs the generated quiz questions make: which built-in scenario, with which
// parameters and GOMAXPROCS, for a kind of question and a seed. One description, read
// by `src/quiz.rs` (which makes the questions) and by `build.rs` (which compiles every
// program these runs can start into the page, so a quiz never waits for the compiler
// module). Plain Rust with no imports: build.rs `include!`s it.

/// Kinds of generated questions.
pub const GENERATED: &[&str] = &["next-g", "steal-count", "preempt-where"];

/// A run a generated question makes.
pub struct QuizRun {
    pub scenario: &'static str,
    /// As `RunSpec::params` and `Scenario::params` take them.
    pub params: Vec<(String, String)>,
    pub procs: u32,
}

/// Every formula below repeats after this many seeds (3, 4 and 20 divide it): the
/// seeds `0..QUIZ_SEED_PERIOD` make every run there is.
pub const QUIZ_SEED_PERIOD: u64 = 60;

/// The run a `kind` of question makes for `seed` (None for no such kind).
pub fn quiz_run(kind: &str, seed: u64) -> Option<QuizRun> {
    let run = |scenario, params: &[(&str, String)], procs| QuizRun {
        scenario,
        params: params
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect(),
        procs,
    };
    Some(match kind {
        // GOMAXPROCS(1), three to five goroutines calling Gosched.
        "next-g" => run("gosched", &[("goroutines", (3 + seed % 3).to_string())], 1),
        // Six to 25 CPU-bound goroutines of 5 ms each on two to four Ps: a steal takes
        // half of a ring that varies with them.
        "steal-count" => run(
            "cpu-bound",
            &[
                ("goroutines", (6 + seed % 20).to_string()),
                ("work", "5ms".to_string()),
            ],
            2 + (seed % 3) as u32,
        ),
        // Six goroutines of 60 ms on two Ps: sysmon preempts them.
        "preempt-where" => run(
            "cpu-bound",
            &[
                ("goroutines", "6".to_string()),
                ("work", "60ms".to_string()),
            ],
            2,
        ),
        _ => return None,
    })
}
