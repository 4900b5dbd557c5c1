//! A bounded fuzz of the Go front end, run by `cargo test`: Go programs from a small
//! grammar (funcs, closures, loops, ifs, switch, slices, maps, structs, channels,
//! goroutines, select, defer/recover, fmt) and mutants of the corpus programs (tokens
//! and lines deleted, duplicated or swapped, characters inserted). For each one
//! `gmp_go::compile` must return, without panicking, within [`COMPILE_BOUND`]; a program
//! that compiles runs in the Sim for a bounded virtual time and number of steps, and
//! must not panic the host either, nor take longer than [`RUN_BOUND`].
//!
//! The slice is fixed (seeded RNG, [`CASES`] cases of each kind) so a failure repeats;
//! `GMP_FUZZ_CASES=n` and `GMP_FUZZ_SEED=s` run another slice, e.g.
//! `GMP_FUZZ_CASES=50000 GMP_FUZZ_SEED=7 cargo test -p gmp-go --test fuzz --release`.

use std::fmt::Write as _;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{mpsc, Mutex};
use std::time::{Duration, Instant};

use gmp_core::sim::Stop;
use gmp_core::{Config, Sim};

/// Cases of each kind (generated, mutated) in the default slice.
const CASES: u64 = 750;
/// Virtual time and scheduler steps a program may run. A millisecond of busy virtual
/// time is a few million VM instructions, about a second of a debug build; most
/// programs sleep or block through most of theirs, and the few that loop stop here.
const RUN_NS: i64 = 5_000_000;
const RUN_STEPS: u64 = 2_000_000;
/// Wall-clock bounds (generous: a debug build on a shared machine).
const COMPILE_BOUND: Duration = Duration::from_secs(10);
const RUN_BOUND: Duration = Duration::from_secs(20);

/// xorshift64*: a tiny deterministic RNG.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn chance(&mut self, pct: u64) -> bool {
        self.next() % 100 < pct
    }
    fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len())]
    }
}

// ---------------------------------------------------------------- the generator

#[derive(Clone, Copy, PartialEq, Debug)]
enum T {
    Int,
    Str,
    Bool,
    Slice,
    Map,
    Chan,
    PtrS,
    Func,
}

const DECL_TYPES: &[T] = &[
    T::Int,
    T::Int,
    T::Int,
    T::Str,
    T::Bool,
    T::Slice,
    T::Map,
    T::Chan,
    T::PtrS,
    T::Func,
];

struct Gen {
    rng: Rng,
    out: String,
    indent: usize,
    /// Variables in scope, innermost last; a scope is a length to truncate to.
    vars: Vec<(String, T)>,
    next_var: u32,
    /// Helper functions declared so far: name and number of int params.
    helpers: Vec<(String, usize)>,
    loop_depth: u32,
    /// Statements left before bodies stay empty (bounds the program's size).
    fuel: i32,
    uses_strings: bool,
    uses_sync: bool,
    uses_time: bool,
    uses_errors: bool,
}

impl Gen {
    fn new(seed: u64) -> Gen {
        Gen {
            rng: Rng::new(seed),
            out: String::new(),
            indent: 0,
            vars: Vec::new(),
            next_var: 0,
            helpers: Vec::new(),
            loop_depth: 0,
            fuel: 0,
            uses_strings: false,
            uses_sync: false,
            uses_time: false,
            uses_errors: false,
        }
    }

    fn line(&mut self, s: &str) {
        for _ in 0..self.indent {
            self.out.push('\t');
        }
        self.out.push_str(s);
        self.out.push('\n');
    }

    fn fresh(&mut self) -> String {
        self.next_var += 1;
        format!("v{}", self.next_var)
    }

    fn var_of(&mut self, t: T) -> Option<String> {
        let vs: Vec<&String> = self
            .vars
            .iter()
            .filter(|(_, vt)| *vt == t)
            .map(|(n, _)| n)
            .collect();
        if vs.is_empty() {
            None
        } else {
            Some(vs[self.rng.below(vs.len())].clone())
        }
    }

    fn int_lit(&mut self) -> String {
        match self.rng.below(10) {
            0 => "0".into(),
            1 => "-1".into(),
            2 => format!("{}", self.rng.below(1000)),
            // Variables at the edges of int (constants would be checked at compile time).
            3 if self.rng.chance(30) => (*self.rng.pick(&["maxInt", "minInt", "big"])).into(),
            _ => format!("{}", self.rng.below(8)),
        }
    }

