//! The lessons: the course chapters' examples and claims as runs a learner can watch,
//! step and vary. A lesson is files in `lessons/<id>/`: `lesson.json` (its program, a
//! built-in scenario or its own Go file, `lessons/<id>/main.go`; GOMAXPROCS; its variants with their parameters, the text real Go
//! prints and how many real runs agreed) and its words, `<lang>.json`. `build.rs` reads
//! every `lesson.json` into [`LESSONS`] at build time, so adding a lesson is adding its
//! directory. The facts are the Go runtime's (`runtime/proc.go`, `stack.go`), checked
//! against real Go 1.27.3 (`tools/lessons/record_real_go.py` records the runs; the native
//! test `every_lesson_and_variant_prints_what_real_go_printed` runs every variant). Each
//! lesson runs on the deterministic driver, so its output is reproducible.

/// How many real Go runs printed a variant's expected text (or, for a variant that
/// expects none, were still running at the timeout).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RealGo {
    pub runs: u32,
    pub agreed: u32,
}

/// A variant of a lesson. Its label and note are text: `lessons/<id>/<lang>.json`.
pub struct Variant {
    pub id: &'static str,
    /// The scenario it runs (the lesson's, unless the variant names another): a
    /// built-in one's name, or a lesson's own Go file's path (`lessons/<id>/main.go`,
    /// see [`scenario`]).
    pub scenario: &'static str,
    pub params: &'static [(&'static str, &'static str)],
    pub procs: Option<u32>,
    pub asyncpreemptoff: bool,
    /// What the program prints, all of it (stdout, and stderr after it: builtin
    /// println, a fatal error), as real Go's runs did; `None`: the program never ends.
    pub expect: Option<&'static str>,
    /// `expect` is the lines the lesson talks about, each printed whole, where real
    /// Go's whole output differs from run to run (addresses).
    pub expect_lines: bool,
    pub real_go: Option<RealGo>,
}

impl Variant {
    /// Does a run's output (its lines) print what real Go printed? `None` for a
    /// variant that expects nothing.
    pub fn matches(&self, output: &[String]) -> Option<bool> {
        let e = self.expect?;
        Some(if self.expect_lines {
            e.lines().all(|want| output.iter().any(|l| l == want))
        } else {
            output.join("\n").trim_end() == e.trim_end()
        })
    }
}

/// Where a "What to look at" item happens, found in the run (not a step written down):
/// from the variant's start, the steps the page's "next" search takes in turn
/// (`lesson.json`: `"bookmarks": [{"variant": "gc", "path": ["main", "stack_shrink"]}, null]`,
/// one per item; `null`: the item is a state to look at, not a moment).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bookmark {
    pub variant: Option<&'static str>,
    pub path: &'static [&'static str],
}

impl Bookmark {
    /// The searches, in order (`build.rs` has checked every name).
    pub fn targets(&self) -> Vec<crate::state::StepTarget> {
        self.path.iter().filter_map(|n| target(n)).collect()
    }
}

/// A bookmark path's word as the search it stands for.
pub fn target(name: &str) -> Option<crate::state::StepTarget> {
    use crate::state::StepTarget as T;
    Some(match name {
        "main" => T::MainStarts,
        "create" => T::Create,
        "gosched" => T::Gosched,
        "preempt" => T::Preempt,
        "steal" => T::Steal,
        "handoff" => T::Handoff,
        "park" => T::Park,
        "park_net" => T::ParkNet,
        "stack_grow" => T::StackGrow,
        "stack_shrink" => T::StackShrink,
        "new_m" => T::NewM,
        "stop_m" => T::StopM,
        "wake_m" => T::WakeM,
        "procresize" => T::Procresize,
        "exit" => T::Exit,
        "fair" => T::Fair,
        "ready" => T::Ready,
        _ => return None,
    })
}

