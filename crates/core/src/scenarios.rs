//! # Built-in scenarios: the course chapters' programs, as G programs
//!
//! Each scenario mirrors a Go program from the course chapters (or from the experiments
//! run on Go 1.27.3), takes parameters (`gmp run NAME --set key=value`), and can
//! show the equivalent Go source. Its output is what that Go program prints.

use crate::g::GKind;
use crate::program::{Fmt, Op, Program, ProgramBuilder, Val};

/// Nanoseconds in a millisecond / microsecond.
const MS: u64 = 1_000_000;
const US: u64 = 1_000;

/// A parameter a scenario accepts.
#[derive(Clone, Debug)]
pub struct ParamSpec {
    pub name: &'static str,
    pub default: &'static str,
    pub help: &'static str,
    pub kind: ParamKind,
}

#[derive(Copy, Clone, Debug, PartialEq)]
pub enum ParamKind {
    /// A count between the bounds (inclusive).
    Count(u64, u64),
    /// A duration (Go syntax: 1.5s, 20ms, 300us, 10ns) between the bounds in ns.
    Duration(u64, u64),
    Bool,
}

/// Parsed parameter values.
#[derive(Clone, Debug, Default)]
pub struct Params(Vec<(String, String)>);

impl Params {
    pub fn get(&self, k: &str) -> Option<&str> {
        self.0
            .iter()
            .rev()
            .find(|(n, _)| n == k)
            .map(|(_, v)| v.as_str())
    }
    pub fn set(&mut self, k: &str, v: &str) {
        self.0.push((k.to_string(), v.to_string()));
    }
    fn count(&self, k: &str) -> u64 {
        self.get(k).unwrap().parse().unwrap()
    }
    fn dur(&self, k: &str) -> u64 {
        parse_duration(self.get(k).unwrap()).unwrap()
    }
    fn flag(&self, k: &str) -> bool {
        self.get(k) == Some("true")
    }
}

/// Parses a Go-style duration (`1h2m3s`, `1.5s`, `20ms`, `300us`/`300µs`, `10ns`).
pub fn parse_duration(s: &str) -> Result<u64, String> {
    let bad = || format!("invalid duration {s:?} (examples: 10ms, 1.5s, 300us)");
    if s == "0" {
        return Ok(0);
    }
    let mut total = 0f64;
    let mut rest = s;
    if rest.is_empty() {
        return Err(bad());
    }
    while !rest.is_empty() {
        let num_end = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .ok_or_else(bad)?;
        let num: f64 = rest[..num_end].parse().map_err(|_| bad())?;
        rest = &rest[num_end..];
        let unit_end = rest
            .find(|c: char| c.is_ascii_digit() || c == '.')
            .unwrap_or(rest.len());
        let unit = match &rest[..unit_end] {
            "ns" => 1.0,
            "us" | "µs" => 1e3,
            "ms" => 1e6,
            "s" => 1e9,
            "m" => 60e9,
            "h" => 3600e9,
            _ => return Err(bad()),
        };
        total += num * unit;
        rest = &rest[unit_end..];
    }
    if total > u64::MAX as f64 / 2.0 {
        return Err(bad());
    }
    Ok(total as u64)
}

/// Formats ns as Go prints a `time.Duration`-ish short form (for help texts).
pub fn fmt_duration(ns: u64) -> String {
    if ns % 1_000_000_000 == 0 && ns > 0 {
        format!("{}s", ns / 1_000_000_000)
    } else if ns % MS == 0 && ns > 0 {
        format!("{}ms", ns / MS)
    } else if ns % US == 0 && ns > 0 {
        format!("{}us", ns / US)
    } else {
        format!("{ns}ns")
    }
}

/// A built-in scenario.
pub struct Scenario {
    pub name: &'static str,
    pub summary: &'static str,
    /// Which chapter (seed file) or experiment it comes from.
    pub source: &'static str,
    pub params: &'static [ParamSpec],
    /// GOMAXPROCS the program itself sets with `runtime.GOMAXPROCS` (None: leaves it).
    build: fn(&Params) -> Program,
    go: fn(&Params) -> String,
}

