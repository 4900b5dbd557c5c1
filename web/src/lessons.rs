//! The lessons: the course chapters' examples and claims as runs a learner can watch,
//! step and vary. Their text is in `lessons/<id>/<lang>.json` (the project's own words); the facts are the Go runtime's
//! (`runtime/proc.go`, `stack.go`), checked against real Go 1.27 (`oracle/`). Each lesson runs on the deterministic driver, so
//! its output is reproducible and matches what real Go 1.27 prints where that is
//! deterministic.

/// A variant of a lesson. Its label and note are text: `lessons/<id>/<lang>.json`.
pub struct Variant {
    pub id: &'static str,
    pub params: &'static [(&'static str, &'static str)],
    pub procs: Option<u32>,
    pub asyncpreemptoff: bool,
    /// What the program prints (stdout, or stderr for builtin println), as real Go does.
    pub expect: Option<&'static str>,
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
}

const fn v(
    id: &'static str,
    params: &'static [(&'static str, &'static str)],
    expect: Option<&'static str>,
) -> Variant {
    Variant {
        id,
        params,
        procs: None,
        asyncpreemptoff: false,
        expect,
    }
}

pub static LESSONS: &[Lesson] = &[
    Lesson {
        id: "gosched",
        seeds: "seed 000",
        scenario: "gosched",
        procs: 2,
        variants: &[
            v("yield", &[], Some("[B0 A0 B1 A1 B2 A2]")),
            v(
                "no-yield",
                &[("yield", "false")],
                Some("[B0 B1 B2 A0 A1 A2]"),
            ),
            v(
                "three",
                &[("goroutines", "3")],
                Some("[C0 A0 B0 C1 A1 B1 C2 A2 B2]"),
            ),
            v("procs2", &[("procs", "2")], Some("[B0 A0 B1 A1 B2 A2]")),
        ],
    },
    Lesson {
        id: "stack-growth",
        seeds: "seeds 000, 003",
        scenario: "stack-growth",
        procs: 2,
        variants: &[
            v("grow", &[], Some("stack copy near depth 459")),
            v("gc", &[("gc", "true")], Some("stack copy near depth 459")),
        ],
    },
    Lesson {
        id: "preemption",
        seeds: "seed 003",
        scenario: "tight-loop",
        procs: 2,
        variants: &[
            Variant {
                id: "async",
                params: &[],
                procs: None,
                asyncpreemptoff: false,
                expect: Some("exit"),
            },
            Variant {
                id: "off",
                params: &[],
                procs: None,
                asyncpreemptoff: true,
                expect: None,
            },
            Variant {
                id: "call",
                params: &[("call", "true")],
                procs: None,
                asyncpreemptoff: true,
                expect: Some("exit"),
            },
        ],
    },
    Lesson {
        id: "syscall-netpoll",
        seeds: "seed 004 (figures 3–8)",
        scenario: "netpoll",
        procs: 1,
        variants: &[
            v("network", &[("cpu", "2"), ("readers", "2")], Some("done")),
            Variant {
                id: "syscall",
                params: &[],
                procs: None,
                asyncpreemptoff: false,
                expect: Some("done"),
            },
        ],
    },
    Lesson {
        id: "schedtrace",
        seeds: "seed 000",
        scenario: "cpu-bound",
        procs: 4,
        variants: &[v(
            "forty",
            &[("goroutines", "40"), ("work", "200ms")],
            Some("done"),
        )],
    },
    Lesson {
        id: "work-stealing",
        seeds: "seeds 000, 001",
        scenario: "cpu-bound",
        procs: 4,
        variants: &[v(
            "eight",
            &[("goroutines", "8"), ("work", "50ms")],
            Some("done"),
        )],
    },
    Lesson {
        id: "compute-all",
        seeds: "seed 000",
        scenario: "compute-all",
        procs: 2,
        variants: &[
            v(
                "buggy",
                &[
                    ("n", "40"),
                    ("attempts", "50"),
                    ("attempt", "1ms"),
                    ("sleep", "500ms"),
                ],
                None,
            ),
            Variant {
                id: "fixed",
                params: &[("n", "40"), ("attempts", "50"), ("attempt", "1ms")],
                procs: None,
                asyncpreemptoff: false,
                expect: Some("40 of 40 results ready"),
            },
        ],
    },
    Lesson {
        id: "five-hundred",
        seeds: "seed 000 (last question)",
        scenario: "cpu-bound",
        procs: 8,
        variants: &[v(
            "five-hundred",
            &[("goroutines", "500"), ("work", "20ms")],
            Some("done"),
        )],
    },
];

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
        match (self.id, v.id) {
            ("syscall-netpoll", "syscall") => "syscall",
            ("compute-all", "fixed") => "compute-all-fixed",
            _ => self.scenario,
        }
    }
}