    fn int(&mut self, d: u32) -> String {
        if d == 0 || self.rng.chance(30) {
            if self.rng.chance(60) {
                if let Some(v) = self.var_of(T::Int) {
                    return v;
                }
            }
            return self.int_lit();
        }
        let d = d - 1;
        match self.rng.below(14) {
            0..=3 => {
                let op = *self.rng.pick(&["+", "-", "*", "/", "%", "&", "|", "^"]);
                let (a, mut b) = (self.int(d), self.int(d));
                if (op == "/" || op == "%") && !b.contains('v') {
                    // A constant zero divisor is a compile error; a variable one panics.
                    b = format!("{}", 1 + self.rng.below(7));
                }
                format!("({a} {op} {b})")
            }
            4 => match self.var_of(T::Slice) {
                Some(s) => format!("len({s})"),
                None => self.int_lit(),
            },
            5 => match self.var_of(T::Slice) {
                Some(s) => format!("{s}[{}]", self.int(d)),
                None => self.int_lit(),
            },
            6 => match self.var_of(T::Map) {
                Some(m) => format!("{m}[{}]", self.str(d)),
                None => format!("len({})", self.str(d)),
            },
            7 => match self.var_of(T::Func) {
                Some(f) => format!("{f}({})", self.int(d)),
                None => self.int_lit(),
            },
            8 => match self.var_of(T::PtrS) {
                Some(p) if self.rng.chance(50) => format!("{p}.A"),
                Some(p) => format!("{p}.Inc({})", self.int(d)),
                None => self.int_lit(),
            },
            9 if !self.helpers.is_empty() => {
                let (h, n) = self.helpers[self.rng.below(self.helpers.len())].clone();
                let args: Vec<String> = (0..n).map(|_| self.int(d)).collect();
                format!("{h}({})", args.join(", "))
            }
            10 => match self.var_of(T::Chan) {
                Some(c) => format!("len({c})"),
                None => format!("len({})", self.str(d)),
            },
            11 => format!("-{}", self.int(d)),
            _ => self.int(0),
        }
    }

    fn str(&mut self, d: u32) -> String {
        if d == 0 || self.rng.chance(40) {
            if self.rng.chance(50) {
                if let Some(v) = self.var_of(T::Str) {
                    return v;
                }
            }
            return format!(
                "{:?}",
                *self.rng.pick(&["", "a", "bc", "key", "héllo", "x y"])
            );
        }
        let d = d - 1;
        match self.rng.below(6) {
            0 | 1 => format!("({} + {})", self.str(d), self.str(d)),
            2 => format!("fmt.Sprint({})", self.int(d)),
            3 => format!("fmt.Sprintf(\"%d-%s\", {}, {})", self.int(d), self.str(d)),
            4 => {
                self.uses_strings = true;
                format!("strings.Repeat({}, 2)", self.str(d))
            }
            _ => match self.var_of(T::PtrS) {
                Some(p) => format!("{p}.B"),
                None => self.str(0),
            },
        }
    }

    fn bool(&mut self, d: u32) -> String {
        if d == 0 || self.rng.chance(20) {
            if let Some(v) = self.var_of(T::Bool) {
                return v;
            }
            return if self.rng.chance(50) { "true" } else { "false" }.into();
        }
        let d = d - 1;
        match self.rng.below(6) {
            0 | 1 => {
                let op = *self.rng.pick(&["<", "<=", "==", "!=", ">", ">="]);
                format!("{} {op} {}", self.int(d), self.int(d))
            }
            2 => format!("{} == {}", self.str(d), self.str(d)),
            3 => format!("!({})", self.bool(d)),
            4 => {
                let op = *self.rng.pick(&["&&", "||"]);
                format!("({}) {op} ({})", self.bool(d), self.bool(d))
            }
            _ => match self.var_of(T::Map) {
                Some(m) => format!("len({m}) > {}", self.int(0)),
                None => "true".into(),
            },
        }
    }

    fn expr(&mut self, t: T, d: u32) -> String {
        match t {
            T::Int => self.int(d),
            T::Str => self.str(d),
            T::Bool => self.bool(d),
            T::Slice => match self.rng.below(4) {
                0 => "[]int{}".into(),
                1 => "make([]int, 3)".into(),
                2 => {
                    let xs: Vec<String> = (0..self.rng.below(5)).map(|_| self.int(0)).collect();
                    format!("[]int{{{}}}", xs.join(", "))
                }
                _ => match self.var_of(T::Slice) {
                    Some(s) => format!("{s}[:len({s})/2]"),
                    None => "[]int(nil)".into(),
                },
            },
            T::Map => match self.rng.below(3) {
                0 => "map[string]int{}".into(),
                1 => format!("map[string]int{{\"a\": {}, \"b\": 2}}", self.int(0)),
                _ => "make(map[string]int)".into(),
            },
            T::Chan => format!("make(chan int, {})", self.rng.below(4)),
            T::PtrS => format!("&S{{A: {}, B: {}}}", self.int(d), self.str(0)),
            T::Func => {
                // A closure: its own scope with the parameter.
                let p = self.fresh();
                let mut s = format!("func({p} int) int {{ return {p}");
                let mark = self.vars.len();
                self.vars.push((p, T::Int));
                let e = self.int(d);
                self.vars.truncate(mark);
                let op = *self.rng.pick(&["+", "*", "-"]);
                let _ = write!(s, " {op} {e} }}");
                s
            }
        }
    }

    fn block(&mut self, n: usize) {
        let mark = self.vars.len();
        self.indent += 1;
        for _ in 0..n {
            self.stmt(3);
        }
        self.indent -= 1;
        self.vars.truncate(mark);
    }