impl Scenario {
    /// Checks and completes `given` (unknown keys and bad values get a clear message).
    pub fn params(&self, given: &[(String, String)]) -> Result<Params, String> {
        let mut p = Params::default();
        for spec in self.params {
            p.set(spec.name, spec.default);
        }
        for (k, v) in given {
            let Some(spec) = self.params.iter().find(|s| s.name == k) else {
                let known: Vec<_> = self.params.iter().map(|s| s.name).collect();
                return Err(if known.is_empty() {
                    format!("scenario {} takes no parameters (got {k:?})", self.name)
                } else {
                    format!(
                        "scenario {} has no parameter {k:?}; it takes: {}",
                        self.name,
                        known.join(", ")
                    )
                });
            };
            match spec.kind {
                ParamKind::Count(lo, hi) => {
                    let n: u64 = v.parse().map_err(|_| {
                        format!("{k}={v:?}: expected a whole number from {lo} to {hi}")
                    })?;
                    if n < lo || n > hi {
                        return Err(format!("{k}={n} is out of range: use {lo} to {hi}"));
                    }
                }
                ParamKind::Duration(lo, hi) => {
                    let d = parse_duration(v).map_err(|e| format!("{k}: {e}"))?;
                    if d < lo || d > hi {
                        return Err(format!(
                            "{k}={v} is out of range: use {} to {}",
                            fmt_duration(lo),
                            fmt_duration(hi)
                        ));
                    }
                }
                ParamKind::Bool => {
                    if v != "true" && v != "false" {
                        return Err(format!("{k}={v:?}: expected true or false"));
                    }
                }
            }
            p.set(k, v);
        }
        Ok(p)
    }

    pub fn program(&self, p: &Params) -> Program {
        (self.build)(p)
    }

    /// The equivalent Go program (what the scenario models).
    pub fn go_source(&self, p: &Params) -> String {
        (self.go)(p)
    }
}

const fn count(
    name: &'static str,
    default: &'static str,
    lo: u64,
    hi: u64,
    help: &'static str,
) -> ParamSpec {
    ParamSpec {
        name,
        default,
        help,
        kind: ParamKind::Count(lo, hi),
    }
}
const fn dur(
    name: &'static str,
    default: &'static str,
    lo: u64,
    hi: u64,
    help: &'static str,
) -> ParamSpec {
    ParamSpec {
        name,
        default,
        help,
        kind: ParamKind::Duration(lo, hi),
    }
}
const fn flag(name: &'static str, default: &'static str, help: &'static str) -> ParamSpec {
    ParamSpec {
        name,
        default,
        help,
        kind: ParamKind::Bool,
    }
}

const HOUR: u64 = 3_600_000_000_000;