/// A lesson's run. Its words (title, intro, what to look at) are text:
/// `lessons/<id>/<lang>.json`, read through `strings::Text::lesson`.
pub struct Lesson {
    pub id: &'static str,
    pub seeds: &'static str,
    pub scenario: &'static str,
    /// GOMAXPROCS the run starts with (the program may change it).
    pub procs: u32,
    pub variants: &'static [Variant],
    /// One per "What to look at" item.
    pub bookmarks: &'static [Option<Bookmark>],
}

// `LESSONS`, `EN_LESSONS` (the English text, compiled in) and `LESSON_FILES` (the
// lessons' own Go files: path, text), from lessons/*/.
include!(concat!(env!("OUT_DIR"), "/lessons.rs"));

/// The lessons' own Go files read as scenarios' files are (`gmp_go::scenarios::from_file`:
/// the first `const ( ... )` block is the parameters), once.
static OWN: std::sync::LazyLock<Vec<gmp_core::scenarios::Scenario>> =
    std::sync::LazyLock::new(|| {
        LESSON_FILES
            .iter()
            .map(|(name, text)| {
                gmp_go::scenarios::from_file(name, "a lesson's own program", name, text)
                    .unwrap_or_else(|e| panic!("{name}: {e}"))
            })
            .collect()
    });

/// A scenario by name: a lesson's own Go file (`lessons/<id>/main.go`) or a built-in
/// scenario. Everything the page does with a scenario (its source, parameters, the
/// run) it does with a lesson's file the same way.
pub fn scenario(name: &str) -> Option<&'static gmp_core::scenarios::Scenario> {
    OWN.iter()
        .find(|s| s.name == name)
        .or_else(|| gmp_go::scenarios::find(name))
}

pub fn find(id: &str) -> Option<&'static Lesson> {
    LESSONS.iter().find(|l| l.id == id)
}

