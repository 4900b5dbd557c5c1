//! # Output: what a program and its runtime print, read by cursor
//!
//! [`Output`] is the part of the [`Runtime`] that holds what a run has printed and
//! recorded, apart from Go's globals (`sched`, `allp`, `allm`, `allgs`):
//!
//! - the program's stdout and stderr, line by line (`write(1|2, ...)`, `fmt.Println`,
//!   builtin `println`), with whether the last line is still open (a write without its
//!   newline);
//! - the runtime's own stderr lines: `GODEBUG=schedtrace=N` (`proc.go: schedtrace`,
//!   printed by sysmon) and `GODEBUG=gctrace=1` (`mgc.go: gcMarkTermination`);
//! - every stack copy (`stack.go: copystack`), for the stack example's report;
//! - how the program ended (`exit(code)`, or a `fatal error:` with its goroutine dump);
//! - two things the built-in example programs record and print later: the labels their
//!   goroutines append (`order = append(order, name)`) and the recursion example's
//!   addresses of locals by depth.
//!
//! The runtime writes only through `Output`'s methods (`pub(crate)`). Everything
//! outside the core (the page each frame, the CLI, tests) reads it one way: a reader
//! keeps an [`OutputCursor`] and asks [`Runtime::output_since`] for what is new since
//! its last call. Tests and a finished run may also take a whole stream
//! ([`Runtime::stdout_lines`], [`Runtime::stderr_lines`], [`Runtime::schedtrace_lines`],
//! [`Runtime::stack_copies`], [`Runtime::exit_status`]).
//!
//! Who may call: any thread. `output_since` takes each buffer's lock with `try_lock`
//! only, so the browser's main thread never waits: a buffer whose lock is busy is
//! simply read on the next call (its part of the cursor does not move). The whole-stream
//! reads take the locks and may wait; they are for tests and for after a run.
//!
//! A checkpoint ([`Runtime::fork`]) copies no stream (they only grow): it keeps an
//! [`OutMark`], and a restore cuts the present streams back to it
//! ([`Runtime::adopt_output`]) or copies them from a run that went further
//! ([`Runtime::copy_output`]). The recorded labels, the addresses and the exit status are
//! the program's state and are forked with it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use crate::program::Op;
use crate::runtime::Runtime;

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExitStatus {
    pub code: i32,
    /// Runtime messages for stderr (`fatal error: ...`).
    pub stderr: String,
}

/// One stack copy, for the stack-growth report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StackCopy {
    pub goid: u64,
    /// Number of frames on the stack when it was copied.
    pub frames: usize,
    pub old_size: u64,
    pub new_size: u64,
    pub old_lo: u64,
    pub new_lo: u64,
    pub shrink: bool,
    /// Addresses the recursion example had recorded when the copy happened: the copy
    /// came before the local of this depth was recorded.
    pub depth: usize,
}

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

/// How long each output stream was when a checkpoint was taken (see
/// [`Runtime::fork`]): stdout and stderr in lines plus the length of their last line
/// (a write without a newline extends it later), schedtrace lines, stack copies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OutMark {
    stdout: (usize, usize),
    stderr: (usize, usize),
    schedtrace: usize,
    stack_copies: usize,
}

/// What a run printed and recorded (see the module's doc).
pub struct Output {
    /// The program's stdout, line by line.
    stdout: Mutex<Vec<String>>,
    /// What the program printed to stderr (builtin `println`), line by line.
    stderr: Mutex<Vec<String>>,
    /// The last line of stdout / stderr is not finished (a write without a newline).
    stdout_open: AtomicBool,
    stderr_open: AtomicBool,
    /// schedtrace/scheddetail and gctrace output (stderr), line by line (shared lines: a
    /// checkpoint's restore copies them by reference).
    schedtrace: Mutex<Vec<Arc<str>>>,
    /// Labels the program recorded (`order = append(order, ...)`).
    record: Mutex<Vec<String>>,
    /// Addresses the recursion example recorded, by depth.
    stack_addrs: Mutex<Vec<u64>>,
    /// Every stack copy.
    stack_copies: Mutex<Vec<StackCopy>>,
    exit: Mutex<Option<ExitStatus>>,
    exited: AtomicBool,
    /// Every write to fd 1 or 2 in the order made, when kept ([`Output::with_journal`]).
    journal: Option<Mutex<Vec<(u8, String)>>>,
}