pub static SCENARIOS: &[Scenario] = &[
    Scenario {
        name: "playground",
        summary:
            "an accept loop: each request it gets (the explorer's Spawn buttons) starts goroutines",
        source:
            "the explorer's own (seed 004's four scheduling events: go, syscalls, network, sync)",
        params: &[
            count(
                "cpu",
                "0",
                0,
                100_000,
                "CPU-bound goroutines requested at start",
            ),
            count(
                "blocking",
                "0",
                0,
                100_000,
                "blocking-syscall goroutines requested at start",
            ),
            count(
                "network",
                "0",
                0,
                100_000,
                "network goroutines requested at start",
            ),
            dur(
                "work",
                "200ms",
                0,
                HOUR,
                "CPU time a CPU-bound goroutine needs",
            ),
            dur(
                "syscall",
                "50ms",
                0,
                HOUR,
                "how long a blocking syscall blocks",
            ),
            dur(
                "latency",
                "30ms",
                0,
                HOUR,
                "when a network read's data arrives",
            ),
        ],
        build: playground,
        go: playground_go,
    },
    Scenario {
        name: "gosched",
        summary: "GOMAXPROCS(1): goroutines A, B, ... record a label and call runtime.Gosched",
        source: "seed 000 (runtime.Gosched)",
        params: &[
            count(
                "goroutines",
                "2",
                1,
                26,
                "how many goroutines (named A, B, C, ...)",
            ),
            count("iterations", "3", 1, 1000, "labels each goroutine records"),
            flag("yield", "true", "call runtime.Gosched after each label"),
            count("procs", "1", 1, 64, "the program's runtime.GOMAXPROCS(n)"),
        ],
        build: gosched,
        go: gosched_go,
    },
    Scenario {
        name: "stack-growth",
        summary: "the recursion example: addresses of a local jump when the stack is copied",
        source: "seeds 000, 003 (stack growth by copying)",
        params: &[
            count("depth", "20000", 2, 2_000_000, "recursion depth (maxDepth)"),
            count(
                "frame",
                "272",
                16,
                1_000_000,
                "frame size of recurse in bytes (go build -gcflags=-S shows $272 on linux/amd64)",
            ),
            flag(
                "gc",
                "false",
                "call runtime.GC() after the recursion returns (the stack shrinks)",
            ),
        ],
        build: stack_growth,
        go: stack_growth_go,
    },
    Scenario {
        name: "tight-loop",
        summary: "GOMAXPROCS(1): a goroutine spins in for {}; main sleeps 1 ms, then prints exit",
        source: "seed 003 (cooperative vs signal-based preemption)",
        params: &[
            flag(
                "call",
                "false",
                "the loop calls a (non-inlined) function each iteration",
            ),
            dur("sleep", "1ms", 0, HOUR, "how long main sleeps"),
        ],
        build: tight_loop,
        go: tight_loop_go,
    },
    Scenario {
        name: "cpu-bound",
        summary: "goroutines running call-free CPU loops (the schedtrace example)",
        source: "seed 000 (reading a schedtrace line), experiment d",
        params: &[
            count("goroutines", "40", 1, 100_000, "CPU-bound goroutines"),
            dur("work", "200ms", 0, HOUR, "CPU time each one needs"),
        ],
        build: cpu_bound,
        go: cpu_bound_go,
    },
    Scenario {
        name: "syscall",
        summary: "blocking system calls beside CPU-bound goroutines: the P is handed off",
        source: "seed 004 (figures 6-8), experiment e",
        params: &[
            count("cpu", "3", 0, 10_000, "CPU-bound goroutines"),
            dur(
                "work",
                "100ms",
                0,
                HOUR,
                "CPU time each CPU-bound goroutine needs",
            ),
            count(
                "blocking",
                "3",
                1,
                10_000,
                "goroutines making a blocking syscall",
            ),
            dur("syscall", "50ms", 0, HOUR, "how long each syscall blocks"),
            dur(
                "stagger",
                "10ms",
                0,
                HOUR,
                "time between the syscalls' starts",
            ),
        ],
        build: syscall,
        go: syscall_go,
    },
    Scenario {
        name: "netpoll",
        summary: "network reads beside CPU-bound goroutines: Gs park on the netpoller",
        source: "seed 004 (figures 3-5)",
        params: &[
            count("cpu", "3", 0, 10_000, "CPU-bound goroutines"),
            dur(
                "work",
                "100ms",
                0,
                HOUR,
                "CPU time each CPU-bound goroutine needs",
            ),
            count(
                "readers",
                "3",
                1,
                10_000,
                "goroutines reading from the network",
            ),
            dur("latency", "30ms", 0, HOUR, "when each read's data arrives"),
        ],
        build: netpoll,
        go: netpoll_go,
    },
    Scenario {
        name: "compute-all",
        summary: "the chapter's bug: unbounded goroutines spin-retrying, main guesses with Sleep",
        source: "seed 000 (find the bug)",
        params: &[
            count("n", "100", 1, 100_000, "goroutines (one per item)"),
            count(
                "attempts",
                "50",
                1,
                1_000_000,
                "attempts each item needs before it succeeds",
            ),
            dur("attempt", "100us", 0, HOUR, "CPU time of one attempt"),
            dur("sleep", "2s", 0, HOUR, "main's time.Sleep guess"),
        ],
        build: compute_all,
        go: compute_all_go,
    },
    Scenario {
        name: "compute-all-fixed",
        summary: "the fix: a semaphore of GOMAXPROCS slots, Gosched between attempts, a WaitGroup",
        source: "seed 000 (find the bug, the fix)",
        params: &[
            count("n", "100", 1, 100_000, "items"),
            count(
                "attempts",
                "50",
                1,
                1_000_000,
                "attempts each item needs before it succeeds",
            ),
            dur("attempt", "100us", 0, HOUR, "CPU time of one attempt"),
        ],
        build: compute_all_fixed,
        go: compute_all_fixed_go,
    },
    Scenario {
        name: "spawn",
        summary: "n trivial goroutines with a WaitGroup (the fan-out benchmark)",
        source: "experiment f",
        params: &[count("n", "1000000", 1, 10_000_000, "goroutines")],
        build: spawn,
        go: spawn_go,
    },
    Scenario {
        name: "pingpong",
        summary: "two goroutines bounce a value over unbuffered channels (runnext hand-offs)",
        source: "experiment j",
        params: &[
            count("rounds", "100000", 1, 100_000_000, "round trips"),
            count("procs", "1", 1, 64, "the program's runtime.GOMAXPROCS(n)"),
        ],
        build: pingpong,
        go: pingpong_go,
    },
    Scenario {
        name: "deadlock",
        summary: "main waits on a channel nobody sends on: checkdead reports a deadlock",
        source: "experiment g",
        params: &[flag(
            "sleeper",
            "false",
            "another goroutine sleeps 50 ms first (the report waits for its timer)",
        )],
        build: deadlock,
        go: deadlock_go,
    },
];

/// Looks a scenario up by name.
pub fn find(name: &str) -> Option<&'static Scenario> {
    SCENARIOS.iter().find(|s| s.name == name)
}

fn letters(n: u64) -> Vec<String> {
    (0..n)
        .map(|i| ((b'A' + i as u8) as char).to_string())
        .collect()
}

/// Goroutines a scenario asks for at start through the `Accept` loop (playground).
pub fn initial_requests(p: &Params) -> Vec<(GKind, u32)> {
    [
        ("cpu", GKind::Cpu),
        ("blocking", GKind::Blocking),
        ("network", GKind::Network),
    ]
    .into_iter()
    .filter_map(|(k, kind)| {
        let n: u32 = p.get(k)?.parse().ok()?;
        (n > 0).then_some((kind, n))
    })
    .collect()
}

// ---------------------------------------------------------------- playground

