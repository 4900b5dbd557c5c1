//! Copying goroutines for a checkpoint of the deterministic driver
//! (`gmp_core::fork`): a deep copy of each goroutine's frames and of everything they
//! reach (captured variables, slices' backing arrays, maps, globals, values in flight
//! through channels). What goroutines share before is shared after: every `Arc` is
//! copied once per [`Forker`].

use std::sync::{Arc, Mutex};

use gmp_core::code::GCode;
use gmp_core::fork::Forker;

use super::{Arr, ChanVals, Closure, Frame, Gor, MapObj, Ptr, Slice, V};

fn vals(vs: &[V], f: &mut Forker) -> Vec<V> {
    vs.iter().map(|v| fork_v(v, f)).collect()
}

fn cell(c: &Arc<Mutex<V>>, f: &mut Forker) -> Arc<Mutex<V>> {
    f.cell(c, |f, v| fork_v(v, f))
}

fn array(a: &Arc<Mutex<Vec<V>>>, f: &mut Forker) -> Arc<Mutex<Vec<V>>> {
    f.cell(a, |f, v| vals(v, f))
}

fn ptr(p: &Ptr, f: &mut Forker) -> Ptr {
    match p {
        Ptr::Cell(c) => Ptr::Cell(cell(c, f)),
        Ptr::Elem(a, i) => Ptr::Elem(array(a, f), *i),
        Ptr::Sub(p, i) => Ptr::Sub(f.arc(p, |f, p| ptr(p, f)), *i),
        Ptr::Raw(a, i) => Ptr::Raw(f.cell(a, |_, a| a.clone()), *i),
    }
}

/// A deep copy of a value.
pub(super) fn fork_v(v: &V, f: &mut Forker) -> V {
    match v {
        V::Nil => V::Nil,
        V::Bool(b) => V::Bool(*b),
        V::Int(i) => V::Int(*i),
        V::Float(x) => V::Float(*x),
        V::Str(s) => V::Str(s.clone()),
        V::Chan(c) => V::Chan(*c),
        V::Ptr(p) => V::Ptr(ptr(p, f)),
        V::Slice(s) => V::Slice(Box::new(Slice {
            arr: match &s.arr {
                Arr::Vec(a) => Arr::Vec(array(a, f)),
                Arr::Array(p) => Arr::Array(f.arc(p, |f, p| ptr(p, f))),
                Arr::Raw(a) => Arr::Raw(f.cell(a, |_, a| a.clone())),
            },
            off: s.off,
            len: s.len,
            cap: s.cap,
        })),
        V::Map(m) => V::Map(f.cell(m, |f, m| {
            // Keys that are pointers are indexed by address: index the copies.
            MapObj::from_entries(vals(&m.keys, f), vals(&m.vals, f))
        })),
        V::Func(c) => V::Func(f.arc(c, |f, c| Closure {
            func: c.func,
            caps: vals(&c.caps, f).into_boxed_slice(),
        })),
        V::Iface(i) => V::Iface(f.arc(i, |f, (t, v)| (*t, fork_v(v, f)))),
        V::Agg(a) => V::Agg(vals(a, f).into_boxed_slice()),
        V::Tuple(a) => V::Tuple(vals(a, f).into_boxed_slice()),
    }
}

fn frame(fr: &Frame, f: &mut Forker) -> Frame {
    Frame {
        func: fr.func,
        pc: fr.pc,
        regs: vals(&fr.regs, f),
        dst: fr.dst,
        nret: fr.nret,
        defers: fr
            .defers
            .iter()
            .map(|(d, args)| (fork_v(d, f), vals(args, f)))
            .collect(),
        returning: fr.returning.as_ref().map(|r| vals(r, f)),
        is_defer: fr.is_defer,
        used_below: fr.used_below,
        phys: fr.phys,
    }
}

/// The copy of a run's values in flight (shared by all its goroutines).
pub(super) fn fork_chans(c: &Arc<ChanVals>, f: &mut Forker) -> Arc<ChanVals> {
    f.arc(c, |f, c| ChanVals {
        next: std::sync::atomic::AtomicI64::new(c.next.load(std::sync::atomic::Ordering::Relaxed)),
        vals: Mutex::new(
            super::lock(&c.vals)
                .iter()
                .map(|(k, v)| (*k, fork_v(v, f)))
                .collect(),
        ),
        time_loc: Mutex::new(fork_v(&super::lock(&c.time_loc), f)),
    })
}

/// The copy of a run's package-level variables.
pub(super) fn fork_globals(g: &Arc<Vec<super::Cell>>, f: &mut Forker) -> Arc<Vec<super::Cell>> {
    f.arc(g, |f, g| g.iter().map(|c| cell(c, f)).collect())
}

impl Gor {
    pub(super) fn fork(&self, f: &mut Forker) -> Box<dyn GCode> {
        let chans = fork_chans(&self.chans, f);
        let globals = fork_globals(&self.globals, f);
        Box::new(Gor {
            prog: self.prog.clone(),
            frames: self.frames.iter().map(|fr| frame(fr, f)).collect(),
            used: self.used,
            pending: self.pending.clone(),
            panicking: self.panicking.as_ref().map(|v| fork_v(v, f)),
            recovered: self.recovered,
            goexiting: self.goexiting,
            panic_where: self.panic_where.clone(),
            ps: self.ps,
            chans,
            globals,
            sel_map: self.sel_map.clone(),
            result: vals(&self.result, f),
            carry_ps: self.carry_ps,
            goid: self.goid,
            panic_method_text: self.panic_method_text.clone(),
            // Spare register vectors are empty: only their allocations are reused.
            spare: Vec::new(),
            sync_depth: self.sync_depth,
            prior_panics: self.prior_panics.clone(),
            repanic: self.repanic,
            frame_bytes: self.frame_bytes,
            alloc: self.alloc,
            at_branch: self.at_branch,
            label: self.label.clone(),
        })
    }
}