/// A lock that a panicking writer left poisoned still holds whole lines.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
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

fn line_mark(v: &[String]) -> (usize, usize) {
    (v.len(), v.last().map_or(0, |l| l.len()))
}

fn cut_lines(v: &mut Vec<String>, (n, last): (usize, usize)) {
    v.truncate(n);
    if let Some(l) = v.last_mut() {
        l.truncate(last);
    }
}

fn take_vec<T>(m: &Mutex<Vec<T>>) -> Vec<T> {
    std::mem::take(&mut *lock(m))
}

fn put_vec<T>(m: &Mutex<Vec<T>>, v: Vec<T>) {
    *lock(m) = v;
}

fn prefix<T: Clone>(m: &Mutex<Vec<T>>, n: usize) -> Vec<T> {
    let v = lock(m);
    v[..n.min(v.len())].to_vec()
}

impl Default for Output {
    fn default() -> Self {
        Output::new()
    }
}

impl Output {
    pub(crate) fn new() -> Output {
        Output::with_journal(false)
    }

    /// An output that also keeps every write in order (see [`Output::take_writes`]).
    pub(crate) fn with_journal(journal: bool) -> Output {
        Output {
            stdout: Mutex::new(Vec::new()),
            stderr: Mutex::new(Vec::new()),
            stdout_open: AtomicBool::new(false),
            stderr_open: AtomicBool::new(false),
            schedtrace: Mutex::new(Vec::new()),
            record: Mutex::new(Vec::new()),
            stack_addrs: Mutex::new(Vec::new()),
            stack_copies: Mutex::new(Vec::new()),
            exit: Mutex::new(None),
            exited: AtomicBool::new(false),
            journal: journal.then(|| Mutex::new(Vec::new())),
        }
    }

    fn journal(&self, fd: u8, text: String) {
        if let Some(j) = &self.journal {
            lock(j).push((fd, text));
        }
    }

    /// The writes kept since the last call, in order (taken).
    pub(crate) fn take_writes(&self) -> Vec<(u8, String)> {
        self.journal.as_ref().map(take_vec).unwrap_or_default()
    }

    // ---- writers (the runtime) ----

    /// Stores a program line on stdout; returns its index.
    pub(crate) fn push_stdout(&self, line: String) -> usize {
        self.journal(1, format!("{line}\n"));
        let mut out = self.stdout.lock().unwrap();
        out.push(line);
        out.len() - 1
    }

    /// A program's `write(fd, text)`: stdout (1) or stderr (2), kept line by line; a
    /// write that does not end its line leaves it open for the next one. Returns the
    /// index of the first line it started, if it started one.
    pub(crate) fn write(&self, fd: u8, text: &str) -> Option<usize> {
        let (buf, open) = if fd == 2 {
            (&self.stderr, &self.stderr_open)
        } else {
            (&self.stdout, &self.stdout_open)
        };
        // An empty write (Go's `fmt.Print("")`) leaves an unfinished line open.
        if text.is_empty() {
            return None;
        }
        self.journal(if fd == 2 { 2 } else { 1 }, text.to_string());
        let mut first = None;
        let mut out = buf.lock().unwrap();
        let mut parts = text.split('\n').peekable();
        let mut was_open = open.load(Ordering::Relaxed);
        while let Some(part) = parts.next() {
            let last = parts.peek().is_none();
            if last && part.is_empty() {
                was_open = false;
                break;
            }
            if was_open {
                out.last_mut().unwrap().push_str(part);
            } else {
                out.push(part.to_string());
                first.get_or_insert(out.len() - 1);
            }
            was_open = last;
        }
        open.store(was_open, Ordering::Relaxed);
        first
    }

    /// A line of the program's stderr (builtin `println`).
    pub(crate) fn push_stderr(&self, line: String) {
        self.journal(2, format!("{line}\n"));
        self.stderr.lock().unwrap().push(line);
    }

