//! The VM's view of Go types: what it needs to make zero values, format values
//! (`fmt`), assert and switch on dynamic types, and name types in messages.

use std::sync::Arc;

use crate::vm::V;

pub type TyId = u32;

/// Type id 0: no type (a nil interface).
pub const NIL_TYPE: TyId = 0;
/// Type id 1: `runtime.Error` values made by the VM (index out of range, ...).
pub const RUNTIME_ERROR: TyId = 1;

#[derive(Clone, Debug, PartialEq)]
pub enum Ty {
    Invalid,
    Bool,
    Int {
        bits: u8,
        signed: bool,
    },
    Float,
    Str,
    UnsafePtr,
    Slice(TyId),
    Array(u64, TyId),
    Map(TyId, TyId),
    Chan(TyId),
    Ptr(TyId),
    /// Fields: name, type, embedded.
    Struct(Vec<(Arc<str>, TyId, bool)>),
    Func,
    /// Method names.
    Iface(Vec<Arc<str>>),
    /// A defined type: its qualified name (`main.T`) and underlying type.
    Named(String, TyId),
    Tuple(Vec<TyId>),
}

#[derive(Debug, Default)]
pub struct Types {
    pub tys: Vec<Ty>,
    pub names: Vec<String>,
}

impl Types {
    pub fn new() -> Types {
        Types {
            tys: vec![Ty::Invalid, Ty::Str],
            names: vec!["nil".into(), "runtime.Error".into()],
        }
    }
    pub fn add(&mut self, t: Ty, name: String) -> TyId {
        self.tys.push(t);
        self.names.push(name);
        (self.tys.len() - 1) as TyId
    }
    pub fn get(&self, id: TyId) -> &Ty {
        &self.tys[id as usize]
    }
    /// The underlying type (through defined types).
    pub fn under(&self, mut id: TyId) -> &Ty {
        for _ in 0..64 {
            match self.get(id) {
                Ty::Named(_, u) => id = *u,
                t => return t,
            }
        }
        &Ty::Invalid
    }
    pub fn under_id(&self, mut id: TyId) -> TyId {
        for _ in 0..64 {
            match self.get(id) {
                Ty::Named(_, u) => id = *u,
                _ => return id,
            }
        }
        id
    }
    pub fn name(&self, id: TyId) -> String {
        self.names[id as usize].clone()
    }
    pub fn zero(&self, id: TyId) -> V {
        match self.under(id) {
            Ty::Bool => V::Bool(false),
            Ty::Int { .. } | Ty::UnsafePtr => V::Int(0),
            Ty::Float => V::Float(0.0),
            Ty::Str => V::Str(Arc::from("")),
            Ty::Struct(fs) => V::Agg(fs.iter().map(|f| self.zero(f.1)).collect()),
            Ty::Array(n, e) => V::Agg((0..*n).map(|_| self.zero(*e)).collect()),
            _ => V::Nil,
        }
    }
    /// Size in bytes on amd64 (`types.Sizeof`), for frame layouts.
    pub fn size(&self, id: TyId) -> u64 {
        match self.under(id) {
            Ty::Bool => 1,
            Ty::Int { bits, .. } => *bits as u64 / 8,
            Ty::Float | Ty::UnsafePtr | Ty::Ptr(_) | Ty::Map(..) | Ty::Chan(_) | Ty::Func => 8,
            Ty::Str | Ty::Iface(_) => 16,
            Ty::Slice(_) => 24,
            Ty::Array(n, e) => n * self.size(*e),
            Ty::Struct(fs) => {
                let s: u64 = fs.iter().map(|f| self.size(f.1).max(1)).sum();
                (s + 7) / 8 * 8
            }
            Ty::Tuple(ts) => ts.iter().map(|t| self.size(*t)).sum(),
            _ => 8,
        }
    }
}
