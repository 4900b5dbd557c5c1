//! # Only the code a program can run
//!
//! The library is Go source compiled with every program, so most of it is code the
//! program never calls (`fmt.Errorf`'s `%w` scanning in a program that only prints,
//! `net` in one that never listens). [`prune`] finds what can run, as the linker's
//! dead-code pass does (`cmd/link/internal/ld/deadcode.go`), and leaves every other
//! function a one-instruction body that stops the run with an internal error: the
//! functions keep their ids and names, and the program its bytes' size only for what
//! it uses (the page carries its built-in programs compiled).
//!
//! What can run: the entry (`runtime.main`: the init sequence, then `main.main`) and
//! whatever a reachable body calls or makes a closure of; and the methods of every
//! type a reachable body puts in an interface (`ToIface`), with the types inside it
//! (its fields, elements, keys and values, pointer bases: fmt calls `String` on
//! elements, and embedded fields promote methods), as the linker keeps the methods of
//! types converted to interfaces. The VM's own `*runtime.PanicNilError` is one such
//! type.

use std::collections::HashSet;
use std::sync::Arc;

use crate::types::{Ty, TyId};
use crate::vm::{FuncId, Prog, I};

/// Replaces the body of every function `entry` cannot reach with a trap.
pub fn prune(prog: &mut Prog, entry: FuncId) {
    let live = reachable(prog, entry);
    for (i, f) in prog.funcs.iter_mut().enumerate() {
        if !live[i] && !f.code.is_empty() {
            let line = f.lines.first().copied().unwrap_or(0);
            f.code = vec![I::Trap(Arc::from(
                "gmp: internal error: a function the explorer judged unreachable was called (please report it)",
            ))];
            f.lines = vec![line];
            f.static_calls.clear();
        }
    }
}

/// Which functions can run, by id.
pub fn reachable(prog: &Prog, entry: FuncId) -> Vec<bool> {
    let n = prog.funcs.len();
    let mut live = vec![false; n];
    let mut work: Vec<FuncId> = Vec::new();
    let mut types: HashSet<TyId> = HashSet::new();
    let mut type_work: Vec<TyId> = Vec::new();
    let mark = |f: FuncId, live: &mut Vec<bool>, work: &mut Vec<FuncId>| {
        if let Some(l) = live.get_mut(f as usize) {
            if !*l {
                *l = true;
                work.push(f);
            }
        }
    };
    mark(entry, &mut live, &mut work);
    mark(prog.init, &mut live, &mut work);
    mark(prog.main, &mut live, &mut work);
    if prog.types.panic_nil != 0 {
        type_work.push(prog.types.panic_nil);
    }
    loop {
        while let Some(f) = work.pop() {
            for ins in &prog.funcs[f as usize].code {
                match ins {
                    I::Call { f, .. } | I::Closure(_, f, _) => mark(*f, &mut live, &mut work),
                    I::ToIface(_, _, t) => type_work.push(*t),
                    _ => {}
                }
            }
        }
        // The types now known to reach an interface, and what they contain.
        let mut new_types = false;
        while let Some(t) = type_work.pop() {
            if !types.insert(t) {
                continue;
            }
            new_types = true;
            match prog.types.get(t) {
                Ty::Named(_, u) | Ty::Ptr(u) | Ty::Slice(u) | Ty::Array(_, u) | Ty::Chan(u) => {
                    type_work.push(*u)
                }
                Ty::Map(k, v) => {
                    type_work.push(*k);
                    type_work.push(*v);
                }
                Ty::Struct(fs) => type_work.extend(fs.iter().map(|f| f.1)),
                _ => {}
            }
        }
        if !new_types {
            break;
        }
        for ((t, _), (f, _)) in &prog.methods {
            let base = match prog.types.get(*t) {
                Ty::Ptr(b) => *b,
                _ => *t,
            };
            if types.contains(t) || types.contains(&base) {
                mark(*f, &mut live, &mut work);
            }
        }
        if work.is_empty() {
            break;
        }
    }
    live
}
