//! # Built-in scenarios: the course chapters' programs
//!
//! Each scenario mirrors a Go program from the course chapters (or from the experiments
//! run on Go 1.27.3) and takes parameters (`gmp run NAME --set key=value`). Its output is
//! what that Go program prints. Most are Go source that a front end compiles (gmp-go's
//! `programs/*.go`, `Body::Source`); the ones listed here in [`SCENARIOS`] use packages
//! no front end offers yet (`net`, `syscall`, the page's accept loop) and are op lists
//! with the Go text they model (`Body::Ops`).

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
    pub body: Body,
}

/// What a scenario runs.
pub enum Body {
    /// A built-in op list, and the Go program it models (for reading only).
    Ops {
        build: fn(&Params) -> Program,
        go: fn(&Params) -> String,
    },
    /// Source a front end compiles, as written (gmp-go: `programs/NAME.go` or a
    /// lesson's own `main.go`, its parameters the file's constants); the core has no
    /// program of its own for it.
    Source(&'static str),
}

/// What is wrong with a scenario parameter. `Display` is the message the CLI prints;
/// the page writes each case in the learner's language (`param.*` texts).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamError {
    /// No parameter of that name (`known` is empty when the scenario takes none).
    Unknown {
        scenario: &'static str,
        key: String,
        known: Vec<&'static str>,
    },
    NotCount {
        key: &'static str,
        value: String,
        lo: u64,
        hi: u64,
    },
    CountRange {
        key: &'static str,
        n: u64,
        lo: u64,
        hi: u64,
    },
    NotDuration {
        key: &'static str,
        value: String,
    },
    DurationRange {
        key: &'static str,
        value: String,
        lo: String,
        hi: String,
    },
    NotBool {
        key: &'static str,
        value: String,
    },
}

impl std::fmt::Display for ParamError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParamError::Unknown {
                scenario,
                key,
                known,
            } if known.is_empty() => {
                write!(f, "scenario {scenario} takes no parameters (got {key:?})")
            }
            ParamError::Unknown {
                scenario,
                key,
                known,
            } => write!(
                f,
                "scenario {scenario} has no parameter {key:?}; it takes: {}",
                known.join(", ")
            ),
            ParamError::NotCount { key, value, lo, hi } => {
                write!(
                    f,
                    "{key}={value:?}: expected a whole number from {lo} to {hi}"
                )
            }
            ParamError::CountRange { key, n, lo, hi } => {
                write!(f, "{key}={n} is out of range: use {lo} to {hi}")
            }
            ParamError::NotDuration { key, value } => write!(
                f,
                "{key}: invalid duration {value:?} (examples: 10ms, 1.5s, 300us)"
            ),
            ParamError::DurationRange { key, value, lo, hi } => {
                write!(f, "{key}={value} is out of range: use {lo} to {hi}")
            }
            ParamError::NotBool { key, value } => {
                write!(f, "{key}={value:?}: expected true or false")
            }
        }
    }
}

impl std::error::Error for ParamError {}

impl From<ParamError> for String {
    fn from(e: ParamError) -> String {
        e.to_string()
    }
}

impl Scenario {
    /// Checks and completes `given` (unknown keys and bad values get a clear message).
    pub fn params(&self, given: &[(String, String)]) -> Result<Params, ParamError> {
        let mut p = Params::default();
        for spec in self.params {
            p.set(spec.name, spec.default);
        }
        for (k, v) in given {
            let Some(spec) = self.params.iter().find(|s| s.name == k) else {
                let known: Vec<_> = self.params.iter().map(|s| s.name).collect();
                return Err(ParamError::Unknown {
                    scenario: self.name,
                    key: k.clone(),
                    known,
                });
            };
            let (key, value) = (spec.name, v.clone());
            match spec.kind {
                ParamKind::Count(lo, hi) => {
                    let n: u64 = v.parse().map_err(|_| ParamError::NotCount {
                        key,
                        value: value.clone(),
                        lo,
                        hi,
                    })?;
                    if n < lo || n > hi {
                        return Err(ParamError::CountRange { key, n, lo, hi });
                    }
                }
                ParamKind::Duration(lo, hi) => {
                    let d = parse_duration(v).map_err(|_| ParamError::NotDuration {
                        key,
                        value: value.clone(),
                    })?;
                    if d < lo || d > hi {
                        return Err(ParamError::DurationRange {
                            key,
                            value,
                            lo: fmt_duration(lo),
                            hi: fmt_duration(hi),
                        });
                    }
                }
                ParamKind::Bool => {
                    if v != "true" && v != "false" {
                        return Err(ParamError::NotBool { key, value });
                    }
                }
            }
            p.set(k, v);
        }
        Ok(p)
    }

    /// The op list, for a `Body::Ops` scenario.
    pub fn program(&self, p: &Params) -> Option<Program> {
        match self.body {
            Body::Ops { build, .. } => Some(build(p)),
            Body::Source(_) => None,
        }
    }

    /// The Go program an op list models, for a `Body::Ops` scenario.
    pub fn go_source(&self, p: &Params) -> Option<String> {
        match self.body {
            Body::Ops { go, .. } => Some(go(p)),
            Body::Source(_) => None,
        }
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
        body: Body::Ops {
            build: playground,
            go: playground_go,
        },
    },
    Scenario {
        name: "cpu-bound",
        summary: "goroutines running call-free CPU loops (the schedtrace example)",
        source: "seed 000 (reading a schedtrace line), experiment d",
        params: &[
            count("goroutines", "40", 1, 100_000, "CPU-bound goroutines"),
            dur("work", "200ms", 0, HOUR, "CPU time each one needs"),
        ],
        body: Body::Ops {
            build: cpu_bound,
            go: cpu_bound_go,
        },
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
        body: Body::Ops {
            build: syscall,
            go: syscall_go,
        },
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
        body: Body::Ops {
            build: netpoll,
            go: netpoll_go,
        },
    },
];

/// Looks a scenario up by name.
pub fn find(name: &str) -> Option<&'static Scenario> {
    SCENARIOS.iter().find(|s| s.name == name)
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
        let s = find("cpu-bound").unwrap();
        let e = s
            .params(&[("goroutnes".into(), "3".into())])
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("no parameter \"goroutnes\"") && e.contains("goroutines"),
            "{e}"
        );
        let e = s.params(&[("goroutines".into(), "0".into())]).unwrap_err();
        assert_eq!(
            e,
            ParamError::CountRange {
                key: "goroutines",
                n: 0,
                lo: 1,
                hi: 100_000
            }
        );
        assert!(e.to_string().contains("out of range"), "{e}");
        let e = s.params(&[("work".into(), "ten".into())]).unwrap_err();
        assert!(e.to_string().contains("invalid duration"), "{e}");
        // (A Bool's message, "expected true or false", is checked on gmp-go's
        // gosched, whose `yield` is one.)
    }

    #[test]
    fn every_scenario_builds_a_valid_program_with_defaults() {
        for s in SCENARIOS {
            let p = s.params(&[]).unwrap();
            s.program(&p).unwrap().validate().unwrap();
            assert!(s.go_source(&p).unwrap().starts_with("package main"));
        }
    }
}
