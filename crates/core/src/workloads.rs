//! # Workloads for the core's own tests and benches
//!
//! The core runs programs given as ops ([`crate::program`]); it cannot compile Go. Its
//! tests and benches (and a gmp-live example) need programs anyway, so these four are
//! built from ops here, each with the Go text it models. They are not what the
//! explorer runs: its scenarios of the same names are Go files (gmp-go's
//! `programs/cpu-bound.go` ...), and gmp-go's `tests/io.rs` checks that each schedules
//! as its op list here does.

use crate::g::GKind;
use crate::program::{Fmt, Op, Program, ProgramBuilder, Val};
use crate::scenarios::{count, dur, fmt_duration, Body, Params, Scenario, HOUR};

/// Nanoseconds in a millisecond / microsecond.
const MS: u64 = 1_000_000;
const US: u64 = 1_000;

pub static WORKLOADS: &[Scenario] = &[
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
        summary: "goroutines running call-free CPU loops",
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

/// Looks a workload up by name.
pub fn find(name: &str) -> Option<&'static Scenario> {
    WORKLOADS.iter().find(|s| s.name == name)
}

/// Goroutines the playground workload asks for at start through its `Accept` loop.
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