fn playground(p: &Params) -> Program {
    let mut b = ProgramBuilder::new();
    let cpu = b.func("main.crunch", 64, vec![Op::Work(p.dur("work"))]);
    let blocking = b.func("main.readFile", 96, vec![Op::Syscall(p.dur("syscall"))]);
    let network = b.func(
        "main.handleConn",
        96,
        vec![Op::NetRead(p.dur("latency")), Op::Work(50 * US)],
    );
    b.main(
        160,
        vec![
            Op::Loop {
                times: u32::MAX,
                body: 2,
            },
            Op::Accept,
            Op::SpawnRequested {
                cpu,
                blocking,
                network,
            },
        ],
    )
}

fn playground_go(p: &Params) -> String {
    format!(
        r#"package main

import (
	"net"
	"os"
	"time"
)

func crunch() {{ // CPU-bound: about {work} of arithmetic, no calls
	for start := time.Now(); time.Since(start) < {work}; {{
	}}
}}

func readFile(f *os.File) {{ // a blocking syscall: read(2) takes its M along
	buf := make([]byte, 1)
	f.Read(buf)
}}

func handleConn(c net.Conn) {{ // a network read: parks on the netpoller
	buf := make([]byte, 1)
	c.Read(buf)
}}

// main is an accept loop: every request asks for some goroutines of each kind.
// (readRequest, slowFile and dialSlowPeer stand for the outside world: in the explorer
// the Spawn buttons are the client.)
func main() {{
	ln, _ := net.Listen("tcp", "127.0.0.1:8000")
	for {{
		conn, _ := ln.Accept()
		req := readRequest(conn)
		for i := 0; i < req.CPU; i++ {{
			go crunch()
		}}
		for i := 0; i < req.Blocking; i++ {{
			go readFile(slowFile())
		}}
		for i := 0; i < req.Network; i++ {{
			go handleConn(dialSlowPeer()) // data arrives after {lat}
		}}
	}}
}}
"#,
        work = fmt_duration(p.dur("work")),
        lat = fmt_duration(p.dur("latency")),
    )
}

// ---------------------------------------------------------------- gosched

fn gosched(p: &Params) -> Program {
    let n = p.count("goroutines");
    let iters = p.count("iterations") as u32;
    let yield_ = p.flag("yield");
    let mut b = ProgramBuilder::new();
    let wg = b.waitgroup();
    let mu = b.mutex();
    let mut body = vec![
        Op::Loop {
            times: iters,
            body: if yield_ { 4 } else { 3 },
        },
        Op::Lock(mu),
        Op::Record(Fmt::new("{name}{i}")),
        Op::Unlock(mu),
    ];
    if yield_ {
        body.push(Op::Gosched);
    }
    body.push(Op::WgDone(wg));
    let worker = b.func("main.main.func1", 88, body);
    let mut main = vec![
        Op::SetMaxProcs(p.count("procs") as u32),
        Op::WgAdd(wg, n as i64),
    ];
    for name in letters(n) {
        let l = b.label(&name);
        main.push(Op::Go {
            func: worker,
            arg: Val::Const(l),
            kind: GKind::Example,
        });
    }
    main.push(Op::WgWait(wg));
    main.push(Op::PrintRecord);
    b.main(200, main)
}

fn gosched_go(p: &Params) -> String {
    let n = p.count("goroutines");
    let iters = p.count("iterations");
    let yield_line = if p.flag("yield") {
        "\t\t\truntime.Gosched() // give the P to the next runnable goroutine\n"
    } else {
        ""
    };
    let mut gs = String::new();
    for name in letters(n) {
        gs.push_str(&format!("\tgo worker(\"{name}\")\n"));
    }
    format!(
        r#"package main

import (
	"fmt"
	"runtime"
	"sync"
)

func main() {{
	runtime.GOMAXPROCS({procs})

	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		order []string
	)
	worker := func(name string) {{
		defer wg.Done()
		for i := 0; i < {iters}; i++ {{
			mu.Lock()
			order = append(order, fmt.Sprintf("%s%d", name, i))
			mu.Unlock()
{yield_line}		}}
	}}

	wg.Add({n})
{gs}	wg.Wait()
	fmt.Println(order)
}}
"#,
        procs = p.count("procs"),
    )
}

// ---------------------------------------------------------------- stack growth

fn stack_growth(p: &Params) -> Program {
    let depth = p.count("depth") as u32;
    let frame = p.count("frame");
    let mut b = ProgramBuilder::new();
    // recurse(d) holds two levels of the source recursion: Go inlines one level, so
    // the locals of depth d and d+1 share one $272 frame, 152 bytes apart.
    let recurse = b.func("main.recurse", frame, vec![]);
    b.set_body(
        recurse,
        vec![
            Op::RecordStackAddr {
                off: 152.min(frame),
                limit: depth,
            },
            Op::RecordStackAddr {
                off: 0,
                limit: depth,
            },
            Op::CallIfBelow {
                func: recurse,
                limit: depth,
            },
        ],
    );
    let mut main = vec![
        // main inlines recurse(0).
        Op::RecordStackAddr {
            off: 0,
            limit: depth,
        },
        Op::CallIfBelow {
            func: recurse,
            limit: depth,
        },
        Op::PrintStackReport,
    ];
    if p.flag("gc") {
        main.push(Op::Gc);
    }
    // main.main is $144 (the inlined recurse(0) and a spill slot; go build -gcflags=-S),
    // and real Go has 8 more bytes in use below it than runtime.main's $288 and the two
    // return addresses account for: with them every copy depth matches (the Go front
    // end's entry has them too).
    b.main(152, main)
}

