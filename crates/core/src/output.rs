//! # Output: what a program and its runtime print, read by cursor
//!
//! A Go program writes to stdout and stderr; with `GODEBUG=schedtrace=N` sysmon also
//! prints `SCHED` lines (`proc.go: schedtrace`), and the stack example records every
//! stack copy (`stack.go: copystack`). A reader (the page each frame, the CLI) keeps an
//! [`OutputCursor`] and asks [`Runtime::output_since`] for what is new since its last
//! call, instead of reaching for the runtime's buffers itself.
//!
//! Who may call: any thread. The read takes each buffer's lock with `try_lock` only, so
//! the browser's main thread never waits: a buffer whose lock is busy is simply read
//! on the next call (its part of the cursor does not move).

use std::sync::atomic::Ordering;
use std::sync::Mutex;

use crate::program::Op;
use crate::runtime::{ExitStatus, Runtime, StackCopy};

/// How far a reader has read each stream (line or entry counts).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OutputCursor {
    stdout: usize,
    stderr: usize,
    schedtrace: usize,
    stack_copies: usize,
}

/// What appeared since a cursor, and the state of the program now.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OutputSince {
    pub stdout: Vec<String>,
    /// The program's own stderr (builtin `println`), not the runtime's fatal message.
    pub stderr: Vec<String>,
    pub schedtrace: Vec<String>,
    pub stack_copies: Vec<StackCopy>,
    /// Set once the program has exited (every call after that returns it again).
    pub exit: Option<ExitStatus>,
    /// Goroutines asked for by [`Runtime::request_spawn`] that the program's accept
    /// loop has not started yet.
    pub pending_spawns: u32,
    /// The last line of `stdout` / `stderr` was written without its newline (given only
    /// once the program has exited; until then an unfinished line is held back).
    pub stdout_unterminated: bool,
    pub stderr_unterminated: bool,
}

/// Like [`tail`] for a stream whose last line may be unfinished (`open`): that line is
/// held back until it is finished, or returned (flagged) once the program has exited.
fn tail_lines(
    buf: &Mutex<Vec<String>>,
    at: &mut usize,
    open: bool,
    exited: bool,
) -> (Vec<String>, bool) {
    match buf.try_lock() {
        Ok(v) => {
            let end = if open && !exited {
                v.len().saturating_sub(1)
            } else {
                v.len()
            };
            let start = (*at).min(end);
            let new = v[start..end].to_vec();
            *at = end;
            (new, open && exited && end > start)
        }
        Err(_) => (Vec::new(), false),
    }
}

/// The new tail of `buf` after `*at`, moving `*at` to its end; nothing if the lock is
/// busy.
fn tail<T: Clone>(buf: &Mutex<Vec<T>>, at: &mut usize) -> Vec<T> {
    match buf.try_lock() {
        Ok(v) => {
            let new = v[(*at).min(v.len())..].to_vec();
            *at = v.len();
            new
        }
        Err(_) => Vec::new(),
    }
}

impl Runtime {
    /// Everything printed since `cursor`, which moves past it. Non-blocking.
    pub fn output_since(&self, cursor: &mut OutputCursor) -> OutputSince {
        let exited = self.is_exited();
        let (stdout, stdout_unterminated) = tail_lines(
            &self.stdout,
            &mut cursor.stdout,
            self.stdout_open.load(Ordering::Acquire),
            exited,
        );
        let (stderr, stderr_unterminated) = tail_lines(
            &self.stderr,
            &mut cursor.stderr,
            self.stderr_open.load(Ordering::Acquire),
            exited,
        );
        OutputSince {
            stdout,
            stderr,
            stdout_unterminated,
            stderr_unterminated,
            schedtrace: tail(&self.schedtrace_out, &mut cursor.schedtrace)
                .into_iter()
                .map(|l| l.to_string())
                .collect(),
            stack_copies: tail(&self.stack_copies, &mut cursor.stack_copies),
            exit: if self.is_exited() {
                self.exit.try_lock().ok().and_then(|e| e.clone())
            } else {
                None
            },
            pending_spawns: self
                .requests
                .iter()
                .map(|r| r.load(Ordering::Acquire))
                .sum(),
        }
    }