    /// One line of the runtime's own stderr (gctrace).
    pub(crate) fn push_schedtrace(&self, line: Arc<str>) {
        self.journal(2, format!("{line}\n"));
        self.schedtrace.lock().unwrap().push(line);
    }

    /// The lines of `text` (one schedtrace), kept together: `each` is called with each
    /// line's index while the buffer is still held, so no other writer's line comes
    /// between them.
    pub(crate) fn push_schedtrace_text(&self, text: &str, mut each: impl FnMut(usize)) {
        let mut out = self.schedtrace.lock().unwrap();
        for line in text.lines() {
            self.journal(2, format!("{line}\n"));
            out.push(line.into());
            each(out.len() - 1);
        }
    }

    /// `order = append(order, label)`.
    pub(crate) fn record(&self, label: String) {
        self.record.lock().unwrap().push(label);
    }

    /// The recorded labels as Go prints the slice: `[B0 A0 B1]`.
    pub(crate) fn record_line(&self) -> String {
        format!("[{}]", self.record.lock().unwrap().join(" "))
    }

    /// How many labels were recorded.
    pub(crate) fn record_count(&self) -> usize {
        self.record.lock().unwrap().len()
    }

    /// Records the address of the recursion example's local at the next depth, unless
    /// `limit` depths are recorded already.
    pub(crate) fn record_stack_addr(&self, limit: usize, addr: impl FnOnce() -> u64) {
        let mut addrs = self.stack_addrs.lock().unwrap();
        if addrs.len() < limit {
            addrs.push(addr());
        }
    }

    /// How many depths the recursion example has recorded.
    pub(crate) fn stack_depth(&self) -> usize {
        self.stack_addrs.lock().unwrap().len()
    }

    /// The recursion example's addresses, by depth.
    pub(crate) fn stack_addrs(&self) -> Vec<u64> {
        self.stack_addrs.lock().unwrap().clone()
    }

    pub(crate) fn push_stack_copy(&self, c: StackCopy) {
        self.stack_copies.lock().unwrap().push(c);
    }

    /// Sets how the program ended; only the first call counts (returns whether this
    /// one did).
    pub(crate) fn set_exit(&self, code: i32, stderr: String) -> bool {
        let mut e = self.exit.lock().unwrap();
        if e.is_some() {
            return false;
        }
        *e = Some(ExitStatus { code, stderr });
        self.exited.store(true, Ordering::Release);
        true
    }

    // ---- readers ----

    pub(crate) fn is_exited(&self) -> bool {
        self.exited.load(Ordering::Acquire)
    }

    pub(crate) fn exit_status(&self) -> Option<ExitStatus> {
        self.exit.lock().unwrap().clone()
    }

    /// The exit code, if the program has exited and the lock is free (non-blocking).
    pub(crate) fn try_exit_code(&self) -> Option<i32> {
        self.exit
            .try_lock()
            .ok()
            .and_then(|e| e.as_ref().map(|e| e.code))
    }

