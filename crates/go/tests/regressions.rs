//! Programs the fuzz (`tests/fuzz.rs`) or its review found to panic or hang the host.
//! Each runs in an ordinary test thread (a 2 MB stack), as the corpus does.

use gmp_core::sim::Stop;
use gmp_core::{Config, Sim};

/// Compiles and runs `src` for at most `ns` of virtual time: how it stopped and what
/// it printed.
fn run(src: &str, ns: i64) -> (Stop, String) {
    let prog = gmp_go::compile(src).unwrap_or_else(|d| panic!("compile errors: {d:?}"));
    let cfg = Config {
        gomaxprocs: 2,
        keep_events: gmp_core::trace::Keep::None,
        ..Config::default()
    };
    let mut sim = Sim::new(prog.program(), cfg, 1).expect("runtime starts");
    let stop = sim.run_until(ns, 10_000_000);
    let out = sim.rt.stdout_lines().join("\n");
    (stop, out)
}

#[test]
fn a_string_method_that_loops_forever_does_not_hang_the_host() {
    let src = r#"package main

import "fmt"

type T int

func (t T) String() string {
	for {
	}
}

func main() {
	fmt.Println(T(1))
	fmt.Println("after")
}
"#;
    let (stop, out) = run(src, 1_000_000_000);
    assert!(matches!(stop, Stop::Exited(0)), "{stop:?}");
    assert!(out.contains("PANIC=String method"), "{out}");
    assert!(out.contains("after"), "{out}");
}

#[test]
fn a_string_method_that_formats_itself_does_not_overflow_the_host_stack() {
    let src = r#"package main

import "fmt"

type T int

func (t T) String() string { return fmt.Sprint(t) }

type E struct{ n int }

func (e *E) Error() string { return fmt.Sprintf("E(%v)", e) }

func main() {
	fmt.Println(T(1))
	var err error = &E{1}
	fmt.Println(err)
	fmt.Println("after")
}
"#;
    let (stop, out) = run(src, 1_000_000_000);
    assert!(matches!(stop, Stop::Exited(0)), "{stop:?}");
    assert!(out.contains("PANIC=String method"), "{out}");
    assert!(out.ends_with("after"), "{out}");
}

#[test]
fn a_long_linked_list_is_dropped_without_overflowing_the_host_stack() {
    let src = r#"package main

import "fmt"

type L struct {
	next *L
	v    int
}

func build(n int) *L {
	var l *L
	for i := 0; i < n; i++ {
		l = &L{next: l, v: i}
	}
	return l
}

func main() {
	l := build(100000)
	n := 0
	for p := l; p != nil; p = p.next {
		n++
	}
	l = nil
	var a any = 1
	for i := 0; i < 50000; i++ {
		a = []any{a}
	}
	a = nil
	fmt.Println(n, l == nil, a == nil, build(100000).v)
}
"#;
    let (stop, out) = run(src, 60_000_000_000);
    assert!(matches!(stop, Stop::Exited(0)), "{stop:?}");
    assert_eq!(out, "100000 true true 99999");
}

fn nested_parens(n: usize) -> String {
    format!(
        "package main\n\nfunc main() {{\n\tx := {}1{}\n\t_ = x\n}}\n",
        "(".repeat(n),
        ")".repeat(n)
    )
}

fn chain(n: usize, sep: &str) -> String {
    format!(
        "package main\n\nfunc main() {{\n\tx := 1{}\n\t_ = x\n}}\n",
        format!("{sep}1").repeat(n)
    )
}

#[test]
fn deeply_nested_source_compiles_or_gets_one_diagnostic_without_overflowing_the_host() {
    // Within the limits: compiles and runs (300 levels overflowed a 2 MB stack before
    // the front end had a thread of its own).
    for src in [
        nested_parens(900),
        chain(1900, " + "),
        chain(1900, " +\n\t"),
        format!(
            "package main\n\nfunc main() {{\n{}{}\n}}\n",
            "{".repeat(900),
            "}".repeat(900)
        ),
    ] {
        let (stop, _) = run(&src, 1_000_000_000);
        assert!(matches!(stop, Stop::Exited(0)), "{stop:?}");
    }
    // Beyond them: one diagnostic at the place.
    let d = gmp_go::compile(&nested_parens(5000))
        .err()
        .expect("rejected");
    assert_eq!(d.len(), 1);
    assert_eq!((d[0].line, d[0].col), (4, 1006));
    assert!(d[0].msg.contains("nest more than"), "{}", d[0]);
    let d = gmp_go::compile(&chain(5000, " + "))
        .err()
        .expect("rejected");
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].line, 4);
    assert!(d[0].msg.contains("chains more than"), "{}", d[0]);
    let d = gmp_go::compile(&chain(5000, " +\n\t"))
        .err()
        .expect("rejected");
    assert!(d[0].msg.contains("chains more than"), "{}", d[0]);
}