fn stack_growth_go(p: &Params) -> String {
    let gc = if p.flag("gc") {
        "\truntime.GC() // a stack scan: the now mostly unused stack is halved\n"
    } else {
        ""
    };
    let imports = if p.flag("gc") {
        "import (\n\t\"fmt\"\n\t\"runtime\"\n\t\"unsafe\"\n)"
    } else {
        "import (\n\t\"fmt\"\n\t\"unsafe\"\n)"
    };
    format!(
        r#"package main

{imports}

const maxDepth = {depth}

var addrs [maxDepth]uintptr

// recurse notes where its local array lives at each depth. Between two depths the
// address moves by one frame; when the runtime copies the stack to a bigger block,
// it jumps.
func recurse(depth int) {{
	var local [128]byte
	addrs[depth] = uintptr(unsafe.Pointer(&local))
	if depth+1 < maxDepth {{
		recurse(depth + 1)
	}}
}}

func main() {{
	recurse(0)
	report()
{gc}}}

func report() {{
	jumps := 0
	for i := 1; i < maxDepth; i++ {{
		d := int64(addrs[i-1]) - int64(addrs[i])
		if d < 0 {{
			d = -d
		}}
		if d > 100_000 {{
			jumps++
			if jumps <= 6 {{
				fmt.Printf("stack copy near depth %d: jumped %d bytes\n", i, d)
			}}
		}}
	}}
	fmt.Println("total large jumps (stack copies) detected:", jumps)
}}
"#,
        depth = p.count("depth")
    )
}

// ---------------------------------------------------------------- tight loop

fn tight_loop(p: &Params) -> Program {
    let mut b = ProgramBuilder::new();
    let spin_body = if p.flag("call") {
        let f = b.func("main.work", 24, vec![Op::Work(50)]);
        vec![
            Op::Loop {
                times: u32::MAX,
                body: 2,
            },
            Op::Work(20),
            Op::Call(f),
        ]
    } else {
        vec![Op::Loop {
            times: u32::MAX,
            body: 0,
        }]
    };
    let spinner = b.func("main.main.func1", 0, spin_body);
    b.main(
        120,
        vec![
            Op::SetMaxProcs(1),
            Op::Go {
                func: spinner,
                arg: Val::Const(0),
                kind: GKind::Cpu,
            },
            Op::Sleep(p.dur("sleep")),
            Op::PrintErr(Fmt::new("exit")),
        ],
    )
}

fn tight_loop_go(p: &Params) -> String {
    let (body, extra) = if p.flag("call") {
        (
            "\t\tfor {\n\t\t\twork() // a real call: its prologue is a safe point\n\t\t}\n",
            "\n//go:noinline\nfunc work() { n++ }\n\nvar n int\n",
        )
    } else {
        (
            "\t\tfor {\n\t\t} // no calls: only a signal can preempt this loop\n",
            "",
        )
    };
    format!(
        r#"package main

import (
	"runtime"
	"time"
)

func main() {{
	runtime.GOMAXPROCS(1)
	go func() {{
{body}	}}()
	time.Sleep({sleep})
	println("exit")
}}
{extra}"#,
        sleep = go_dur(p.dur("sleep"))
    )
}

fn go_dur(ns: u64) -> String {
    if ns % MS == 0 {
        format!("{} * time.Millisecond", ns / MS)
    } else if ns % US == 0 {
        format!("{} * time.Microsecond", ns / US)
    } else {
        format!("{ns} * time.Nanosecond")
    }
}

// ---------------------------------------------------------------- cpu-bound

fn cpu_bound(p: &Params) -> Program {
    let n = p.count("goroutines");
    let mut b = ProgramBuilder::new();
    let wg = b.waitgroup();
    let worker = b.func(
        "main.spin",
        40,
        vec![Op::Work(p.dur("work")), Op::WgDone(wg)],
    );
    b.main(
        120,
        vec![
            Op::WgAdd(wg, n as i64),
            Op::Loop {
                times: n as u32,
                body: 1,
            },
            Op::Go {
                func: worker,
                arg: Val::LoopIndex,
                kind: GKind::Cpu,
            },
            Op::WgWait(wg),
            Op::Print(Fmt::new("done")),
        ],
    )
}