    fn stmt(&mut self, d: u32) {
        self.fuel -= 1;
        let nested = d > 0 && self.fuel > 0;
        let k = self.rng.below(if nested { 34 } else { 12 });
        match k {
            0..=2 => {
                let t = *self.rng.pick(DECL_TYPES);
                let e = self.expr(t, 2);
                let v = self.fresh();
                {
                    let l = format!("{v} := {e}");
                    self.line(&l);
                };
                {
                    let l = format!("_ = {v}");
                    self.line(&l);
                };
                self.vars.push((v, t));
            }
            3 => match self.var_of(T::Int) {
                Some(v) => {
                    let op = *self.rng.pick(&["=", "+=", "-=", "*=", "/="]);
                    let mut e = self.int(2);
                    if op == "/=" && !e.contains('v') {
                        e = format!("{}", 1 + self.rng.below(7));
                    }
                    {
                        let l = format!("{v} {op} {e}");
                        self.line(&l);
                    };
                }
                None => self.line("fmt.Println()"),
            },
            4 => match self.var_of(T::Slice) {
                Some(s) => {
                    let e = self.int(1);
                    if self.rng.chance(70) {
                        {
                            let l = format!("{s} = append({s}, {e})");
                            self.line(&l);
                        };
                    } else {
                        let i = self.int(1);
                        {
                            let l = format!("{s}[{i}] = {e}");
                            self.line(&l);
                        };
                    }
                }
                None => self.line("fmt.Println(\"no slice\")"),
            },
            5 => match self.var_of(T::Map) {
                Some(m) => {
                    let k = self.str(1);
                    if self.rng.chance(75) {
                        let e = self.int(1);
                        {
                            let l = format!("{m}[{k}] = {e}");
                            self.line(&l);
                        };
                    } else {
                        {
                            let l = format!("delete({m}, {k})");
                            self.line(&l);
                        };
                    }
                }
                None => self.line("fmt.Println(\"no map\")"),
            },
            6..=7 => {
                let n = 1 + self.rng.below(3);
                let args: Vec<String> = (0..n)
                    .map(|_| {
                        let t = *self.rng.pick(&[T::Int, T::Str, T::Bool, T::Slice, T::Map]);
                        if self.rng.chance(50) {
                            if let Some(v) = self.var_of(t) {
                                return v;
                            }
                        }
                        match t {
                            T::Int | T::Str | T::Bool => self.expr(t, 2),
                            _ => self.int(1),
                        }
                    })
                    .collect();
                {
                    let l = format!("fmt.Println({})", args.join(", "));
                    self.line(&l);
                };
            }
            8 if self.rng.chance(40) => {
                // A format of random verbs, flags, widths and precisions.
                let mut f = String::new();
                let n = 1 + self.rng.below(4);
                for _ in 0..n {
                    const PRE: &[&str] = &["", " ", "[", "x"];
                    const FLAGS: &[&str] = &["", "", "-", "+", "#", "0", " ", "-0"];
                    const PREC: &[&str] = &["", "", ".2", ".*", ".", ".1000001"];
                    f.push_str(PRE[self.rng.below(PRE.len())]);
                    f.push('%');
                    f.push_str(FLAGS[self.rng.below(FLAGS.len())]);
                    let w = *self
                        .rng
                        .pick(&["", "", "3", "*", "12", "1000001", "99999999999"]);
                    f.push_str(w);
                    f.push_str(PREC[self.rng.below(PREC.len())]);
                    f.push(*self.rng.pick(&[
                        'v', 'd', 's', 'q', 'x', 'X', 'f', 'g', 'e', 't', 'c', 'T', 'p', 'w', '%',
                        'z', 'b', 'o', 'U',
                    ]));
                }
                let args: Vec<String> = (0..self.rng.below(5))
                    .map(|_| match self.rng.below(5) {
                        0 => self.str(1),
                        1 => "1.5".into(),
                        2 => "E{3}".into(),
                        3 => "[]int{1, 2}".into(),
                        _ => self.int(1),
                    })
                    .collect();
                let mut call = format!("fmt.Printf({f:?}");
                for a in args {
                    call.push_str(", ");
                    call.push_str(&a);
                }
                call.push(')');
                self.line(&call);
                self.line("fmt.Println()");
            }
            8 => {
                let (i, s) = (self.int(1), self.str(1));
                {
                    let l = format!("fmt.Printf(\"%d %q %v\\n\", {i}, {s}, {i} > 0)");
                    self.line(&l);
                };
            }
            9 => match self.var_of(T::PtrS) {
                Some(p) => {
                    let e = self.int(1);
                    {
                        let l = format!("{p}.A = {e}");
                        self.line(&l);
                    };
                }
                None => self.line("fmt.Println(S{A: 1, B: \"s\"})"),
            },
            10 => match self.var_of(T::Chan) {
                Some(c) => match self.rng.below(4) {
                    0 => {
                        let l = format!("close({c})");
                        self.line(&l);
                    }
                    1 => {
                        let v = self.fresh();
                        {
                            let l = format!("{v}, ok{v} := <-{c}");
                            self.line(&l);
                        };
                        {
                            let l = format!("_, _ = {v}, ok{v}");
                            self.line(&l);
                        };
                    }
                    _ => {
                        // A send that does not block forever: a select with default.
                        let e = self.int(1);
                        {
                            let l = format!("select {{ case {c} <- {e}: default: }}");
                            self.line(&l);
                        };
                    }
                },
                None => self.line("fmt.Println(\"no chan\")"),
            },
            11 if self.loop_depth > 0 => {
                let b = self.bool(1);
                let kw = if self.rng.chance(50) {
                    "break"
                } else {
                    "continue"
                };
                {
                    let l = format!("if {b} {{ {kw} }}");
                    self.line(&l);
                };
            }
            11 => self.line("fmt.Print(\"\")"),
            12..=14 => {
                let b = self.bool(2);
                {
                    let l = format!("if {b} {{");
                    self.line(&l);
                };
                let n = 1 + self.rng.below(3);
                self.block(n);
                if self.rng.chance(40) {
                    self.line("} else {");
                    let n = 1 + self.rng.below(2);
                    self.block(n);
                }
                self.line("}");
            }
            15 | 16 => {
                let i = self.fresh();
                let n = self.rng.below(6);
                match self.rng.below(4) {
                    0 => {
                        let l = format!("for {i} := 0; {i} < {n}; {i}++ {{");
                        self.line(&l);
                    }
                    1 => {
                        let l = format!("for {i} := range {n} {{");
                        self.line(&l);
                    }
                    2 => match self.var_of(T::Slice) {
                        Some(s) => {
                            {
                                let l = format!("for {i}, x{i} := range {s} {{");
                                self.line(&l);
                            };
                            {
                                let l = format!("\t_ = x{i}");
                                self.line(&l);
                            };
                        }
                        None => {
                            let l = format!("for {i} := range {n} {{");
                            self.line(&l);
                        }
                    },
                    _ => match self.var_of(T::Map) {
                        Some(m) => {
                            {
                                let l = format!("for k{i}, {i} := range {m} {{");
                                self.line(&l);
                            };
                            {
                                let l = format!("\t_ = k{i}");
                                self.line(&l);
                            };
                        }
                        None => {
                            let l = format!("for {i} := range {n} {{");
                            self.line(&l);
                        }
                    },
                }
                {
                    let l = format!("\t_ = {i}");
                    self.line(&l);
                };
                let mark = self.vars.len();
                self.vars.push((i, T::Int));
                self.loop_depth += 1;
                let n = 1 + self.rng.below(3);
                self.block(n);
                self.loop_depth -= 1;
                self.vars.truncate(mark);
                self.line("}");
            }
            17 | 18 => {
                if self.rng.chance(50) {
                    let e = self.int(2);
                    {
                        let l = format!("switch {e} {{");
                        self.line(&l);
                    };
                    let ncase = 1 + self.rng.below(3);
                    let mut used = Vec::new();
                    for _ in 0..ncase {
                        let c = self.rng.below(5) as i64 - 1;
                        if used.contains(&c) {
                            continue;
                        }
                        used.push(c);
                        {
                            let l = format!("case {c}:");
                            self.line(&l);
                        };
                        self.block(1);
                    }
                } else {
                    self.line("switch {");
                    for _ in 0..1 + self.rng.below(2) {
                        let b = self.bool(2);
                        {
                            let l = format!("case {b}:");
                            self.line(&l);
                        };
                        self.block(1);
                        if self.rng.chance(20) {
                            self.line("\tfallthrough");
                        }
                    }
                }
                self.line("default:");
                self.block(1);
                self.line("}");
            }
            19 => {
                // A goroutine sending on a buffered channel, received below.
                let c = self.fresh();
                {
                    let l = format!("{c} := make(chan int, 1)");
                    self.line(&l);
                };
                self.line("go func() {");
                let n = self.rng.below(2);
                self.block(n);
                let e = self.int(1);
                {
                    let l = format!("\t{c} <- {e}");
                    self.line(&l);
                };
                self.line("}()");
                if self.rng.chance(80) {
                    {
                        let l = format!("fmt.Println(<-{c})");
                        self.line(&l);
                    };
                } else {
                    {
                        let l = format!("_ = {c}");
                        self.line(&l);
                    };
                }
            }
            20 => {
                self.uses_sync = true;
                let wg = self.fresh();
                let mu = self.fresh();
                let n = 1 + self.rng.below(4);
                {
                    let l = format!("var {wg} sync.WaitGroup");
                    self.line(&l);
                };
                {
                    let l = format!("var {mu} sync.Mutex");
                    self.line(&l);
                };
                {
                    let l = format!("for i{wg} := range {n} {{");
                    self.line(&l);
                };
                {
                    let l = format!("\t_ = i{wg}");
                    self.line(&l);
                };
                {
                    let l = format!("\t{wg}.Add(1)");
                    self.line(&l);
                };
                self.line("\tgo func() {");
                {
                    let l = format!("\t\tdefer {wg}.Done()");
                    self.line(&l);
                };
                {
                    let l = format!("\t\t{mu}.Lock()");
                    self.line(&l);
                };
                {
                    let l = format!("\t\tdefer {mu}.Unlock()");
                    self.line(&l);
                };
                let mark = self.vars.len();
                self.vars.push((format!("i{wg}"), T::Int));
                self.indent += 1;
                self.block(1);
                self.indent -= 1;
                self.vars.truncate(mark);
                self.line("\t}()");
                self.line("}");
                {
                    let l = format!("{wg}.Wait()");
                    self.line(&l);
                };
            }
            21 => {
                let mut cases = Vec::new();
                for _ in 0..1 + self.rng.below(2) {
                    if let Some(c) = self.var_of(T::Chan) {
                        cases.push(c);
                    }
                }
                self.line("select {");
                for c in cases {
                    let x = self.fresh();
                    if self.rng.chance(50) {
                        {
                            let l = format!("case {x}, ok := <-{c}:");
                            self.line(&l);
                        };
                        {
                            let l = format!("\tfmt.Println(\"recv\", {x}, ok)");
                            self.line(&l);
                        };
                    } else {
                        let e = self.int(1);
                        {
                            let l = format!("case {c} <- {e}:");
                            self.line(&l);
                        };
                        self.block(1);
                    }
                }
                if self.rng.chance(70) {
                    self.line("default:");
                    self.block(1);
                }
                self.line("}");
            }
            22 => {
                self.line("defer func() {");
                self.line("\tif r := recover(); r != nil {");
                self.line("\t\tfmt.Println(\"recovered:\", r)");
                self.line("\t\tif e, ok := r.(error); ok {");
                self.line("\t\t\tfmt.Println(\"an error:\", e.Error())");
                self.line("\t\t}");
                self.line("\t}");
                self.line("}()");
            }
            23 => {
                if self.rng.chance(50) {
                    let e = self.str(1);
                    {
                        let l = format!("if {} {{ panic({e}) }}", self.bool(1));
                        self.line(&l);
                    };
                } else {
                    self.uses_errors = true;
                    let b = self.bool(1);
                    {
                        let l = format!("if {b} {{ panic(errors.New(\"bad\")) }}");
                        self.line(&l);
                    };
                }
            }
            24 => {
                // A closure over a loop variable, called later.
                let fs = self.fresh();
                {
                    let l = format!("var {fs} []func() int");
                    self.line(&l);
                };
                {
                    let l = format!("for i{fs} := range {} {{", 1 + self.rng.below(3));
                    self.line(&l);
                };
                {
                    let l = format!(
                        "\t{fs} = append({fs}, func() int {{ return i{fs} * {} }})",
                        self.int(0)
                    );
                    self.line(&l);
                };
                self.line("}");
                {
                    let l = format!("for _, f := range {fs} {{ fmt.Println(f()) }}");
                    self.line(&l);
                };
            }
            25 => {
                self.line("func() {");
                self.line("\tdefer func() { recover() }()");
                let n = 1 + self.rng.below(2);
                self.block(n);
                self.line("}()");
            }
            26 => {
                let v = self.fresh();
                {
                    let l = format!("var {v} interface{{}} = {}", self.int(1));
                    self.line(&l);
                };
                if self.rng.chance(50) {
                    {
                        let l = format!("if n, ok := {v}.(int); ok {{ fmt.Println(n) }}");
                        self.line(&l);
                    };
                } else {
                    {
                        let l = format!("switch x := {v}.(type) {{");
                        self.line(&l);
                    };
                    self.line("case string:");
                    self.line("\tfmt.Println(\"string\", x)");
                    self.line("case int:");
                    self.line("\tfmt.Println(\"int\", x)");
                    self.line("}");
                }
            }
            27 => {
                self.uses_time = true;
                {
                    let l = format!("time.Sleep({} * time.Microsecond)", self.rng.below(50));
                    self.line(&l);
                };
            }
            28 => {
                let s = self.fresh();
                {
                    let l = format!("{s} := S{{A: {}, B: {}}}", self.int(1), self.str(1));
                    self.line(&l);
                };
                {
                    let l = format!("fmt.Println({s}, {s}.A)");
                    self.line(&l);
                };
                {
                    let l = format!("var e{s} error = E{{{s}.A}}");
                    self.line(&l);
                };
                {
                    let l = format!("fmt.Println(e{s})");
                    self.line(&l);
                };
            }
            30 => {
                // Dynamic dispatch to methods promoted through embedded fields.
                let (w, e) = (self.fresh(), self.int(1));
                self.line(&format!("var {w} Incer = W{{&S{{A: {e}}}}}"));
                self.line(&format!("fmt.Println({w}.Inc(1), {w}.(W).A)"));
                let w2 = self.fresh();
                self.line(&format!("var {w2} any = V{{{w}}}"));
                self.line(&format!(
                    "if i, ok := {w2}.(Incer); ok {{ fmt.Println(i.Inc(2)) }}"
                ));
            }
            31 => {
                // A linked list, long enough to be freed deep.
                let l = self.fresh();
                let n = *self.rng.pick(&[0usize, 1, 10, 300, 3000]);
                self.line(&format!("var {l} *L"));
                self.line(&format!(
                    "for i := range {n} {{ {l} = &L{{next: {l}, v: i}} }}"
                ));
                self.line(&format!(
                    "for p := {l}; p != nil; p = p.next {{ {l}.v += p.v }}"
                ));
                self.line(&format!("if {l} != nil {{ fmt.Println({l}.v) }}"));
                if self.rng.chance(50) {
                    self.line(&format!("{l} = nil"));
                }
            }
            32 => {
                // Stringers and errors: recursive, wrapped, quoted, panicked with.
                let r = self.rng.below(50);
                self.line(&format!(
                    "fmt.Println(R({r}), fmt.Sprintf(\"%q %v\", R(1), E{{{r}}}))"
                ));
                self.line("fmt.Println(fmt.Errorf(\"wrapped: %w\", E{2}))");
                self.line("fmt.Println(fmt.Errorf(\"e%d\", 1).Error(), error(E{4}).Error())");
                if self.rng.chance(20) {
                    let b = self.bool(1);
                    self.line(&format!("if {b} {{ panic(E{{{r}}}) }}"));
                }
            }
            33 => {
                let v = self.fresh();
                let e = self.int(1);
                self.line(&format!("{v} := {e}"));
                self.line(&format!(
                    "fmt.Println({v} == 2., {v} < 1e3, {v}+1.0, float64({v})*1e5)"
                ));
            }
            _ => {
                let c = self.fresh();
                {
                    let l = format!("{c} := make(chan int)");
                    self.line(&l);
                };
                {
                    let l =
                        format!("go func() {{ for i := range 3 {{ {c} <- i }}; close({c}) }}()");
                    self.line(&l);
                };
                {
                    let l = format!("for x := range {c} {{ fmt.Println(x) }}");
                    self.line(&l);
                };
            }
        }
    }

