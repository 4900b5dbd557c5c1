//! What a goroutine does, read from the code of the function it starts: the colour the
//! explorer draws it in (`gmp_core::GKind`). The scheduler does not use it.
//!
//! - **Network**: the function, or any function it calls, reads from a network
//!   connection or accepts one (the G parks on the netpoller). A method called through
//!   an interface (`net.Conn.Read`) counts as every method of that name in the program.
//! - **Blocking**: it (or a callee) makes a blocking system call (`read(2)` on a file:
//!   `os.File.Read`, `syscall.Read`).
//! - **Cpu**: it has a loop whose body never waits: no channel operation, blocking
//!   `select`, sleep, lock, `Wait`, `Gosched`, GOMAXPROCS change, I/O or print, and no
//!   call that may do one (a call through a func value or an interface counts as one
//!   that may); or it calls a function of package main that has such a loop.
//! - **Example** otherwise: goroutines that coordinate (channels, locks, Gosched).
//!
//! The page's Spawn buttons ask the playground's accept loop for goroutines of each
//! kind; the functions it starts for them are read the same way, so a CPU request's
//! goroutine is drawn as CPU-bound because its loop computes.
//!
//! Each property is a summary per function, computed once over the whole call graph
//! (a fixpoint: a function has it if its own code does or a callee has it), so the
//! cost is the program's size times the longest call chain, whatever the fan-out.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use gmp_core::GKind;

use crate::types::TyId;
use crate::vm::{Func, FuncId, Native, I};

/// The kind of a goroutine started at each function.
pub fn go_kinds(funcs: &[Func], methods: &HashMap<(TyId, Arc<str>), (FuncId, bool)>) -> Vec<GKind> {
    // What an interface call may run: every method of that name (a value and a pointer
    // receiver name the same function once).
    let mut by_name: HashMap<Arc<str>, BTreeSet<FuncId>> = HashMap::new();
    for ((_, name), (f, _)) in methods {
        by_name.entry(name.clone()).or_default().insert(*f);
    }
    // The call graph once: static calls (as the compiler recorded them), and with each
    // interface call's possible methods added.
    let statics: Vec<BTreeSet<FuncId>> = funcs
        .iter()
        .map(|f| f.static_calls.iter().copied().collect())
        .collect();
    let with_iface: Vec<BTreeSet<FuncId>> = funcs
        .iter()
        .zip(&statics)
        .map(|(f, s)| {
            let mut all = s.clone();
            for i in &f.code {
                if let I::CallIface { method, .. } = i {
                    all.extend(by_name.get(method).into_iter().flatten());
                }
            }
            all
        })
        .collect();
    let network = summary(funcs, &with_iface, |i| {
        matches!(
            i,
            I::Native {
                n: Native::NetRead | Native::Accept,
                ..
            }
        )
    });
    let blocking = summary(funcs, &with_iface, |i| {
        matches!(
            i,
            I::Native {
                n: Native::SysRead,
                ..
            }
        )
    });
    // Whether a function may wait: its own instructions, or a static callee that may.
    // (Interface and func-value calls are taken to wait: see `waits_here`.)
    let may_wait = summary(funcs, &statics, waits_here);
    let waits = |i: &I| {
        waits_here(i) || matches!(i, I::Call { f, .. } if may_wait.get(*f as usize) == Some(&true))
    };
    let own_loop: Vec<bool> = funcs
        .iter()
        .map(|f| computing_loop(&f.code, &waits))
        .collect();
    // A computing loop of its own, or a call of a function of package main with one.
    let mains: Vec<BTreeSet<FuncId>> = statics
        .iter()
        .map(|s| {
            s.iter()
                .copied()
                .filter(|c| {
                    funcs
                        .get(*c as usize)
                        .is_some_and(|c| c.name.starts_with("main."))
                })
                .collect()
        })
        .collect();
    let cpu = fixpoint(&mains, own_loop);
    (0..funcs.len())
        .map(|f| {
            if network[f] {
                GKind::Network
            } else if blocking[f] {
                GKind::Blocking
            } else if cpu[f] {
                GKind::Cpu
            } else {
                GKind::Example
            }
        })
        .collect()
}

/// For each function: whether one of its instructions has `here`, or a function it
/// calls (`calls[f]`) has the property.
fn summary(funcs: &[Func], calls: &[BTreeSet<FuncId>], here: impl Fn(&I) -> bool) -> Vec<bool> {
    let own = funcs.iter().map(|f| f.code.iter().any(&here)).collect();
    fixpoint(calls, own)
}

/// Spreads `has` from callees to callers until nothing changes.
fn fixpoint(calls: &[BTreeSet<FuncId>], mut has: Vec<bool>) -> Vec<bool> {
    loop {
        let mut changed = false;
        for (f, cs) in calls.iter().enumerate() {
            if !has[f] && cs.iter().any(|c| has.get(*c as usize) == Some(&true)) {
                has[f] = true;
                changed = true;
            }
        }
        if !changed {
            return has;
        }
    }
}

/// Whether an instruction can make its goroutine wait by itself (or may: a call
/// through an interface or a func value, whose callee is unknown here).
fn waits_here(i: &I) -> bool {
    use Native::*;
    match i {
        I::Send(..) | I::Recv(..) | I::CallV { .. } | I::CallIface { .. } => true,
        I::Select { block, .. } => *block,
        I::Native { n, .. } => matches!(
            n,
            Println
                | Printf
                | Print
                | BuiltinPrint
                | BuiltinPrintln
                | Gosched
                | Gomaxprocs
                | Gc
                | WgWait
                | MutexLock
                | RwLock
                | RwRLock
                | NotifyListWait
                | Goexit
                | Sleep
                | SysRead
                | NetRead
                | Accept
                | Exit
        ),
        _ => false,
    }
}

/// Whether the code has a loop (a jump back) whose body has no instruction that waits.
fn computing_loop(code: &[I], waits: &dyn Fn(&I) -> bool) -> bool {
    code.iter().enumerate().any(|(pc, i)| {
        let target = match i {
            I::Jmp(t) | I::JmpIf(_, t) | I::JmpIfNot(_, t) => *t as usize,
            I::JmpUnless(_, _, _, t) | I::JmpUnlessK(_, _, _, t) => *t as usize,
            _ => return false,
        };
        target <= pc && !code[target..=pc].iter().any(waits)
    })
}