fn cpu_bound_go(p: &Params) -> String {
    format!(
        r#"package main

import (
	"fmt"
	"sync"
	"time"
)

// spin does call-free arithmetic for about d of CPU time.
func spin(d time.Duration, wg *sync.WaitGroup) {{
	defer wg.Done()
	start := time.Now()
	x := 1
	for i := 0; ; i++ {{
		x = x*31 + i
		if i%1_000_000 == 0 && time.Since(start) >= d {{
			break
		}}
	}}
	_ = x
}}

func main() {{
	var wg sync.WaitGroup
	wg.Add({n})
	for i := 0; i < {n}; i++ {{
		go spin({work}, &wg)
	}}
	wg.Wait()
	fmt.Println("done")
}}
"#,
        n = p.count("goroutines"),
        work = go_dur(p.dur("work"))
    )
}

// ---------------------------------------------------------------- syscall / netpoll

fn syscall(p: &Params) -> Program {
    io_program(
        p,
        "blocking",
        Op::Syscall(p.dur("syscall")),
        GKind::Blocking,
    )
}

fn netpoll(p: &Params) -> Program {
    io_program(p, "readers", Op::NetRead(p.dur("latency")), GKind::Network)
}

fn io_program(p: &Params, count_key: &str, io: Op, kind: GKind) -> Program {
    let ncpu = p.count("cpu");
    let nio = p.count(count_key);
    let stagger = p.get("stagger").map(|_| p.dur("stagger")).unwrap_or(0);
    let mut b = ProgramBuilder::new();
    let wg = b.waitgroup();
    let cpu = b.func(
        "main.spin",
        40,
        vec![Op::Work(p.dur("work")), Op::WgDone(wg)],
    );
    let ioer = b.func(
        if kind == GKind::Blocking {
            "main.readFile"
        } else {
            "main.readConn"
        },
        64,
        vec![io, Op::WgDone(wg)],
    );
    let mut main = vec![Op::WgAdd(wg, (ncpu + nio) as i64)];
    if ncpu > 0 {
        main.push(Op::Loop {
            times: ncpu as u32,
            body: 1,
        });
        main.push(Op::Go {
            func: cpu,
            arg: Val::LoopIndex,
            kind: GKind::Cpu,
        });
    }
    main.push(Op::Loop {
        times: nio as u32,
        body: if stagger > 0 { 2 } else { 1 },
    });
    if stagger > 0 {
        main.push(Op::Sleep(stagger));
    }
    main.push(Op::Go {
        func: ioer,
        arg: Val::LoopIndex,
        kind,
    });
    main.push(Op::WgWait(wg));
    main.push(Op::Print(Fmt::new("done")));
    b.main(120, main)
}

fn syscall_go(p: &Params) -> String {
    format!(
        r#"package main

import (
	"fmt"
	"sync"
	"syscall"
	"time"
)

// A blocking read(2) on a pipe: the M blocks in the kernel with its G.
func readFile(fd int, wg *sync.WaitGroup) {{
	defer wg.Done()
	buf := make([]byte, 1)
	syscall.Read(fd, buf)
}}

func spin(d time.Duration, wg *sync.WaitGroup) {{
	defer wg.Done()
	for start := time.Now(); time.Since(start) < d; {{
	}}
}}

func main() {{
	var wg sync.WaitGroup
	wg.Add({total})
	for i := 0; i < {cpu}; i++ {{
		go spin({work}, &wg)
	}}
	for i := 0; i < {nio}; i++ {{
		time.Sleep({stagger})
		var fds [2]int
		syscall.Pipe(fds[:])
		go readFile(fds[0], &wg)
		time.AfterFunc({sys}, func() {{ syscall.Write(fds[1], []byte{{1}}) }})
	}}
	wg.Wait()
	fmt.Println("done")
}}
"#,
        total = p.count("cpu") + p.count("blocking"),
        cpu = p.count("cpu"),
        nio = p.count("blocking"),
        work = go_dur(p.dur("work")),
        stagger = go_dur(p.dur("stagger")),
        sys = go_dur(p.dur("syscall")),
    )
}

fn netpoll_go(p: &Params) -> String {
    format!(
        r#"package main

import (
	"fmt"
	"net"
	"sync"
	"time"
)

// A read on a TCP connection: if no data is there yet, the G parks on the netpoller
// and its M goes on running other goroutines.
func readConn(c net.Conn, wg *sync.WaitGroup) {{
	defer wg.Done()
	buf := make([]byte, 1)
	c.Read(buf)
}}

func spin(d time.Duration, wg *sync.WaitGroup) {{
	defer wg.Done()
	for start := time.Now(); time.Since(start) < d; {{
	}}
}}

func main() {{
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	var wg sync.WaitGroup
	wg.Add({total})
	for i := 0; i < {cpu}; i++ {{
		go spin({work}, &wg)
	}}
	for i := 0; i < {nio}; i++ {{
		c, _ := net.Dial("tcp", ln.Addr().String())
		s, _ := ln.Accept()
		go readConn(c, &wg)
		time.AfterFunc({lat}, func() {{ s.Write([]byte{{1}}) }})
	}}
	wg.Wait()
	fmt.Println("done")
}}
"#,
        total = p.count("cpu") + p.count("readers"),
        cpu = p.count("cpu"),
        nio = p.count("readers"),
        work = go_dur(p.dur("work")),
        lat = go_dur(p.dur("latency")),
    )
}

