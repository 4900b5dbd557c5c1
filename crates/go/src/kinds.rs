//! What a goroutine does, read from the code of the function it starts: the colour the
//! explorer draws it in (`gmp_core::GKind`). The scheduler does not use it.
//!
//! - **Blocking**: the function (or a function it calls, a few levels down) makes a
//!   blocking system call (`read(2)` on a file: `os.File.Read`, `syscall.Read`).
//! - **Network**: it reads from a network connection (the G parks on the netpoller).
//!   A method called through an interface (`net.Conn.Read`) counts as every method of
//!   that name in the program.
//! - **Cpu**: it has a loop whose body never waits: no channel operation, `select`,
//!   sleep, lock, `Wait`, `Gosched`, I/O or print, and no call that may do one (a call
//!   through a func value or an interface counts as one that may); or it calls a
//!   function of package main that has one.
//! - **Example** otherwise: goroutines that coordinate (channels, locks, Gosched).
//!
//! The page's Spawn buttons ask the playground's accept loop for goroutines of each
//! kind; the functions it starts for them are read the same way, so a CPU request's
//! goroutine is drawn as CPU-bound because its loop computes.

use std::collections::HashMap;
use std::sync::Arc;

use gmp_core::GKind;

use crate::types::TyId;
use crate::vm::{Func, FuncId, Native, I};

/// The program's methods by name: what an interface call may run.
type ByName = HashMap<Arc<str>, Vec<FuncId>>;

/// Calls followed below a goroutine's function.
const DEPTH: u32 = 4;

/// The kind of a goroutine started at each function.
pub fn go_kinds(funcs: &[Func], methods: &HashMap<(TyId, Arc<str>), (FuncId, bool)>) -> Vec<GKind> {
    let mut by_name: ByName = HashMap::new();
    for ((_, name), (f, _)) in methods {
        by_name.entry(name.clone()).or_default().push(*f);
    }
    (0..funcs.len())
        .map(|f| kind_of(funcs, &by_name, f))
        .collect()
}

fn kind_of(funcs: &[Func], by_name: &ByName, f: usize) -> GKind {
    // The network first: an interface's Read may be a file's too (`net.Conn.Read` and
    // `os.File.Read` share the name), a file's own Read is never a connection's.
    if reaches(funcs, by_name, f, DEPTH, Native::NetRead) {
        return GKind::Network;
    }
    if reaches(funcs, by_name, f, DEPTH, Native::SysRead) {
        return GKind::Blocking;
    }
    if computes(funcs, f, DEPTH) {
        return GKind::Cpu;
    }
    GKind::Example
}

/// Whether `f` or a function it calls (up to `depth` levels; an interface call as any
/// method of its name) makes the native call `want`.
fn reaches(funcs: &[Func], by_name: &ByName, f: usize, depth: u32, want: Native) -> bool {
    let Some(func) = funcs.get(f) else {
        return false;
    };
    func.code.iter().any(|i| match i {
        I::Native { n, .. } => *n == want,
        I::Call { f, .. } if depth > 0 => reaches(funcs, by_name, *f as usize, depth - 1, want),
        I::CallIface { method, .. } if depth > 0 => by_name.get(method).is_some_and(|fs| {
            fs.iter()
                .any(|f| reaches(funcs, by_name, *f as usize, depth - 1, want))
        }),
        _ => false,
    })
}

/// Whether an instruction can make its goroutine wait (or may: an unknown callee).
fn waits(funcs: &[Func], i: &I, depth: u32) -> bool {
    match i {
        I::Send(..) | I::Recv(..) | I::Select { .. } | I::CallV { .. } | I::CallIface { .. } => {
            true
        }
        I::Native { n, .. } => waiting_native(*n),
        I::Call { f, .. } => {
            depth == 0
                || funcs
                    .get(*f as usize)
                    .is_some_and(|c| c.code.iter().any(|i| waits(funcs, i, depth - 1)))
        }
        _ => false,
    }
}

fn waiting_native(n: Native) -> bool {
    use Native::*;
    matches!(
        n,
        Println
            | Printf
            | Print
            | BuiltinPrint
            | BuiltinPrintln
            | Gosched
            | Gc
            | WgWait
            | MutexLock
            | Sleep
            | SysRead
            | NetRead
            | Accept
            | Exit
    )
}

/// Whether `f` has a loop (a jump back) whose body has no instruction that waits, or
/// calls a function of package main that does (up to `depth` levels).
fn computes(funcs: &[Func], f: usize, depth: u32) -> bool {
    let Some(func) = funcs.get(f) else {
        return false;
    };
    let code = &func.code;
    let own = code.iter().enumerate().any(|(pc, i)| {
        let target = match i {
            I::Jmp(t) | I::JmpIf(_, t) | I::JmpIfNot(_, t) => *t as usize,
            I::JmpUnless(_, _, _, t) | I::JmpUnlessK(_, _, _, t) => *t as usize,
            _ => return false,
        };
        target <= pc && !code[target..=pc].iter().any(|i| waits(funcs, i, DEPTH))
    });
    own || (depth > 0
        && code.iter().any(|i| match i {
            I::Call { f, .. } => funcs.get(*f as usize).is_some_and(|c| {
                c.name.starts_with("main.") && computes(funcs, *f as usize, depth - 1)
            }),
            _ => false,
        }))
}