    /// What to call a goroutine: its start function and, when that function prints
    /// or records its argument as a name (`{name}`, the Gosched example's "A", "B"),
    /// that name. The runtime's own goroutines (`runtime.forcegchelper` ...) and
    /// functions that do not name themselves get no name.
    pub fn goroutine_name(&self, startfn: u32, startarg: i64) -> (&str, Option<&str>) {
        let Some(f) = self.prog.funcs.get(startfn as usize) else {
            return ("?", None);
        };
        if startfn == crate::program::CODE_GO_FUNC {
            if let Some(code) = &self.prog.code {
                // A goroutine of a front end's program: its Go function's name.
                return (code.0.func_name(startarg as u32), None);
            }
        }
        let names_itself = f.body.iter().any(|op| match op {
            Op::Print(fmt) | Op::PrintErr(fmt) | Op::Record(fmt) => fmt.0.contains("{name}"),
            _ => false,
        });
        let name = names_itself
            .then(|| usize::try_from(startarg).ok())
            .flatten()
            .and_then(|i| self.prog.labels.get(i))
            .map(String::as_str);
        (f.name.as_str(), name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::{Fmt, Op, Program, ProgramBuilder, Val};
    use crate::scenarios;
    use crate::sim::Sim;
    use crate::Config;

    /// main starts goroutines named A and B (each records its name), waits, and prints
    /// what they recorded, then "done".
    fn two_named() -> Program {
        let mut b = ProgramBuilder::new();
        let wg = b.waitgroup();
        let worker = b.func(
            "main.main.func1",
            88,
            vec![Op::Record(Fmt::new("{name}")), Op::WgDone(wg)],
        );
        let mut main = vec![Op::WgAdd(wg, 2)];
        for name in ["A", "B"] {
            let l = b.label(name);
            main.push(Op::Go {
                func: worker,
                arg: Val::Const(l),
                kind: crate::GKind::Example,
            });
        }
        main.extend([Op::WgWait(wg), Op::PrintRecord, Op::Print(Fmt::new("done"))]);
        b.main(200, main)
    }

    fn cfg() -> Config {
        Config {
            gomaxprocs: 1,
            schedtrace_ms: 1,
            ..Config::default()
        }
    }

    fn sim(name: &str, given: &[(&str, &str)]) -> Sim {
        let sc = scenarios::find(name).unwrap();
        let given: Vec<(String, String)> = given
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let p = sc.params(&given).unwrap();
        Sim::new(sc.program(&p).unwrap(), cfg(), 1).unwrap()
    }

    #[test]
    fn a_cursor_reads_each_line_once_and_the_exit_stays() {
        let mut s = Sim::new(two_named(), cfg(), 1).unwrap();
        let mut c = OutputCursor::default();
        let mut out = Vec::new();
        while s.step().is_none() {
            out.extend(s.rt.output_since(&mut c).stdout);
        }
        let o = s.rt.output_since(&mut c);
        out.extend(o.stdout);
        assert_eq!(out, vec!["[B A]".to_string(), "done".to_string()]);
        assert_eq!(o.exit.as_ref().map(|e| e.code), Some(0));
        let again = s.rt.output_since(&mut c);
        assert!(again.stdout.is_empty() && again.schedtrace.is_empty());
        assert_eq!(again.exit, o.exit, "the exit status is there on every call");
    }

    #[test]
    fn schedtrace_lines_are_read_in_order_without_repeats() {
        let mut s = sim("playground", &[]);
        let mut c = OutputCursor::default();
        let mut lines = Vec::new();
        for ms in 1..=5 {
            s.run_until(ms * 1_000_000, u64::MAX);
            lines.extend(s.rt.output_since(&mut c).schedtrace);
        }
        let kept: Vec<String> =
            s.rt.schedtrace_out
                .lock()
                .unwrap()
                .iter()
                .map(|l| l.to_string())
                .collect();
        assert_eq!(lines, kept);
        assert!(lines.len() >= 3, "{lines:?}");
    }

    #[test]
    fn only_goroutines_that_name_themselves_get_a_name() {
        let mut s = Sim::new(two_named(), cfg(), 1).unwrap();
        while s.step().is_none() {}
        let rt = &s.rt;
        let named: Vec<_> = (0..rt.allgs.len())
            .map(|i| {
                let g = &rt.allgs[i];
                let (f, l) = rt.goroutine_name(
                    g.startfn.load(std::sync::atomic::Ordering::Relaxed),
                    g.startarg.load(std::sync::atomic::Ordering::Relaxed),
                );
                (f.to_string(), l.map(String::from))
            })
            .collect();
        for (f, l) in &named {
            if f.starts_with("runtime.") || f == "main.main" {
                assert_eq!(l, &None, "{f} is not called by a label");
            }
        }
        let workers: Vec<_> = named
            .iter()
            .filter(|(f, _)| f == "main.main.func1")
            .map(|(_, l)| l.clone().unwrap())
            .collect();
        assert_eq!(workers, vec!["A", "B"]);
    }

    #[test]
    fn pending_spawns_count_requests_the_accept_loop_has_not_taken() {
        let s = sim("playground", &[]);
        s.rt.request_spawn(crate::GKind::Cpu, 7).unwrap();
        let mut c = OutputCursor::default();
        assert_eq!(s.rt.output_since(&mut c).pending_spawns, 7);
    }
}