    fn helper(&mut self) {
        let name = format!("h{}", self.helpers.len());
        let nparams = self.rng.below(3);
        let params: Vec<String> = (0..nparams).map(|i| format!("p{i}")).collect();
        let sig = params
            .iter()
            .map(|p| format!("{p} int"))
            .collect::<Vec<_>>()
            .join(", ");
        {
            let l = format!("func {name}({sig}) int {{");
            self.line(&l);
        };
        self.vars.clear();
        for p in &params {
            self.vars.push((p.clone(), T::Int));
        }
        self.fuel = 6;
        let n = 1 + self.rng.below(3);
        self.block(n);
        self.vars.clear();
        for p in &params {
            self.vars.push((p.clone(), T::Int));
        }
        let e = self.int(2);
        {
            let l = format!("\treturn {e}");
            self.line(&l);
        };
        self.line("}");
        self.line("");
        self.vars.clear();
        self.helpers.push((name, nparams));
    }

    fn program(mut self) -> String {
        self.line("type S struct {");
        self.line("\tA int");
        self.line("\tB string");
        self.line("}");
        self.line("");
        self.line("func (p *S) Inc(n int) int {");
        self.line("\tp.A += n");
        self.line("\treturn p.A");
        self.line("}");
        self.line("");
        if self.rng.chance(50) {
            self.line("func (s S) String() string { return fmt.Sprintf(\"S(%d,%q)\", s.A, s.B) }");
            self.line("");
        }
        self.line("type Incer interface{ Inc(int) int }");
        self.line("");
        self.line("type W struct{ *S }");
        self.line("");
        self.line("type V struct{ Incer }");
        self.line("");
        self.line("type L struct {");
        self.line("\tnext *L");
        self.line("\tv    int");
        self.line("}");
        self.line("");
        self.line("type R int");
        self.line("");
        self.line("func (r R) String() string {");
        self.line("\tif r <= 0 {");
        self.line("\t\treturn \"r\"");
        self.line("\t}");
        self.line("\treturn fmt.Sprint(r-1) + \".\"");
        self.line("}");
        self.line("");
        self.line("type E struct{ code int }");
        self.line("");
        self.line("func (e E) Error() string { return fmt.Sprint(\"E\", e.code) }");
        self.line("");
        for _ in 0..self.rng.below(4) {
            self.helper();
        }
        self.line("func main() {");
        self.fuel = 12 + self.rng.below(20) as i32;
        let n = 3 + self.rng.below(8);
        self.block(n);
        self.line("}");
        let decls = std::mem::take(&mut self.out);
        let mut imports = vec!["\"fmt\""];
        let mut uses = vec![
            "var _ = fmt.Sprint()",
            "var maxInt, minInt, big = 1<<63 - 1, -1 << 63, 1 << 62",
        ];
        for (used, pkg, name) in [
            (
                self.uses_strings,
                "\"strings\"",
                "var _ = strings.Repeat(\"\", 0)",
            ),
            (self.uses_sync, "\"sync\"", "var _ sync.Mutex"),
            (self.uses_time, "\"time\"", "var _ = time.Millisecond"),
            (self.uses_errors, "\"errors\"", "var _ = errors.New(\"\")"),
        ] {
            if used {
                imports.push(pkg);
                uses.push(name);
            }
        }
        format!(
            "package main\n\nimport (\n\t{}\n)\n\n{}\n\n{decls}",
            imports.join("\n\t"),
            uses.join("\n")
        )
    }
}