#[test]
fn an_integral_float_constant_compared_with_an_int_compiles() {
    // `i == 2.` is valid Go (2. is representable as an int); the compiler read the
    // constant as an integer before converting it and the checker's panic became
    // "the compiler failed on this program".
    let src = r#"package main

import "fmt"

func main() {
	i := 2
	if i == 2. {
		fmt.Println("two")
	}
	var u uint64 = 1e3
	const big = 1 << 40
	fmt.Println(i+1.0, i < 3., u+2e1, big/1e6, 'a'+1.0)
}
"#;
    let (stop, out) = run(src, 1_000_000_000);
    assert!(matches!(stop, Stop::Exited(0)), "{stop:?}");
    assert_eq!(out, "two\n3 true 1020 1.099511627776e+06 98");
}

#[test]
fn a_constant_is_named_once_when_its_text_is_its_value() {
    // go build (Go 1.27.3) on this source prints, for line 6,
    //   ./main.go:6:10: 300 (untyped int constant) overflows uint8
    // and keeps the value where the text is a name:
    //   ./main.go:7:14: cannot use big (untyped int constant 1180591620717411303424) as
    //   int value in variable declaration (overflows)
    // go-types printed "300 (untyped int constant 300)" (and, for line 7, no context:
    // tests/compile_errors has every context).
    let src = "package main\n\nfunc main() {\n\tvar y uint8 = 1\n\tconst big = 1 << 70\n\t_ = y + 300\n\tvar z int = big\n\t_ = z\n}\n";
    let d = gmp_go::compile(src).err().expect("two errors");
    let d: Vec<String> = d.iter().map(|d| d.to_string()).collect();
    assert_eq!(
        d[0],
        "./main.go:6:10: 300 (untyped int constant) overflows uint8"
    );
    assert_eq!(
        d[1],
        "./main.go:7:14: cannot use big (untyped int constant 1180591620717411303424) as int value in variable declaration (overflows)"
    );
}

#[test]
fn floats_print_in_e_form_from_a_million_as_go_prints_them() {
    let src = r#"package main

import "fmt"

func main() {
	for _, f := range []float64{1e6, 1099511.627776, 123456.5, 1234567.5, 1e20, 1e21, 100000, 3e6, 0.0001, 0.00001234} {
		fmt.Println(f)
	}
}
"#;
    let (stop, out) = run(src, 1_000_000_000);
    assert!(matches!(stop, Stop::Exited(0)), "{stop:?}");
    // Real Go 1.27.3's output.
    assert_eq!(
        out.replace('\n', " "),
        "1e+06 1.099511627776e+06 123456.5 1.2345675e+06 1e+20 1e+21 100000 3e+06 0.0001 1.234e-05"
    );
}

#[test]
fn methods_promoted_through_embedded_fields_are_found_through_interfaces() {
    // A method promoted from an embedded struct, pointer or interface, called through an
    // interface, stopped the program with "method name not found for main.wrap".
    let src = r#"package main

import "fmt"

type namer interface{ name() string }

type base struct{ n string }

func (b base) name() string { return "base " + b.n }

type pbase struct{ n string }

func (b *pbase) name() string { return "pbase " + b.n }

type wrap struct{ base }
type pwrap struct{ *pbase }
type iwrap struct{ namer }
type deep struct{ wrap }

type counter struct{ n int }

func (c *counter) inc() { c.n++ }

type hits struct {
	counter
	label string
}

type label struct{ s string }

func (l label) String() string { return "<" + l.s + ">" }

type tagged struct{ label }

func main() {
	for _, x := range []namer{wrap{base{"a"}}, &wrap{base{"b"}}, pwrap{&pbase{"c"}}, iwrap{base{"d"}}, deep{wrap{base{"e"}}}, &iwrap{&pbase{"f"}}} {
		fmt.Println(x.name())
	}
	h := &hits{label: "h"}
	var i interface{ inc() } = h
	i.inc()
	i.inc()
	var a any = deep{}
	_, ok := a.(namer)
	fmt.Println(h.n, ok, tagged{label{"t"}})
}
"#;
    let (stop, out) = run(src, 1_000_000_000);
    assert!(matches!(stop, Stop::Exited(0)), "{stop:?}");
    // Real Go 1.27.3's output.
    assert_eq!(
        out.replace('\n', " "),
        "base a base b pbase c base d base e pbase f 2 true <t>"
    );
}

