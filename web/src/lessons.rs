//! The lessons: the course chapters' examples and claims as runs a learner can watch,
//! step and vary. Text is the project's own; the facts are the Go runtime's
//! (`runtime/proc.go`, `stack.go`), checked against real Go 1.27 (`oracle/`). Each lesson runs on the deterministic driver, so
//! its output is reproducible and matches what real Go 1.27 prints where that is
//! deterministic.

pub struct Variant {
    pub id: &'static str,
    pub label: &'static str,
    pub params: &'static [(&'static str, &'static str)],
    pub procs: Option<u32>,
    pub asyncpreemptoff: bool,
    /// What the program prints (stdout, or stderr for builtin println), as real Go does.
    pub expect: Option<&'static str>,
    pub note: &'static str,
}

pub struct Lesson {
    pub id: &'static str,
    pub title: &'static str,
    pub seeds: &'static str,
    pub scenario: &'static str,
    /// GOMAXPROCS the run starts with (the program may change it).
    pub procs: u32,
    pub intro: &'static [&'static str],
    pub look_at: &'static [&'static str],
    pub variants: &'static [Variant],
}

const fn v(
    id: &'static str,
    label: &'static str,
    params: &'static [(&'static str, &'static str)],
    expect: Option<&'static str>,
    note: &'static str,
) -> Variant {
    Variant {
        id,
        label,
        params,
        procs: None,
        asyncpreemptoff: false,
        expect,
        note,
    }
}