// ---------------------------------------------------------------- the mutator

/// Splits Go source into tokens (identifiers, numbers, strings, runes, comments,
/// operators, white space), so a mutation can delete, duplicate or swap whole tokens.
fn tokens(src: &str) -> Vec<&str> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        let c = b[i];
        if c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80 {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] >= 0x80) {
                i += 1;
            }
        } else if c == b'"' || c == b'\'' || c == b'`' {
            i += 1;
            while i < b.len() && b[i] != c && b[i] != b'\n' {
                if b[i] == b'\\' && c != b'`' {
                    i += 1;
                }
                i += 1;
            }
            i = (i + 1).min(b.len());
        } else if c.is_ascii_whitespace() {
            while i < b.len() && b[i].is_ascii_whitespace() {
                i += 1;
            }
        } else {
            i += 1;
        }
        while !src.is_char_boundary(i) {
            i += 1;
        }
        out.push(&src[start..i]);
    }
    out
}

const KEYWORDS: &[&str] = &[
    "go",
    "defer",
    "select",
    "chan",
    "func",
    "range",
    "nil",
    "for",
    "if",
    "else",
    "return",
    "break",
    "continue",
    "switch",
    "case",
    "default",
    "var",
    "type",
    "struct",
    "map",
    "interface",
    "goto",
    "fallthrough",
    "const",
    "iota",
    "panic",
    "recover",
    "close",
    "append",
    "len",
    "make",
    "new",
    "copy",
    "<-",
    "...",
    ":=",
    "=",
    "==",
    "!",
    "&",
    "*",
    "0",
    "1",
    "-1",
    "1<<62",
    "9223372036854775807",
    "\"\"",
    "x",
    "_",
    "main",
    "fmt",
    "int",
    "string",
    "error",
    "any",
    "[]int",
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    ";",
    ",",
    ".",
];