impl Lesson {
    pub fn variant(&self, id: Option<&str>) -> &'static Variant {
        let vs: &'static [Variant] = self.variants;
        id.and_then(|id| vs.iter().find(|v| v.id == id))
            .unwrap_or(&vs[0])
    }

    /// The scenario a variant runs (some variants switch scenario).
    pub fn scenario_for(&self, v: &Variant) -> &'static str {
        v.scenario
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use gmp_core::sim::Stop;
    use gmp_core::{Config, Sim};

    /// Every lesson and variant, run as the page runs it (deterministic driver, the
    /// lesson's GOMAXPROCS, the variant's parameters and asyncpreemptoff), prints what
    /// real Go printed (`expect`, recorded with `real_go` runs); a variant expecting
    /// nothing never ends, as real Go's runs did not within their timeout.
    #[test]
    fn every_lesson_and_variant_prints_what_real_go_printed() {
        assert!(LESSONS.len() >= 8);
        for l in LESSONS {
            for v in l.variants {
                let what = format!("lesson {} variant {}", l.id, v.id);
                let real = v
                    .real_go
                    .unwrap_or_else(|| panic!("{what}: no real_go record"));
                assert!(
                    real.runs > 0 && real.agreed <= real.runs,
                    "{what}: {real:?}"
                );
                assert!(
                    real.agreed * 10 >= real.runs * 9,
                    "{what}: real Go agreed in only {}/{} runs",
                    real.agreed,
                    real.runs
                );
                let s = scenario(l.scenario_for(v))
                    .unwrap_or_else(|| panic!("{what}: no scenario {}", v.scenario));
                let given: Vec<(String, String)> = v
                    .params
                    .iter()
                    .map(|(k, x)| (k.to_string(), x.to_string()))
                    .collect();
                let p = s.params(&given).unwrap_or_else(|e| panic!("{what}: {e}"));
                let prog = gmp_go::scenarios::program(s, &p).unwrap();
                let cfg = Config {
                    gomaxprocs: v.procs.unwrap_or(l.procs),
                    asyncpreemptoff: v.asyncpreemptoff,
                    keep_events: gmp_core::trace::Keep::None,
                    ..Config::default()
                };
                let mut sim = Sim::new(prog, cfg, 1).unwrap();
                let limit = if v.expect.is_some() { 60_000 } else { 200 } * 1_000_000;
                let stop = sim.run_until(limit, u64::MAX);
                let mut out = sim.rt.stdout_lines();
                out.extend(sim.rt.stderr_lines().iter().cloned());
                match v.expect {
                    Some(e) => {
                        assert_eq!(stop, Stop::Exited(0), "{what}: {out:?}");
                        assert_eq!(
                            v.matches(&out),
                            Some(true),
                            "{what}: expected {e:?}, printed {out:?}"
                        );
                        if v.expect_lines {
                            // Lines that vary from run to run in real Go too: the whole
                            // output is one real Go printed (`real-<variant>.txt`,
                            // tools/lessons/record_real_go.py).
                            let path = format!(
                                "{}/../lessons/{}/real-{}.txt",
                                env!("CARGO_MANIFEST_DIR"),
                                l.id,
                                v.id
                            );
                            let real = std::fs::read_to_string(&path)
                                .unwrap_or_else(|e| panic!("{what}: {path}: {e}"));
                            let whole = out.join(" | ");
                            assert!(
                                real.lines()
                                    .filter(|r| !r.starts_with('#'))
                                    .any(|r| r.split_once(' ').map(|(_, o)| o) == Some(&whole)),
                                "{what}: real Go never printed the whole output {whole:?} ({path})"
                            );
                        }
                    }
                    None => assert_eq!(stop, Stop::TimeLimit, "{what}: {out:?}"),
                }
            }
        }
    }

    /// A lesson's own Go file is a scenario as a built-in file is: found by its path,
    /// its const block its parameters, its defaults giving the file back byte for byte
    /// (what the source panel shows and the editor starts from), and the page's run
    /// and source come from it.
    #[test]
    fn a_lessons_own_main_go_is_read_as_a_scenario() {
        assert!(!LESSON_FILES.is_empty());
        for (name, text) in LESSON_FILES {
            let s = scenario(name).unwrap_or_else(|| panic!("{name}"));
            assert!(gmp_go::scenarios::from_go(s), "{name}");
            let p = s.params(&[]).unwrap();
            assert_eq!(gmp_go::scenarios::source(s, &p), *text, "{name}");
            let disk = std::fs::read_to_string(format!("{}/../{name}", env!("CARGO_MANIFEST_DIR")))
                .unwrap();
            assert_eq!(disk, *text, "{name} is the file on disk");
        }
        let l = find("scheduling-loop").unwrap();
        let v = l.variant(Some("three"));
        assert_eq!(v.scenario, "lessons/scheduling-loop/main.go");
        let mut page = crate::state::Page::new("lesson=scheduling-loop&variant=three", false);
        let src = page.source().unwrap();
        assert!(
            src.contains("\tgoroutines = 3 // goroutines main starts"),
            "{src}"
        );
        assert_eq!(page.own_source().as_deref(), Some(src.as_str()));
        // The URL names the lesson and variant, not the file.
        let q = crate::url::to_query(&page.settings.to_url(None, &[]));
        assert!(
            q.contains("lesson=scheduling-loop") && q.contains("variant=three"),
            "{q}"
        );
        assert!(!q.contains("main.go"), "{q}");
        page.apply(crate::state::Action::Variant("fairness"));
        assert!(page.source().unwrap().contains("\tgoroutines = 320 //"));
    }

    #[test]
    fn lessons_come_from_their_directories_in_order() {
        let ids: Vec<&str> = LESSONS.iter().map(|l| l.id).collect();
        assert_eq!(ids[0], "gosched");
        let en: Vec<&str> = EN_LESSONS.iter().map(|(id, _)| *id).collect();
        assert_eq!(ids, en, "every lesson has its English text");
        let dirs = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../lessons"))
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .path()
                    .join("lesson")
                    .with_extension("json")
                    .exists()
            })
            .count();
        assert_eq!(dirs, LESSONS.len());
    }
}