pub static LESSONS: &[Lesson] = &[
    Lesson {
        id: "gosched",
        title: "runtime.Gosched: taking turns on one P",
        seeds: "seed 000",
        scenario: "gosched",
        procs: 2,
        intro: &[
            "With GOMAXPROCS(1) only one goroutine runs Go code at a time. main starts A, then B, and waits.",
            "go B puts B in runnext and pushes A to the ring, so B runs first when main blocks: runnext beats the ring.",
            "runtime.Gosched does not block: the caller goes to the tail of the global queue, and the scheduler picks the next goroutine. Each yield therefore lines the yielder up behind the other one, and the two alternate.",
        ],
        look_at: &[
            "P0's runnext right after both go statements: B is there, A is in the ring.",
            "After each Gosched the yielding G appears in the global run queue.",
            "When the local queue is empty, P0 takes a batch from the global queue: min(128, size, size/GOMAXPROCS+1).",
        ],
        variants: &[
            v("yield", "with Gosched", &[], Some("[B0 A0 B1 A1 B2 A2]"), "Real Go 1.27 prints this order every time."),
            v("no-yield", "without Gosched", &[("yield", "false")], Some("[B0 B1 B2 A0 A1 A2]"), "No yields: B runs to the end, then A."),
            v("three", "three goroutines", &[("goroutines", "3")], Some("[C0 A0 B0 C1 A1 B1 C2 A2 B2]"), "C took runnext last, so it starts; then the ring order A, B."),
            v("procs2", "GOMAXPROCS(2)", &[("procs", "2")], Some("[B0 A0 B1 A1 B2 A2]"), "A second P exists, but waking its thread is slower than this tiny workload: same order (real Go: 200/200)."),
        ],
    },
    Lesson {
        id: "stack-growth",
        title: "Goroutine stacks grow by copying",
        seeds: "seeds 000, 003",
        scenario: "stack-growth",
        procs: 2,
        intro: &[
            "Every goroutine starts with a 2048-byte stack. Each function prologue checks that its frame fits above the guard (stackguard0, 928 bytes above the bottom); if not, newstack allocates a stack twice as big and copies the old one over, fixing every pointer into it.",
            "The recursion records the address of a local at each depth. Between two depths the address moves by one frame; at a copy it jumps to the new block. On linux/amd64 the copies happen at depths 21, 49, 107, 225, 459, 927, 1863, 3735, 7481 and 14971, as in real Go.",
            "Before Go 1.4, stacks were segmented: a new segment was linked on overflow, and a call sitting on the boundary could allocate and free a segment over and over (the hot split). Copying made growth amortized and contiguous.",
        ],
        look_at: &[
            "The flashes on P0: each StackGrow doubles the stack.",
            "The output: the jumps the program detects (more than 100 000 bytes) start at 459, because the smaller stacks sit close together.",
            "With the GC variant, the next stack scan finds the 4 MiB stack almost empty and halves it (shrinkstack).",
        ],
        variants: &[
            v("grow", "recursion to depth 20000", &[], Some("stack copy near depth 459"), "The first lines of the report."),
            v("gc", "then runtime.GC()", &[("gc", "true")], Some("stack copy near depth 459"), "After the recursion returns, a GC cycle shrinks the stack by half."),
        ],
    },
    Lesson {
        id: "preemption",
        title: "Preemption: Go 1.13 vs 1.14+",
        seeds: "seed 003",
        scenario: "tight-loop",
        procs: 2,
        intro: &[
            "GOMAXPROCS(1); one goroutine spins in for {} with no function calls; main sleeps 1 ms and then prints exit.",
            "main's timer fires only when some M looks at P0's timers, and the only M with P0 is spinning. sysmon notices that P0's schedtick has not moved for 10 ms and sends the spinning M a signal (Go 1.14's asynchronous preemption): the spinner goes to the global queue and main gets to run, about 10–20 ms in.",
            "Before Go 1.14 (or with GODEBUG=asyncpreemptoff=1) the request could only be noticed in a function prologue. A loop without calls has no prologue, so the program never ends. A loop that calls a function is preempted either way.",
        ],
        look_at: &[
            "sysmon's last preemption request, and the G lifted off P0 into the global queue.",
            "The clock when exit is printed: between 10 and 20 ms.",
            "With async preemption off, the spinner keeps P0 forever.",
        ],
        variants: &[
            Variant { id: "async", label: "Go 1.14+ (signals)", params: &[], procs: None, asyncpreemptoff: false, expect: Some("exit"), note: "Real Go: exit after 10.3–19.1 ms." },
            Variant { id: "off", label: "asyncpreemptoff=1", params: &[], procs: None, asyncpreemptoff: true, expect: None, note: "Never finishes: the run stops at its time limit." },
            Variant { id: "call", label: "loop with a call, asyncpreemptoff=1", params: &[("call", "true")], procs: None, asyncpreemptoff: true, expect: Some("exit"), note: "The prologue of work() is a safe point: preempted anyway." },
        ],
    },
    Lesson {
        id: "syscall-netpoll",
        title: "A syscall takes its M; a network read does not",
        seeds: "seed 004 (figures 3–8)",
        scenario: "netpoll",
        procs: 1,
        intro: &[
            "A network read that would block parks the goroutine on the netpoller (status _Gwaiting, IO wait). Its M is free at once and goes on with the local run queue; when the data arrives the goroutine becomes runnable again.",
            "A blocking system call (a file read) is different: the kernel holds the thread. The G stays on its M in _Gsyscall and the P stays wired to it, until sysmon sees the same syscall on two ticks and, since the P has work queued, takes the P (handoffp) and gives it to another M. When the syscall returns, the G needs a P again: its old one if free, any idle one, or the global queue.",
        ],
        look_at: &[
            "Network: the netpoller panel fills while M0 keeps running the CPU-bound goroutines; the thread count does not change.",
            "Syscall: the M list shows an M in a syscall that lost its P, and a new M running that P (ProcSteal in the events).",
        ],
        variants: &[
            v("network", "network reads", &[("cpu", "2"), ("readers", "2")], Some("done"), "No extra threads: the netpoller waits for the reads."),
            Variant { id: "syscall", label: "blocking syscalls", params: &[], procs: None, asyncpreemptoff: false, expect: Some("done"), note: "Runs the syscall scenario: a P is handed off while its M is stuck." },
        ],
    },
    Lesson {
        id: "schedtrace",
        title: "Reading a schedtrace line",
        seeds: "seed 000",
        scenario: "cpu-bound",
        procs: 4,
        intro: &[
            "40 goroutines run call-free arithmetic. GODEBUG=schedtrace=X makes sysmon print one line every X ms; hover or focus each field of the latest line below to read what it means.",
            "runqueue counts the global queue. It grows because every forced preemption sends a goroutine to the global queue's tail; a P whose ring runs dry then takes a batch of size/GOMAXPROCS+1. The numbers in brackets are the rings only: runnext is not counted.",
        ],
        look_at: &[
            "needspinning=1 with spinningthreads=0: every P is busy, and wakep found no idle P.",
            "schedticks: each P's count of time slices, rising by about one per 20 ms.",
        ],
        variants: &[v("forty", "40 CPU-bound goroutines", &[("goroutines", "40"), ("work", "200ms")], Some("done"), "")],
    },
    Lesson {
        id: "work-stealing",
        title: "Work stealing and spinning threads",
        seeds: "seeds 000, 001",
        scenario: "cpu-bound",
        procs: 4,
        intro: &[
            "All the goroutines start on main's P. Other Ps have nothing, so their Ms spin: findRunnable checks, in order, the timers, the global queue (first, on every 61st schedtick), the local runnext and ring, the global queue, the network, and then steals from the other Ps, visiting them in a random order four times.",
            "A steal takes half of the victim's ring (rounded up) in one go, runs the last one and keeps the rest. A spinning M that finds work wakes another spinner (resetspinning → wakep), so while Ps sit idle and work keeps coming, someone is always looking.",
        ],
        look_at: &[
            "The steal arrows: from victim to thief, with the count.",
            "M states: spinning Ms turn into running ones.",
        ],
        variants: &[v("eight", "8 goroutines on 4 Ps", &[("goroutines", "8"), ("work", "50ms")], Some("done"), "")],
    },
    Lesson {
        id: "compute-all",
        title: "Find the bug: computeAll",
        seeds: "seed 000",
        scenario: "compute-all",
        procs: 2,
        intro: &[
            "The buggy computeAll starts one goroutine per item, each retrying in a loop without ever blocking, and then guesses with time.Sleep that the work is done. Only GOMAXPROCS goroutines run at a time; the rest wait in run queues, preempted every ~20 ms, and the sleep ends before most of them finish.",
            "The fix bounds concurrency with a semaphore of GOMAXPROCS slots, yields with runtime.Gosched between attempts, and waits on a WaitGroup, a real completion signal.",
        ],
        look_at: &[
            "Buggy: the global queue fills with preempted goroutines; the output reports how few finished.",
            "Fixed: at most two workers exist at once, and every result is ready.",
        ],
        variants: &[
            v("buggy", "buggy", &[("n", "40"), ("attempts", "50"), ("attempt", "1ms"), ("sleep", "500ms")], None, "Reports how many of the 40 results were ready when the sleep ended."),
            Variant { id: "fixed", label: "fixed", params: &[("n", "40"), ("attempts", "50"), ("attempt", "1ms")], procs: None, asyncpreemptoff: false, expect: Some("40 of 40 results ready"), note: "Runs compute-all-fixed." },
        ],
    },
    Lesson {
        id: "five-hundred",
        title: "500 CPU-bound goroutines on GOMAXPROCS 8",
        seeds: "seed 000 (last question)",
        scenario: "cpu-bound",
        procs: 8,
        intro: &[
            "500 goroutines, 8 Ps. At most 8 goroutines execute Go code at any moment, one per P; the other 492 wait in the Ps' rings and the global queue and get their turns through preemption.",
        ],
        look_at: &["Count the running tokens: never more than 8.", "The rings and the global queue hold the rest."],
        variants: &[v("five-hundred", "500 goroutines", &[("goroutines", "500"), ("work", "20ms")], Some("done"), "")],
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