const CHARS: &[u8] = b"{}()[];,.:=+-*/%<>!&|^\"'`\n\t 0123456789abcxyz_\\#$?@~";

fn mutate(rng: &mut Rng, src: &str) -> String {
    let mut s = src.to_string();
    for _ in 0..1 + rng.below(2) {
        s = mutate_once(rng, &s);
    }
    s
}

fn mutate_once(rng: &mut Rng, src: &str) -> String {
    match rng.below(10) {
        0..=5 => {
            let mut t = tokens(src);
            if t.is_empty() {
                return src.to_string();
            }
            let i = rng.below(t.len());
            match rng.below(5) {
                0 => {
                    t.remove(i);
                }
                1 => t.insert(i, t[i]),
                2 => {
                    let j = rng.below(t.len());
                    t.swap(i, j);
                }
                3 => t[i] = *rng.pick(KEYWORDS),
                4 if rng.chance(10) => {
                    // A token repeated: deep nesting, long chains.
                    let x = t[i];
                    for _ in 0..rng.below(1500) {
                        t.insert(i, x);
                    }
                }
                _ => {
                    let j = rng.below(t.len());
                    t.insert(i, t[j]);
                }
            }
            t.concat()
        }
        6..=8 => {
            let mut l: Vec<&str> = src.lines().collect();
            if l.is_empty() {
                return src.to_string();
            }
            let i = rng.below(l.len());
            let j = rng.below(l.len());
            match rng.below(3) {
                0 => {
                    l.remove(i);
                }
                1 => l.insert(i, l[j]),
                _ => l.swap(i, j),
            }
            l.join("\n")
        }
        _ => {
            let mut b = src.as_bytes().to_vec();
            let i = rng.below(b.len() + 1);
            b.insert(i, *rng.pick(CHARS));
            String::from_utf8(b).unwrap_or_else(|_| src.to_string())
        }
    }
}