// ---------------------------------------------------------------- compute-all

fn compute_all(p: &Params) -> Program {
    let n = p.count("n");
    let attempts = p.count("attempts") as u32;
    let mut b = ProgramBuilder::new();
    let attempt = b.func("main.attempt", 48, vec![Op::Work(p.dur("attempt"))]);
    let worker = b.func(
        "main.computeAll.func1",
        32,
        vec![
            Op::Loop {
                times: attempts,
                body: 1,
            },
            Op::Call(attempt),
            Op::Record(Fmt::new("{arg}")),
        ],
    );
    b.main(
        160,
        vec![
            Op::Loop {
                times: n as u32,
                body: 1,
            },
            Op::Go {
                func: worker,
                arg: Val::LoopIndex,
                kind: GKind::Example,
            },
            Op::Sleep(p.dur("sleep")),
            Op::Print(Fmt::new(&format!(
                "{{count}} of {n} results ready after the sleep"
            ))),
        ],
    )
}

fn compute_all_go(p: &Params) -> String {
    format!(
        r#"package main

import (
	"fmt"
	"sync/atomic"
	"time"
)

var done atomic.Int64

// attempt burns about {att} of CPU and succeeds on the {attempts}th try.
func attempt(i int, tries *int) bool {{
	for start := time.Now(); time.Since(start) < {att}; {{
	}}
	*tries++
	return *tries >= {attempts}
}}

func computeAll(n int) {{
	for i := 0; i < n; i++ {{
		go func(i int) {{
			tries := 0
			for {{ // spin-retry: no sleep, no channel, nothing to wait on
				if attempt(i, &tries) {{
					done.Add(1)
					return
				}}
			}}
		}}(i)
	}}
	time.Sleep({sleep}) // "should be enough time"
}}

func main() {{
	computeAll({n})
	fmt.Println(done.Load(), "of {n} results ready after the sleep")
}}
"#,
        n = p.count("n"),
        attempts = p.count("attempts"),
        att = go_dur(p.dur("attempt")),
        sleep = go_dur(p.dur("sleep")),
    )
}

fn compute_all_fixed(p: &Params) -> Program {
    let n = p.count("n");
    let attempts = p.count("attempts") as u32;
    let mut b = ProgramBuilder::new();
    let wg = b.waitgroup();
    // make(chan struct{}, runtime.GOMAXPROCS(0)).
    let sem = b.chan(crate::program::CAP_GOMAXPROCS);
    let attempt = b.func("main.attempt", 48, vec![Op::Work(p.dur("attempt"))]);
    let worker = b.func(
        "main.computeAll.func1",
        32,
        vec![
            Op::Loop {
                times: attempts,
                body: 2,
            },
            Op::Call(attempt),
            Op::Gosched,
            Op::Record(Fmt::new("{arg}")),
            Op::Recv { ch: sem },
            Op::WgDone(wg),
        ],
    );
    b.main(
        160,
        vec![
            Op::Loop {
                times: n as u32,
                body: 3,
            },
            Op::WgAdd(wg, 1),
            Op::Send {
                ch: sem,
                val: Val::Const(1),
            },
            Op::Go {
                func: worker,
                arg: Val::LoopIndex,
                kind: GKind::Example,
            },
            Op::WgWait(wg),
            Op::Print(Fmt::new(&format!("{{count}} of {n} results ready"))),
        ],
    )
}

fn compute_all_fixed_go(p: &Params) -> String {
    format!(
        r#"package main

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

var done atomic.Int64

func attempt(i int, tries *int) bool {{
	for start := time.Now(); time.Since(start) < {att}; {{
	}}
	*tries++
	return *tries >= {attempts}
}}

func computeAll(n int) {{
	var wg sync.WaitGroup
	sem := make(chan struct{{}}, runtime.GOMAXPROCS(0)) // at most one worker per P
	for i := 0; i < n; i++ {{
		wg.Add(1)
		sem <- struct{{}}{{}}
		go func(i int) {{
			defer wg.Done()
			defer func() {{ <-sem }}()
			tries := 0
			for !attempt(i, &tries) {{
				runtime.Gosched() // let others run between attempts
			}}
			done.Add(1)
		}}(i)
	}}
	wg.Wait() // a real completion signal
}}

func main() {{
	computeAll({n})
	fmt.Println(done.Load(), "of {n} results ready")
}}
"#,
        n = p.count("n"),
        attempts = p.count("attempts"),
        att = go_dur(p.dur("attempt")),
    )
}

// ---------------------------------------------------------------- spawn / pingpong / deadlock

