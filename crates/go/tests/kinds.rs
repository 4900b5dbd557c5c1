//! What a goroutine does, read from its function's code (`gmp_go::kinds`): the colour
//! the page draws it in. Each case runs a small program and reads the kinds of the
//! goroutines alive in the snapshot.

use std::collections::BTreeMap;

use gmp_core::{Config, GKind, Sim};

const MS: i64 = 1_000_000;

/// The kinds of the goroutines started at each `main.` function, from snapshots taken
/// every 100 µs of virtual time up to `until`.
fn kinds(src: &str, until: i64) -> BTreeMap<String, GKind> {
    let prog = gmp_go::compile(src)
        .unwrap_or_else(|d| panic!("{d:?}"))
        .program();
    let cfg = Config {
        gomaxprocs: 2,
        ..Config::default()
    };
    let mut s = Sim::new(prog, cfg, 1).unwrap();
    let mut out = BTreeMap::new();
    let mut t = 0;
    while t < until {
        t += MS / 10;
        s.run_until(t, u64::MAX);
        for g in s.rt.snapshot().gs {
            let (f, _) = s.rt.goroutine_name(g.startfn, g.startarg);
            if f.starts_with("main.") && f != "main.main" {
                out.insert(f.to_string(), g.kind);
            }
        }
    }
    out
}

#[test]
fn a_goroutine_is_drawn_as_what_its_function_does() {
    let src = r#"package main

import (
	"fmt"
	"runtime"
	"sync"
	"time"

	"gmp/explorer"
)

func compute(d time.Duration) { // a loop that never waits: CPU-bound
	for start := time.Now(); time.Since(start) < d; {
	}
}

func viaHelper() { compute(5 * time.Millisecond) } // the loop one call down

func readDisk() { // read(2) on a slow file: a blocking syscall
	buf := make([]byte, 1)
	explorer.SlowFile(3 * time.Millisecond).Read(buf)
}

func readNet() { // a network read, then some CPU work: parks on the netpoller
	buf := make([]byte, 1)
	explorer.DialSlowPeer(3 * time.Millisecond).Read(buf)
	compute(time.Millisecond)
}

func relay(in, out chan int) { // a loop that waits on channels: coordinates
	for v := range in {
		out <- v
	}
	close(out)
}

func polite(wg *sync.WaitGroup) { // a loop that yields with Gosched
	defer wg.Done()
	for i := 0; i < 2000; i++ {
		runtime.Gosched()
	}
}

func main() {
	var wg sync.WaitGroup
	wg.Add(1)
	a, b := make(chan int), make(chan int)
	go compute(5 * time.Millisecond)
	go viaHelper()
	go readDisk()
	go readNet()
	go relay(a, b)
	go polite(&wg)
	a <- 1
	<-b
	close(a)
	<-b
	wg.Wait()
	time.Sleep(8 * time.Millisecond)
	fmt.Println("done")
}
"#;
    let k = kinds(src, 10 * MS);
    let want: BTreeMap<String, GKind> = [
        ("main.compute", GKind::Cpu),
        ("main.viaHelper", GKind::Cpu),
        ("main.readDisk", GKind::Blocking),
        ("main.readNet", GKind::Network),
        ("main.relay", GKind::Example),
        ("main.polite", GKind::Example),
    ]
    .into_iter()
    .map(|(f, k)| (f.to_string(), k))
    .collect();
    assert_eq!(k, want);
}

/// The playground's Spawn requests start goroutines whose colours are the buttons':
/// its crunch computes, readFile blocks in read(2), handleConn reads the network.
#[test]
fn the_playgrounds_goroutines_have_the_spawn_buttons_kinds() {
    let s = gmp_go::scenarios::find("playground").unwrap();
    let p = s
        .params(&[
            ("cpu".into(), "1".into()),
            ("blocking".into(), "1".into()),
            ("network".into(), "1".into()),
        ])
        .unwrap();
    let k = kinds(&gmp_go::scenarios::source(s, &p), 5 * MS);
    assert_eq!(k.get("main.crunch"), Some(&GKind::Cpu), "{k:?}");
    assert_eq!(k.get("main.readFile"), Some(&GKind::Blocking), "{k:?}");
    assert_eq!(k.get("main.handleConn"), Some(&GKind::Network), "{k:?}");
}