fn corpus() -> Vec<(String, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus");
    let mut v: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().join("main.go").exists())
        .map(|e| {
            (
                e.file_name().to_string_lossy().to_string(),
                std::fs::read_to_string(e.path().join("main.go")).unwrap(),
            )
        })
        .collect();
    v.sort();
    v
}

// ---------------------------------------------------------------- running a case

/// The last panic in a fuzz worker (or the front end's thread it starts): message and
/// location (the hook records it). Workers run one at a time.
static LAST_PANIC: Mutex<Option<String>> = Mutex::new(None);

/// Fuzz workers' panics are recorded rather than printed (the front end catches its own
/// checker's and compiler's panics, and the harness reports the rest).
fn install_hook() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let prev = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let fuzz = std::thread::current()
                .name()
                .is_some_and(|n| n.starts_with("fuzz-"));
            if fuzz {
                let msg = info
                    .payload()
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| info.payload().downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                let loc = info
                    .location()
                    .map(|l| format!("{}:{}", l.file(), l.line()))
                    .unwrap_or_default();
                *LAST_PANIC.lock().unwrap() = Some(format!("{msg} at {loc}"));
            } else {
                prev(info);
            }
        }));
    });
}

#[derive(Debug)]
enum Outcome {
    /// Compile errors; `internal` when the front end caught a panic of its own.
    Rejected { internal: Option<String> },
    /// Ran: how the Sim stopped.
    Ran(Stop),
}

enum Msg {
    Compiled,
    Done(Result<Outcome, String>),
}

/// Compiles and runs `src` in a worker thread, within the wall-clock bounds.
fn check(src: &str, seed: u64) -> Result<Outcome, String> {
    let (tx, rx) = mpsc::channel();
    let text = src.to_string();
    std::thread::Builder::new()
        .name(format!("fuzz-{seed}"))
        .stack_size(256 << 20)
        .spawn(move || {
            *LAST_PANIC.lock().unwrap() = None;
            let r = catch_unwind(AssertUnwindSafe(|| gmp_go::compile(&text)));
            let prog = match r {
                Err(_) => {
                    let p = LAST_PANIC.lock().unwrap().take().unwrap_or_default();
                    let _ = tx.send(Msg::Done(Err(format!("compile panicked: {p}"))));
                    return;
                }
                Ok(Err(diags)) => {
                    if std::env::var_os("GMP_FUZZ_SHOW").is_some() {
                        eprintln!("rejected: {}\n{text}", diags[0]);
                    }
                    let internal = diags
                        .iter()
                        .any(|d| d.msg.contains("please report it"))
                        .then(|| LAST_PANIC.lock().unwrap().take().unwrap_or_default());
                    let _ = tx.send(Msg::Done(Ok(Outcome::Rejected { internal })));
                    return;
                }
                Ok(Ok(p)) => p,
            };
            let _ = tx.send(Msg::Compiled);
            let r = catch_unwind(AssertUnwindSafe(|| {
                let cfg = Config {
                    gomaxprocs: 1 + (seed % 4) as u32,
                    keep_events: gmp_core::trace::Keep::None,
                    ..Config::default()
                };
                let mut sim = Sim::new(prog.program(), cfg, seed).expect("runtime starts");
                sim.run_until(RUN_NS, RUN_STEPS)
            }));
            let _ = tx.send(Msg::Done(match r {
                Ok(stop) => Ok(Outcome::Ran(stop)),
                Err(_) => {
                    let p = LAST_PANIC.lock().unwrap().take().unwrap_or_default();
                    Err(format!("the run panicked: {p}"))
                }
            }));
        })
        .expect("spawn a fuzz worker");
    match rx.recv_timeout(COMPILE_BOUND) {
        Ok(Msg::Done(r)) => r,
        Ok(Msg::Compiled) => match rx.recv_timeout(RUN_BOUND) {
            Ok(Msg::Done(r)) => r,
            Ok(Msg::Compiled) => unreachable!(),
            Err(_) => Err(format!("the run took over {RUN_BOUND:?}")),
        },
        Err(mpsc::RecvTimeoutError::Timeout) => Err(format!("compile took over {COMPILE_BOUND:?}")),
        Err(mpsc::RecvTimeoutError::Disconnected) => Err("the worker died".into()),
    }
}