#[test]
fn sleeping_the_longest_duration_does_not_overflow_the_clock() {
    // time.Sleep(1<<63 - 1) overflowed the core's `now + ns` (a host panic in a debug
    // build); it sleeps 2^60 ns now, longer than any run.
    let src = r#"package main

import (
	"fmt"
	"time"
)

func main() {
	go func() {
		time.Sleep(time.Duration(1<<63 - 1))
		fmt.Println("never")
	}()
	time.Sleep(time.Millisecond)
	fmt.Println("main done")
}
"#;
    let (stop, out) = run(src, 1_000_000_000);
    assert!(matches!(stop, Stop::Exited(0)), "{stop:?}");
    assert_eq!(out, "main done");
}

/// s += s forty times wants 2^41 bytes: Go runs out of memory (`fatal error: runtime:
/// out of memory`, no recover), and so does the explorer, at its budget; here, without
/// the counting allocator (`gmp_go::heap`), at the first allocation over 256 MB.
#[test]
fn a_string_doubling_in_a_loop_runs_out_of_memory_as_go_does() {
    let src = r#"package main

import "fmt"

func main() {
	s := "ab"
	defer func() { fmt.Println(len(s), recover()) }()
	for i := 0; i < 40; i++ {
		s += s
	}
}
"#;
    let prog = gmp_go::compile(src).unwrap();
    let mut sim = Sim::new(prog.program(), Config::default(), 1).unwrap();
    let stop = sim.run_until(10_000_000_000, 10_000_000);
    assert_eq!(stop, Stop::Exited(2));
    assert!(
        sim.rt.stdout_lines().is_empty(),
        "the deferred call never runs"
    );
    let stderr = sim.rt.exit_status().unwrap().stderr;
    assert!(gmp_go::heap::is_out_of_memory(&stderr), "{stderr}");
    assert!(
        stderr.contains("this allocation asks for 512 MB more"),
        "{stderr}"
    );
}

#[test]
fn printf_widths_over_a_million_are_bad_as_in_go() {
    // A 10-digit width overflowed the parser's multiplication (a host panic in a debug
    // build), and %*d with a huge argument would have padded to it.
    let src = r#"package main

import "fmt"

func main() {
	fmt.Printf("[%*d] [%-*d]\n", -5, 1, 3, 2)
	fmt.Printf("[%1000000000d]\n", 1)
	fmt.Printf("[%99999999999999999999999d]\n", 1)
	fmt.Printf("[%.99999999999999999999f]\n", 1.0)
	fmt.Printf("[%*d|%*d|%*s]\n", 1<<40, 7, "x", 8, -3, "ab")
}
"#;
    let (stop, out) = run(src, 1_000_000_000);
    assert!(matches!(stop, Stop::Exited(0)), "{stop:?}");
    // Real Go 1.27.3's output.
    assert_eq!(
        out,
        "[1    ] [2  ]\n[%!(NOVERB)%!(EXTRA int=1)[%!(NOVERB)%!(EXTRA int=1)[%!(NOVERB)%!(EXTRA float64=1)[%!(BADWIDTH)7|%!(BADWIDTH)8|ab ]"
    );
}

/// The first two lines of stderr when `src` ends in a panic.
fn panic_lines(src: &str) -> String {
    let prog = gmp_go::compile(src).unwrap_or_else(|d| panic!("compile errors: {d:?}"));
    let mut sim = Sim::new(prog.program(), Config::default(), 1).expect("runtime starts");
    let stop = sim.run_until(1_000_000_000, 10_000_000);
    assert!(matches!(stop, Stop::Exited(2)), "{stop:?}");
    let st = sim.rt.exit_status().unwrap();
    st.stderr.lines().take(2).collect::<Vec<_>>().join("\n")
}

