//! The VM's view of Go types: what it needs to make zero values, format values
//! (`fmt`), assert and switch on dynamic types, and name types in messages.

use std::sync::Arc;

use crate::vm::V;

pub type TyId = u32;

/// Type id 0: no type (a nil interface).
pub const NIL_TYPE: TyId = 0;
/// Type id 1: `runtime.Error` values made by the VM (index out of range, ...).
pub const RUNTIME_ERROR: TyId = 1;
/// Type id 2: a value fmt has already turned into its text (an element's `String()`),
/// printed as it is.
pub const FORMATTED: TyId = 2;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    Invalid,
    Bool,
    Int {
        bits: u8,
        signed: bool,
    },
    Float,
    /// `float32`: held as the f64 of the float32 value, rounded after each operation.
    Float32,
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
    /// Methods: name and signature (the canonical id of its `func` type, receiver
    /// left out), so `interface{ Unwrap() error }` is not met by `Unwrap() []error`.
    Iface(Vec<(Arc<str>, TyId)>),
    /// A defined type: its qualified name (`main.T`) and underlying type.
    Named(String, TyId),
    Tuple(Vec<TyId>),
}

#[derive(Debug, Default)]
pub struct Types {
    pub tys: Vec<Ty>,
    pub names: Vec<String>,
    /// The id of `func() string`, the signature fmt calls `Error` and `String` by (0:
    /// the program has no such type; then any signature is taken).
    pub string_method: TyId,
    /// The id of `*runtime.PanicNilError`, what `panic(nil)` panics with (0: none).
    pub panic_nil: TyId,
    /// The id of `string` (what a library panic's text is), or [`FORMATTED`] if the
    /// program has no other.
    pub string: TyId,
}

impl Types {
    pub fn new() -> Types {
        Types {
            tys: vec![Ty::Invalid, Ty::Str, Ty::Str],
            names: vec!["nil".into(), "runtime.Error".into(), "string".into()],
            string_method: 0,
            panic_nil: 0,
            string: FORMATTED,
        }
    }
    /// Finds [`Types::string_method`] (after compiling or decoding a program).
    pub fn index(&mut self) {
        self.string_method = (0..self.tys.len())
            .find(|&i| self.tys[i] == Ty::Func && self.names[i] == "func() string")
            .map_or(0, |i| i as TyId);
        self.panic_nil = (0..self.names.len())
            .find(|&i| self.names[i] == "*runtime.PanicNilError")
            .map_or(0, |i| i as TyId);
        self.string = (3..self.tys.len())
            .find(|&i| self.tys[i] == Ty::Str && self.names[i] == "string")
            .map_or(FORMATTED, |i| i as TyId);
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
            Ty::Float | Ty::Float32 => V::Float(0.0),
            Ty::Str => V::Str(Arc::from("")),
            Ty::Struct(fs) => V::Agg(fs.iter().map(|f| self.zero(f.1)).collect()),
            Ty::Array(n, e) => V::Agg((0..*n).map(|_| self.zero(*e)).collect()),
            _ => V::Nil,
        }
    }
    /// Does a value of this type hold pointers (what the GC scans; `noscan` is its
    /// absence)? Strings, slices, maps, channels, funcs, interfaces and pointers do.
    pub fn has_pointers(&self, id: TyId) -> bool {
        self.has_pointers_in(id, 0)
    }

    fn has_pointers_in(&self, id: TyId, depth: u32) -> bool {
        if depth > 32 {
            return true;
        }
        match self.under(id) {
            Ty::Bool | Ty::Int { .. } | Ty::Float | Ty::Float32 => false,
            Ty::Array(0, _) => false,
            Ty::Array(_, e) => self.has_pointers_in(*e, depth + 1),
            Ty::Struct(fs) => fs.iter().any(|f| self.has_pointers_in(f.1, depth + 1)),
            _ => true,
        }
    }

    /// Can values of this type be compared with `==` (`reflect.Type.Comparable`)?
    pub fn comparable(&self, id: TyId) -> bool {
        self.comparable_in(id, 0)
    }

    fn comparable_in(&self, id: TyId, depth: u32) -> bool {
        if depth > 32 {
            return true;
        }
        match self.under(id) {
            Ty::Slice(_) | Ty::Map(..) | Ty::Func => false,
            Ty::Array(_, e) => self.comparable_in(*e, depth + 1),
            Ty::Struct(fs) => fs.iter().all(|f| self.comparable_in(f.1, depth + 1)),
            _ => true,
        }
    }

    /// Size in bytes on amd64 (`types.Sizeof`), for frame layouts.
    pub fn size(&self, id: TyId) -> u64 {
        match self.under(id) {
            Ty::Bool => 1,
            Ty::Int { bits, .. } => *bits as u64 / 8,
            Ty::Float32 => 4,
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