#[derive(Default)]
struct Stats {
    execs: u64,
    compiled: u64,
    exited: u64,
    wall: Duration,
    /// Panics the front end caught itself ("please report it" diagnostics).
    internal: u64,
    failures: Vec<String>,
}

impl Stats {
    fn add(&mut self, what: &str, src: &str, seed: u64) {
        self.execs += 1;
        let t0 = Instant::now();
        let r = check(src, seed);
        self.wall += t0.elapsed();
        if std::env::var_os("GMP_FUZZ_SLOW").is_some() && t0.elapsed() > Duration::from_millis(30) {
            eprintln!("slow {what}: {:?} {r:?}\n{src}", t0.elapsed());
        }
        match r {
            Ok(Outcome::Rejected { internal }) => {
                if let Some(p) = internal {
                    self.internal += 1;
                    if self.failures.len() < 5 {
                        self.failures.push(format!(
                            "== {what} (seed {seed}): the front end caught its own panic: {p}\n{src}\n"
                        ));
                    }
                }
            }
            Ok(Outcome::Ran(stop)) => {
                self.compiled += 1;
                if matches!(stop, Stop::Exited(_)) {
                    self.exited += 1;
                }
            }
            Err(e) => {
                if self.failures.len() < 5 {
                    self.failures
                        .push(format!("== {what} (seed {seed}): {e}\n{src}\n"));
                }
            }
        }
    }
}

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn fuzz_generated_and_mutated_programs() {
    install_hook();
    let cases = env_u64("GMP_FUZZ_CASES", CASES);
    let seed = env_u64("GMP_FUZZ_SEED", 1);
    let start = Instant::now();
    let mut gen_stats = Stats::default();
    let mut mut_stats = Stats::default();
    let corpus = corpus();
    let mut rng = Rng::new(seed);
    for i in 0..cases {
        let case_seed = seed.wrapping_mul(1_000_003).wrapping_add(i);
        let src = Gen::new(case_seed).program();
        gen_stats.add(&format!("generated #{i}"), &src, case_seed);
        // A mutant of a corpus program, or of a generated one.
        let base = if rng.chance(70) {
            rng.pick(&corpus).1.clone()
        } else {
            src
        };
        let m = mutate(&mut rng, &base);
        mut_stats.add(&format!("mutant #{i}"), &m, case_seed);
    }
    let took = start.elapsed();
    for (name, s) in [("generated", &gen_stats), ("mutated", &mut_stats)] {
        eprintln!(
            "fuzz {name}: {} execs, {} compiled, {} ran to exit, {} internal errors, {:.1?}",
            s.execs, s.compiled, s.exited, s.internal, s.wall
        );
    }
    eprintln!(
        "fuzz: {} execs, {} compiled, {} ran to exit in {took:.1?}",
        gen_stats.execs + mut_stats.execs,
        gen_stats.compiled + mut_stats.compiled,
        gen_stats.exited + mut_stats.exited
    );
    let failures: Vec<&String> = gen_stats
        .failures
        .iter()
        .chain(&mut_stats.failures)
        .collect();
    assert!(
        failures.is_empty(),
        "{} fuzz failures:\n{}",
        failures.len(),
        failures
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
    // Most generated programs must get through the checker, or the generator is not
    // exercising the compiler and the VM.
    assert!(
        gen_stats.compiled * 2 >= gen_stats.execs,
        "only {} of {} generated programs compiled",
        gen_stats.compiled,
        gen_stats.execs
    );
}

/// Reproduces one case: `GMP_FUZZ_FILE=prog.go cargo test -p gmp-go --test fuzz
/// fuzz_one_file -- --ignored --nocapture` prints how it compiled and ran.
#[test]
#[ignore]
fn fuzz_one_file() {
    install_hook();
    let path = std::env::var("GMP_FUZZ_FILE").expect("GMP_FUZZ_FILE names a Go file");
    let src = std::fs::read_to_string(path).unwrap();
    match gmp_go::compile(&src) {
        Err(d) => eprintln!("compile errors: {d:?}"),
        Ok(p) => {
            let cfg = Config {
                gomaxprocs: 2,
                keep_events: gmp_core::trace::Keep::None,
                ..Config::default()
            };
            let mut sim = Sim::new(p.program(), cfg, 1).expect("runtime starts");
            let stop = sim.run_until(RUN_NS * 200, RUN_STEPS);
            eprintln!("{}", sim.rt.stdout_lines().join("\n"));
            eprintln!("stderr: {:?}", sim.rt.stderr_lines());
            eprintln!("stop: {stop:?} {:?}", sim.rt.exit_status());
        }
    }
    let r = check(&src, env_u64("GMP_FUZZ_SEED", 1));
    eprintln!("outcome: {r:?}");
}