#[test]
fn a_panic_while_earlier_ones_are_on_the_stack_prints_the_chain_as_go_does() {
    // Real Go 1.27.3's first two lines; the explorer printed only the last panic.
    let recovered = "package main\n\nfunc main() {\n\tvar m map[string]int\n\tdefer func() {\n\t\trecover()\n\t\tpanic(\"second\")\n\t}()\n\tm[\"x\"] = 1\n}\n";
    assert_eq!(
        panic_lines(recovered),
        "panic: assignment to entry in nil map [recovered]\n\tpanic: second"
    );
    let during = "package main\n\nimport \"errors\"\n\nfunc main() {\n\tdefer func() {\n\t\tpanic(\"second\")\n\t}()\n\tpanic(errors.New(\"first\"))\n}\n";
    assert_eq!(panic_lines(during), "panic: first\n\tpanic: second");
    let repanicked = "package main\n\nimport (\n\t\"errors\"\n\t\"fmt\"\n)\n\nfunc main() {\n\tdefer func() {\n\t\tpanic(errors.New(\"from defer\"))\n\t}()\n\tdefer func() {\n\t\tpanic(recover())\n\t}()\n\tpanic(fmt.Errorf(\"first %d\", 1))\n}\n";
    assert_eq!(
        panic_lines(repanicked),
        "panic: first 1 [recovered, repanicked]\n\tpanic: from defer"
    );
}

#[test]
fn printf_precisions_beyond_rusts_limit_print_as_go_does() {
    // %.1000001g (Go accepts precisions up to about 10^7) made Rust's formatter panic
    // ("Formatting argument out of range"), found by the fuzz.
    let src = r#"package main

import "fmt"

func main() {
	fmt.Printf("[% 3.1000001g]\n", 1.5)
	s := fmt.Sprintf("%.70000f|%.70000e|%.70000g", 1.25, 1.25, 1.25)
	fmt.Println(len(s), s[:10], s[len(s)-10:])
	fmt.Printf("%.3e %.3g %g %.10g\n", 123456.789, 123456.789, 1e-7, 1.0/3)
	fmt.Println(len(fmt.Sprintf("%.1000001f", 2.0)))
}
"#;
    let (stop, out) = run(src, 10_000_000_000);
    assert!(matches!(stop, Stop::Exited(0)), "{stop:?}");
    // Real Go 1.27.3 prints "[ 1.5]" on the first line (the space flag).
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0].trim_start_matches('[').trim(), "1.5]");
    assert_eq!(
        &lines[1..],
        &[
            "140014 1.25000000 0e+00|1.25",
            "1.235e+05 1.23e+05 1e-07 0.3333333333",
            "1000003"
        ]
    );
}

#[test]
fn the_vms_own_errors_have_an_error_method() {
    // err.Error() on an error from strconv.Atoi or fmt.Errorf stopped the program with
    // "method Error not found for runtime.Error", and a recovered runtime error was not
    // an `error` to a type assertion.
    let src = r#"package main

import (
	"fmt"
	"strconv"
)

func main() {
	defer func() {
		r := recover()
		err, ok := r.(error)
		fmt.Println(ok, err.Error())
		_, isStr := r.(fmt.Stringer)
		fmt.Println(isStr)
		e2 := fmt.Errorf("ctx: %d", 3)
		fmt.Println(e2.Error(), len(e2.Error()))
		_, e3 := strconv.Atoi("z")
		var e4 error = e3
		fmt.Println(e4.Error())
	}()
	var xs []int
	_ = xs[3]
}
"#;
    let (stop, out) = run(src, 1_000_000_000);
    assert!(matches!(stop, Stop::Exited(0)), "{stop:?}");
    // Real Go 1.27.3's output.
    assert_eq!(
        out,
        "true runtime error: index out of range [3] with length 0\nfalse\nctx: 3 6\nstrconv.Atoi: parsing \"z\": invalid syntax"
    );
}

#[test]
fn unbounded_recursion_dies_of_a_stack_overflow_before_the_host_runs_out_of_memory() {
    // Each VM frame holds the host several times the bytes of Go's frame: recursing
    // without end exhausted the host's memory (an abort) before Go's 1 GB limit.
    let mut locals = String::new();
    for i in 0..60 {
        locals.push_str(&format!("\tv{i} := n + {i}\n"));
    }
    let sum: Vec<String> = (0..60).map(|i| format!("v{i}")).collect();
    let src = format!(
        "package main\n\nfunc f(n int) int {{\n{locals}\treturn f(n+1) + {}\n}}\n\nfunc main() {{\n\tprintln(f(0))\n}}\n",
        sum.join(" + ")
    );
    let prog = gmp_go::compile(&src).unwrap_or_else(|d| panic!("compile errors: {d:?}"));
    let mut sim = Sim::new(prog.program(), Config::default(), 1).expect("runtime starts");
    let stop = sim.run_until(100_000_000_000, u64::MAX);
    assert!(matches!(stop, Stop::Exited(2)), "{stop:?}");
    let st = sim.rt.exit_status().unwrap();
    assert!(
        st.stderr.starts_with(
            "runtime: goroutine stack exceeds 1000000000-byte limit\nfatal error: stack overflow"
        ),
        "{}",
        st.stderr
    );
}

