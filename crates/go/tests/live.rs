//! Go programs under the live driver: every M a real `std::thread`, the same core.
//! Programs whose output does not depend on timing print what real Go printed (the
//! corpus's `expected.txt`); a racy program may print anything but never crashes the
//! explorer or loses a goroutine.

use gmp_core::Config;
use gmp_live::live::std_clock;
use gmp_live::{Live, LiveOptions, StdSpawner};

fn run_live(src: &str, procs: u32) -> (String, Option<i32>) {
    let prog = gmp_go::compile(src).expect("compiles");
    let cfg = Config {
        gomaxprocs: procs,
        keep_events: gmp_core::trace::Keep::None,
        ..Config::default()
    };
    let opts = LiveOptions {
        scale: 1.0,
        clock: std_clock(),
        max_threads: 64,
    };
    let live = Live::start(prog.program(), cfg, opts, Box::new(StdSpawner)).expect("starts");
    // Ten seconds of real time at most.
    let code = live.wait(live.now() + 10_000_000_000);
    let out = live.rt.stdout_lines().join("\n");
    live.stop();
    (out, code)
}

fn corpus(name: &str) -> (String, String) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/corpus")
        .join(name);
    let src = std::fs::read_to_string(dir.join("main.go")).unwrap();
    let want = std::fs::read_to_string(dir.join("expected.txt")).unwrap();
    let stdout = want.split("--exit").next().unwrap().trim_end().to_string();
    (src, stdout)
}

#[test]
fn deterministic_programs_print_what_real_go_printed_on_real_threads() {
    // Output fixed by the program's synchronisation, not by timing.
    for name in [
        "channels",
        "closures",
        "maps_slices",
        "numbers",
        "structs",
        "labels_switch",
    ] {
        let (src, want) = corpus(name);
        for procs in [1, 2, 4] {
            let (got, code) = run_live(&src, procs);
            assert_eq!(code, Some(0), "{name} at GOMAXPROCS={procs}");
            assert_eq!(got.trim_end(), want, "{name} at GOMAXPROCS={procs}");
        }
    }
}

#[test]
fn a_racy_program_never_crashes_the_explorer() {
    // Two goroutines append to one slice with no lock: Go may lose appends; the
    // explorer may too, but every goroutine finishes and the process stays sound.
    let src = r#"package main

import (
	"fmt"
	"sync"
)

func main() {
	var xs []int
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 2000; i++ {
				xs = append(xs, i)
			}
		}()
	}
	wg.Wait()
	fmt.Println(len(xs) > 0, len(xs) <= 8000)
}
"#;
    for _ in 0..10 {
        let (out, code) = run_live(src, 4);
        assert_eq!(code, Some(0));
        assert_eq!(out, "true true");
    }
}

#[test]
fn select_over_producers_on_real_threads_loses_and_doubles_nothing() {
    // main parks in select over four channels again and again while producers on
    // other Ms fire its cases: each case that wins must be the one main runs (the
    // select's state is recorded before any case can fire: objects.rs: select).
    let src = r#"package main

import "fmt"

func produce(ch chan int, n int) {
	for i := 1; i <= n; i++ {
		ch <- i
	}
	close(ch)
}

func main() {
	chs := make([]chan int, 4)
	for i := range chs {
		chs[i] = make(chan int)
		go produce(chs[i], 500)
	}
	a, b, c, d := chs[0], chs[1], chs[2], chs[3]
	sum, open := 0, 4
	for open > 0 {
		select {
		case v, ok := <-a:
			if !ok {
				a = nil
				open--
			}
			sum += v
		case v, ok := <-b:
			if !ok {
				b = nil
				open--
			}
			sum += v
		case v, ok := <-c:
			if !ok {
				c = nil
				open--
			}
			sum += v
		case v, ok := <-d:
			if !ok {
				d = nil
				open--
			}
			sum += v
		}
	}
	fmt.Println(sum)
}
"#;
    // 4 producers x (1 + ... + 500).
    for procs in [2, 4] {
        for _ in 0..5 {
            let (out, code) = run_live(src, procs);
            assert_eq!(code, Some(0));
            assert_eq!(out, "501000", "GOMAXPROCS={procs}");
        }
    }
}

/// GC cycles on real threads (`gmp_core::gc`): `runtime.GC()` from main, mark workers
/// on every P, both stop-the-worlds. `stack.go: shrinkstack` gives the line real Go
/// printed in 20 of 20 runs (oracle/gc_shrink); before the single `gcMarkDone` guard
/// two workers could both stop the world at GOMAXPROCS=4 and hang.
#[test]
fn gc_cycles_on_real_threads() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../oracle");
    let shrink = std::fs::read_to_string(path.join("gc_shrink/main.go")).unwrap();
    let goid = std::fs::read_to_string(path.join("gc_goid/main.go")).unwrap();
    for procs in [1, 2, 4] {
        for _ in 0..3 {
            let (got, code) = run_live(&shrink, procs);
            assert_eq!(code, Some(0), "GOMAXPROCS={procs}");
            assert_eq!(got, "grew: true moved after each GC: 1 1 1 1 0 0 0 0 0");
            let (got, code) = run_live(&goid, procs);
            assert_eq!(code, Some(0), "GOMAXPROCS={procs}");
            // On real threads either count may still see the goroutine that just sent
            // on ch and is on its way to goexit (the send readies main before the
            // sender exits): 2 in about 1 of 3 runs for the first count, rarely for the
            // second.
            let counts = got.rsplit("NumGoroutine ").next().unwrap_or("");
            assert!(["1 1", "2 1", "1 2", "2 2"].contains(&counts), "{got}");
        }
    }
}