    /// Everything since `cursor` but the pending spawns (the requests' part).
    fn since(&self, cursor: &mut OutputCursor) -> OutputSince {
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
            schedtrace: tail(&self.schedtrace, &mut cursor.schedtrace)
                .into_iter()
                .map(|l| l.to_string())
                .collect(),
            stack_copies: tail(&self.stack_copies, &mut cursor.stack_copies),
            exit: if self.is_exited() {
                self.exit.try_lock().ok().and_then(|e| e.clone())
            } else {
                None
            },
            pending_spawns: 0,
        }
    }

    // ---- checkpoints ----

    /// The copy a checkpoint keeps: no stream (see [`OutMark`]), the open flags, the
    /// recorded labels and addresses, the exit status.
    pub(crate) fn fork(&self) -> Output {
        use crate::fork::{fork_mutex, ForkAtomic};
        Output {
            stdout: Mutex::new(Vec::new()),
            stderr: Mutex::new(Vec::new()),
            stdout_open: self.stdout_open.fork(),
            stderr_open: self.stderr_open.fork(),
            schedtrace: Mutex::new(Vec::new()),
            record: fork_mutex(&self.record),
            stack_addrs: fork_mutex(&self.stack_addrs),
            stack_copies: Mutex::new(Vec::new()),
            exit: fork_mutex(&self.exit),
            exited: self.exited.fork(),
            journal: None,
        }
    }

    /// How long each stream is now.
    pub(crate) fn mark(&self) -> OutMark {
        OutMark {
            stdout: line_mark(&lock(&self.stdout)),
            stderr: line_mark(&lock(&self.stderr)),
            schedtrace: lock(&self.schedtrace).len(),
            stack_copies: lock(&self.stack_copies).len(),
        }
    }

    /// Takes `from`'s streams, cut back to `mark`.
    pub(crate) fn adopt(&self, from: &Output, mark: &OutMark) {
        let mut out = take_vec(&from.stdout);
        cut_lines(&mut out, mark.stdout);
        put_vec(&self.stdout, out);
        let mut err = take_vec(&from.stderr);
        cut_lines(&mut err, mark.stderr);
        put_vec(&self.stderr, err);
        let mut st = take_vec(&from.schedtrace);
        st.truncate(mark.schedtrace);
        put_vec(&self.schedtrace, st);
        let mut sc = take_vec(&from.stack_copies);
        sc.truncate(mark.stack_copies);
        put_vec(&self.stack_copies, sc);
    }

    /// Copies `from`'s streams up to `mark`; `from` keeps its own.
    pub(crate) fn copy_prefix(&self, from: &Output, mark: &OutMark) {
        let mut out = prefix(&from.stdout, mark.stdout.0);
        cut_lines(&mut out, mark.stdout);
        put_vec(&self.stdout, out);
        let mut err = prefix(&from.stderr, mark.stderr.0);
        cut_lines(&mut err, mark.stderr);
        put_vec(&self.stderr, err);
        put_vec(&self.schedtrace, prefix(&from.schedtrace, mark.schedtrace));
        put_vec(
            &self.stack_copies,
            prefix(&from.stack_copies, mark.stack_copies),
        );
    }
}

impl Runtime {
    /// Everything printed since `cursor`, which moves past it. Non-blocking.
    /// The writes to stdout (1) and stderr (2) since the last call, in the order they
    /// were made, taken (with [`crate::Config::write_journal`]; none without it).
    pub fn take_writes(&self) -> Vec<(u8, String)> {
        self.output.take_writes()
    }

    pub fn output_since(&self, cursor: &mut OutputCursor) -> OutputSince {
        OutputSince {
            pending_spawns: self.requests.pending_spawns(),
            ..self.output.since(cursor)
        }
    }

    /// Every stdout line so far (an open last line included). Takes the lock: for
    /// tests and for after a run, not for the browser's main thread.
    pub fn stdout_lines(&self) -> Vec<String> {
        lock(&self.output.stdout).clone()
    }

    /// Every line the program wrote to stderr so far (not the runtime's fatal message,
    /// which is [`ExitStatus::stderr`]). Takes the lock.
    pub fn stderr_lines(&self) -> Vec<String> {
        lock(&self.output.stderr).clone()
    }

    /// The last stdout line was written without its newline.
    pub fn stdout_unterminated(&self) -> bool {
        self.output.stdout_open.load(Ordering::Acquire)
    }

    /// Every schedtrace (and gctrace) line so far. Takes the lock.
    pub fn schedtrace_lines(&self) -> Vec<Arc<str>> {
        lock(&self.output.schedtrace).clone()
    }

    /// Every stack copy so far. Takes the lock.
    pub fn stack_copies(&self) -> Vec<StackCopy> {
        lock(&self.output.stack_copies).clone()
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
    use crate::sim::Sim;
    use crate::workloads;
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
        let sc = workloads::find(name).unwrap();
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

    /// `fmt.Print("a"); fmt.Print(""); fmt.Print("b\n")` prints one line, `ab`.
    #[test]
    fn an_empty_write_keeps_the_open_line_open() {
        let o = Output::new();
        o.write(1, "a");
        o.write(1, "");
        o.write(1, "b\n");
        assert_eq!(*o.stdout.lock().unwrap(), vec!["ab".to_string()]);
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
            s.rt.schedtrace_lines()
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