#[test]
fn deeply_nested_interface_values_are_compared_and_hashed_without_recursion() {
    // A map key or == on an interface holding a struct holding an interface ...
    // 100 000 deep overflowed the host's stack.
    let src = r#"package main

import "fmt"

type box struct{ inner any }

func main() {
	var a, b any = 1, 1
	for i := 0; i < 100000; i++ {
		a = box{a}
		b = box{b}
	}
	m := map[any]int{}
	m[a] = 1
	m[b]++
	m[box{2}] = 5
	fmt.Println(len(m), a == b, m[a], m[box{2}], m[box{3}])
}
"#;
    let (stop, out) = run(src, 100_000_000_000);
    assert!(matches!(stop, Stop::Exited(0)), "{stop:?}");
    // Real Go 1.27.3's output.
    assert_eq!(out, "2 true 2 5 0");
}

#[test]
fn a_verb_that_does_not_fit_its_operand_prints_go_s_bad_verb_text() {
    let src = r#"package main

import "fmt"

func main() {
	fmt.Printf("%t|%c|%g|%e|%U|%q|%b|%o|%p|%t\n", "a", "s", 3, true, 1.5, 2.5, "x", "y", 5, nil)
	fmt.Printf("%d|%s|%f\n", "str", 7, "f")
	var e error
	fmt.Printf("%d|%t|%g\n", e, e, nil)
}
"#;
    let (stop, out) = run(src, 1_000_000_000);
    assert!(matches!(stop, Stop::Exited(0)), "{stop:?}");
    // Real Go 1.27.3's output (the explorer printed %!t(a), %!c(?), %!d(nil=<nil>) ...).
    assert_eq!(
        out,
        "%!t(string=a)|%!c(string=s)|%!g(int=3)|%!e(bool=true)|%!U(float64=1.5)|%!q(float64=2.5)|%!b(string=x)|%!o(string=y)|%!p(int=5)|%!t(<nil>)\n%!d(string=str)|%!s(int=7)|%!f(string=f)\n%!d(<nil>)|%!t(<nil>)|%!g(<nil>)"
    );
}

#[test]
fn a_select_loop_leaves_no_unsent_values_behind() {
    // Each select puts its send case's value in flight; when the other case fires,
    // that value must be dropped, or a long select loop grows without bound.
    let src = r#"package main

import "fmt"

func main() {
	out := make(chan int)
	tick := make(chan bool, 1)
	n := 0
	for i := 0; i < 3000; i++ {
		tick <- true
		select {
		case out <- i: // nobody receives: never fires
		case <-tick:
			n++
		}
	}
	fmt.Println(n)
}
"#;
    let prog = gmp_go::compile(src).unwrap();
    let cfg = gmp_core::Config {
        gomaxprocs: 1,
        keep_events: gmp_core::trace::Keep::None,
        ..gmp_core::Config::default()
    };
    let mut sim = gmp_core::Sim::new(prog.program(), cfg, 1).unwrap();
    sim.run_until(10_000_000_000, u64::MAX);
    assert_eq!(sim.rt.stdout_lines(), ["3000"]);
    assert_eq!(
        prog.in_flight(),
        0,
        "values of send cases that did not fire"
    );
}

#[test]
fn many_calls_one_after_another_do_not_add_up_to_a_stack_overflow() {
    // A function with a hundred locals (about 2.4 KB of the host's memory per frame),
    // called 300 000 times, never more than one frame deep: the host memory counted for
    // frames went up at every call and not down at its return, so this died with
    // "fatal error: stack overflow" after ~220 000 calls (as fib(34) did).
    let mut body = String::from("\ta0 := x\n");
    for i in 1..100 {
        body.push_str(&format!("\ta{i} := a{} + {i}\n", i - 1));
    }
    let src = format!(
        "package main\n\nimport \"fmt\"\n\nfunc f(x int) int {{\n{body}\treturn a99\n}}\n\nfunc main() {{\n\tsum := 0\n\tfor i := 0; i < 300000; i++ {{\n\t\tsum += f(i) & 1\n\t}}\n\tfmt.Println(sum)\n}}\n"
    );
    let (stop, out) = run(&src, 100_000_000_000);
    assert!(matches!(stop, Stop::Exited(0)), "{stop:?}: {out}");
    // a99 = x + (1 + ... + 99) = x + 4950: odd exactly when x is odd.
    assert_eq!(out, "150000");
}