fn spawn(p: &Params) -> Program {
    let n = p.count("n");
    let mut b = ProgramBuilder::new();
    let wg = b.waitgroup();
    let worker = b.func("main.main.func1", 24, vec![Op::WgDone(wg)]);
    b.main(
        120,
        vec![
            Op::Loop {
                times: n as u32,
                body: 2,
            },
            Op::WgAdd(wg, 1),
            Op::Go {
                func: worker,
                arg: Val::Const(0),
                kind: GKind::Example,
            },
            Op::WgWait(wg),
            Op::Print(Fmt::new(&format!("{n} goroutines done"))),
        ],
    )
}

fn spawn_go(p: &Params) -> String {
    format!(
        r#"package main

import (
	"fmt"
	"sync"
)

func main() {{
	var wg sync.WaitGroup
	for i := 0; i < {n}; i++ {{
		wg.Add(1)
		go func() {{ wg.Done() }}()
	}}
	wg.Wait()
	fmt.Println({n}, "goroutines done")
}}
"#,
        n = p.count("n")
    )
}

fn pingpong(p: &Params) -> Program {
    let rounds = p.count("rounds") as u32;
    let mut b = ProgramBuilder::new();
    let ping = b.chan(0);
    let pong = b.chan(0);
    let ponger = b.func(
        "main.main.func1",
        40,
        vec![
            Op::Loop {
                times: rounds,
                body: 2,
            },
            Op::Recv { ch: ping },
            Op::Send {
                ch: pong,
                val: Val::Received,
            },
        ],
    );
    b.main(
        120,
        vec![
            Op::SetMaxProcs(p.count("procs") as u32),
            Op::Go {
                func: ponger,
                arg: Val::Const(0),
                kind: GKind::Example,
            },
            Op::Loop {
                times: rounds,
                body: 2,
            },
            Op::Send {
                ch: ping,
                val: Val::LoopIndex,
            },
            Op::Recv { ch: pong },
            Op::Print(Fmt::new(&format!("{rounds} round trips"))),
        ],
    )
}

fn pingpong_go(p: &Params) -> String {
    format!(
        r#"package main

import (
	"fmt"
	"runtime"
)

func main() {{
	runtime.GOMAXPROCS({procs})
	ping, pong := make(chan int), make(chan int)
	go func() {{
		for i := 0; i < {rounds}; i++ {{
			pong <- <-ping
		}}
	}}()
	for i := 0; i < {rounds}; i++ {{
		ping <- i
		<-pong
	}}
	fmt.Println({rounds}, "round trips")
}}
"#,
        procs = p.count("procs"),
        rounds = p.count("rounds")
    )
}

fn deadlock(p: &Params) -> Program {
    let mut b = ProgramBuilder::new();
    let ch = b.chan(0);
    let mut main = vec![];
    if p.flag("sleeper") {
        let s = b.func("main.main.func1", 40, vec![Op::Sleep(50 * MS)]);
        main.push(Op::Go {
            func: s,
            arg: Val::Const(0),
            kind: GKind::Example,
        });
    }
    main.push(Op::Recv { ch });
    b.main(120, main)
}

fn deadlock_go(p: &Params) -> String {
    let sleeper = if p.flag("sleeper") {
        "\tgo func() { time.Sleep(50 * time.Millisecond) }()\n"
    } else {
        ""
    };
    let imports = if p.flag("sleeper") {
        "import \"time\"\n\n"
    } else {
        ""
    };
    format!(
        "package main\n\n{imports}func main() {{\n{sleeper}\tch := make(chan int)\n\t<-ch // nobody will ever send\n}}\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_parse_like_go() {
        assert_eq!(parse_duration("1.5s").unwrap(), 1_500_000_000);
        assert_eq!(parse_duration("20ms").unwrap(), 20_000_000);
        assert_eq!(parse_duration("300us").unwrap(), 300_000);
        assert_eq!(parse_duration("1m30s").unwrap(), 90_000_000_000);
        assert!(parse_duration("ten").is_err());
        assert!(parse_duration("10").is_err());
    }

    #[test]
    fn bad_parameters_get_specific_messages() {
        let s = find("gosched").unwrap();
        let e = s.params(&[("goroutnes".into(), "3".into())]).unwrap_err();
        assert!(
            e.contains("no parameter \"goroutnes\"") && e.contains("goroutines"),
            "{e}"
        );
        let e = s.params(&[("goroutines".into(), "0".into())]).unwrap_err();
        assert!(e.contains("out of range"), "{e}");
        let e = s.params(&[("yield".into(), "maybe".into())]).unwrap_err();
        assert!(e.contains("true or false"), "{e}");
    }

    #[test]
    fn every_scenario_builds_a_valid_program_with_defaults() {
        for s in SCENARIOS {
            let p = s.params(&[]).unwrap();
            s.program(&p).validate().unwrap();
            assert!(s.go_source(&p).starts_with("package main"));
        }
    }
}
