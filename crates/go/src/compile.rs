//! # From checked Go to VM code
//!
//! Walks the AST that `go-parser` built, with the types and objects `go-types`
//! recorded, and emits register code ([`crate::vm::I`]) per function. Variables that a
//! closure captures, whose address is taken, or that are structs or arrays live in heap
//! cells (the register holds a pointer); all others are registers. Frame sizes follow
//! the gc compiler's amd64 layout as closely as this estimate can: locals, the outgoing
//! argument spill area, the saved frame pointer and the return address.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use go_parser::ast::{self, Expr, Node, Stmt};
use go_parser::{AstObjects, FileSet, IdentKey, Token};
use go_types::check::TypeInfo;
use go_types::typ::{BasicType, ChanDir, Type};
use go_types::{ConstValue, EntityType, ObjKey, OperandMode, SelectionKind, TCObjects, TypeKey};

use crate::types::{Ty, TyId, Types};
use crate::vm::{self, BinOp, Conv, FuncId, Kind, Native, Reg, I, V};
use crate::Diag;

type R<T> = Result<T, Diag>;

/// What the checker recorded for an expression.
#[derive(Clone)]
pub(crate) struct TV {
    pub(crate) mode: OperandMode,
    pub(crate) typ: TypeKey,
}

pub struct Ctx<'a> {
    pub ast: &'a AstObjects,
    pub tc: &'a TCObjects,
    pub fset: &'a FileSet,
    pub infos: Vec<&'a TypeInfo>,
}

impl Ctx<'_> {
    /// The object an identifier uses or defines (the checker's `uses`, then `defs`).
    pub(crate) fn obj_of(&self, id: IdentKey) -> Option<ObjKey> {
        for ti in &self.infos {
            if let Some(o) = ti.uses.get(&id) {
                return Some(*o);
            }
            if let Some(Some(o)) = ti.defs.get(&id) {
                return Some(*o);
            }
        }
        None
    }

    /// An expression's mode and type, as the checker recorded them.
    pub(crate) fn tv(&self, e: &Expr) -> Option<TV> {
        let id = e.id();
        self.infos
            .iter()
            .find_map(|ti| ti.types.get(&id))
            .map(|t| TV {
                mode: t.mode.clone(),
                typ: t.typ,
            })
    }
}

struct Local {
    reg: Reg,
    boxed: bool,
}

struct LoopCx {
    label: Option<String>,
    breaks: Vec<usize>,
    conts: Vec<usize>,
    is_loop: bool,
}

#[derive(Default)]
struct FnCx {
    /// Its body's escapes are known: a declaration's `scan_escapes` covers the function
    /// and every literal in it (the package initialiser's literals are scanned one by
    /// one, see `func_lit`).
    scanned: bool,
    code: Vec<I>,
    lines: Vec<u32>,
    nregs: u32,
    locals: HashMap<ObjKey, Local>,
    /// Captured variables of a closure: outer object -> register here.
    caps: Vec<ObjKey>,
    loops: Vec<LoopCx>,
    results: Vec<Reg>,
    result_tys: Vec<TypeKey>,
    has_call: bool,
    /// Calls other than static calls of program functions (natives, runtime ops).
    other_calls: u32,
    /// Static calls of program functions, by callee.
    static_calls: Vec<FuncId>,
    has_loop: bool,
    frame_locals: u64,
    max_args: u64,
    slot_off: Vec<u32>,
    pending_label: Option<String>,
    /// Where each label's statement begins, and the `goto`s waiting for theirs (the
    /// checker has made sure each label exists and no goto jumps into a block or
    /// over a declaration).
    labels: HashMap<String, u32>,
    gotos: Vec<(usize, String)>,
    /// Fallthrough jumps waiting for the next clause's body.
    fallthrough: Vec<usize>,
    /// Inside a go/defer thunk: (has a receiver, the parameter registers).
    thunk_args: Option<(bool, Vec<Reg>)>,
    /// Code positions a jump may target.
    targets: HashSet<u32>,
    /// The function's name, and how many closures it has made (`main.f.func1`).
    name: String,
    nlits: u32,
}

pub struct Compiler<'a> {
    cx: Ctx<'a>,
    pub types: Types,
    ty_cache: HashMap<TypeKey, TyId>,
    /// The one id of each unnamed type, by its name and shape (see [`Compiler::ty`]).
    canon: HashMap<(String, Ty), TyId>,
    pub funcs: Vec<vm::Func>,
    func_ids: HashMap<ObjKey, FuncId>,
    pending: Vec<(FuncId, ObjKey, Rc2)>,
    globals: HashMap<ObjKey, u32>,
    pub all_globals: Vec<V>,
    pub methods: HashMap<(TyId, Arc<str>), (FuncId, bool)>,
    escaping: HashSet<ObjKey>,
    /// Variables closures capture: on the heap in Go (8 bytes of pointer in the frame).
    captured: HashSet<ObjKey>,
    /// Functions marked `//go:noinline`.
    pub noinline: HashSet<String>,
    stack: Vec<FnCx>,
    pub file: String,
    /// Locals of 1 KB or more that live in their function's frame (for the teaching
    /// lints: [`crate::lint`]).
    pub big_locals: Vec<BigLocal>,
}

/// A local variable of at least [`BIG_LOCAL`] bytes in its function's frame.
#[derive(Clone, Debug)]
pub struct BigLocal {
    /// The function whose frame holds it (`main.walk`).
    pub func: String,
    pub name: String,
    pub line: u32,
    pub col: u32,
    pub size: u64,
}

/// What counts as a large local: 1 KB.
pub const BIG_LOCAL: u64 = 1024;

/// A function body to compile later: a declaration.
type Rc2 = go_parser::FuncDeclKey;

fn natives() -> HashMap<&'static str, Native> {
    use Native::*;
    [
        ("fmt.Println", Println),
        ("fmt.Printf", Printf),
        ("fmt.Print", Print),
        ("fmt.Sprintf", Sprintf),
        ("fmt.Sprint", Sprint),
        ("fmt.Sprintln", Sprintln),
        ("fmt.errorf", Errorf),
        ("runtime.Gosched", Gosched),
        ("runtime.GOMAXPROCS", Gomaxprocs),
        ("runtime.NumGoroutine", NumGoroutine),
        ("runtime.NumCPU", NumCpu),
        ("runtime.GC", Gc),
        ("runtime.LockOSThread", LockOSThread),
        ("runtime.UnlockOSThread", UnlockOSThread),
        ("runtime.Stack", Stack),
        ("sync.Add", WgAdd),
        ("sync.Done", WgDone),
        ("sync.Wait", WgWait),
        ("sync.Lock", MutexLock),
        ("sync.Unlock", MutexUnlock),
        ("time.Sleep", Sleep),
        ("time.Now", Now),
        ("time.runtimeNano", Nanotime),
        ("time.durationString", DurationString),
        ("os.Exit", Exit),
        ("strings.Repeat", Repeat),
        ("strings.Join", Join),
        ("strings.Contains", Contains),
        ("strings.HasPrefix", HasPrefix),
        ("strings.HasSuffix", HasSuffix),
        ("strings.ToUpper", ToUpper),
        ("strings.ToLower", ToLower),
        ("strings.Split", Split),
        ("strings.TrimSpace", TrimSpace),
        ("strings.Index", Index),
        ("strconv.Itoa", Itoa),
        ("sync/atomic.AddInt64", AtomicAdd),
        ("sync/atomic.AddInt32", AtomicAdd32),
        ("sync/atomic.LoadInt64", AtomicLoad),
        ("sync/atomic.LoadInt32", AtomicLoad),
        ("sync/atomic.StoreInt64", AtomicStore),
        ("sync/atomic.StoreInt32", AtomicStore),
        ("sync/atomic.SwapInt64", AtomicSwap),
        ("sync/atomic.CompareAndSwapInt64", AtomicCas),
        ("sync/atomic.CompareAndSwapInt32", AtomicCas),
        ("math/rand.Int63", RandInt63),
        ("math/rand.Intn", RandIntn),
        ("strconv.Atoi", Atoi),
        ("os.read", SysRead),
        ("net.netRead", NetRead),
        ("net.accept", Accept),
        ("gmp/explorer.slowFile", SlowFile),
        ("gmp/explorer.slowPeer", SlowPeer),
        ("gmp/explorer.takeRequests", TakeRequests),
    ]
    .into_iter()
    .collect()
}

impl<'a> Compiler<'a> {
    pub fn new(cx: Ctx<'a>, file: String) -> Compiler<'a> {
        Compiler {
            cx,
            types: Types::new(),
            ty_cache: HashMap::new(),
            canon: HashMap::new(),
            funcs: Vec::new(),
            func_ids: HashMap::new(),
            pending: Vec::new(),
            globals: HashMap::new(),
            all_globals: Vec::new(),
            methods: HashMap::new(),
            escaping: HashSet::new(),
            captured: HashSet::new(),
            noinline: HashSet::new(),
            stack: Vec::new(),
            file,
            big_locals: Vec::new(),
        }
    }

    fn diag(&self, pos: usize, msg: impl Into<String>) -> Diag {
        let (line, col) = self
            .cx
            .fset
            .position(pos)
            .map(|p| (p.line as u32, p.column as u32))
            .unwrap_or((0, 0));
        Diag {
            line,
            col,
            msg: msg.into(),
        }
    }

    fn line_of(&self, pos: usize) -> u32 {
        self.cx
            .fset
            .position(pos)
            .map(|p| p.line as u32)
            .unwrap_or(0)
    }

    fn unsupported(&self, pos: usize, what: &str) -> Diag {
        self.diag(
            pos,
            format!("gmp: {what} is not supported by the explorer's Go subset"),
        )
    }

    // ---------------------------------------------------------------- types

    fn tv(&self, e: &Expr) -> Option<TV> {
        self.cx.tv(e)
    }

    fn type_of(&self, e: &Expr) -> TypeKey {
        self.tv(e)
            .map(|t| t.typ)
            .expect("checked expression has a type")
    }

    fn tk(&self, k: TypeKey) -> &'a Type {
        &self.cx.tc.types[k]
    }

    fn a(&self) -> &'a AstObjects {
        self.cx.ast
    }

    fn under(&self, k: TypeKey) -> TypeKey {
        go_types::typ::underlying_type(k, self.cx.tc)
    }

    fn is_iface(&self, k: TypeKey) -> bool {
        matches!(self.tk(self.under(k)), Type::Interface(_))
    }

    fn is_ptr(&self, k: TypeKey) -> bool {
        matches!(self.tk(self.under(k)), Type::Pointer(_))
    }

    fn elem_of_ptr(&self, k: TypeKey) -> TypeKey {
        match self.tk(self.under(k)) {
            Type::Pointer(p) => p.base(),
            _ => k,
        }
    }

    fn ty(&mut self, k: TypeKey) -> TyId {
        if let Some(&t) = self.ty_cache.get(&k) {
            return t;
        }
        // One id per pointer type, however many keys the checker made for it (method
        // tables are keyed by it).
        if let Type::Pointer(p) = self.tk(k) {
            let b = self.ty(p.base());
            let id = self.ptr_ty(b);
            self.ty_cache.insert(k, id);
            return id;
        }
        let name = self.rt_name(k);
        // A defined type is reserved first (recursive types refer to it). An unnamed
        // one cannot refer to itself but through a defined type, so it is built first
        // and then made the one id of every identical type (the checker makes a key per
        // occurrence of `[]int`; `x.([]int)` compares ids).
        let named = matches!(self.tk(k), Type::Named(_));
        let id = if named {
            let id = self.types.add(Ty::Invalid, name.clone());
            self.ty_cache.insert(k, id);
            id
        } else {
            0
        };
        let t = match self.tk(k) {
            Type::Basic(b) => match b.typ() {
                BasicType::Bool | BasicType::UntypedBool => Ty::Bool,
                BasicType::Int | BasicType::UntypedInt | BasicType::Int64 => Ty::Int {
                    bits: 64,
                    signed: true,
                },
                BasicType::Int8 => Ty::Int {
                    bits: 8,
                    signed: true,
                },
                BasicType::Int16 => Ty::Int {
                    bits: 16,
                    signed: true,
                },
                BasicType::Int32 | BasicType::Rune | BasicType::UntypedRune => Ty::Int {
                    bits: 32,
                    signed: true,
                },
                BasicType::Uint | BasicType::Uint64 | BasicType::Uintptr => Ty::Int {
                    bits: 64,
                    signed: false,
                },
                BasicType::Uint8 | BasicType::Byte => Ty::Int {
                    bits: 8,
                    signed: false,
                },
                BasicType::Uint16 => Ty::Int {
                    bits: 16,
                    signed: false,
                },
                BasicType::Uint32 => Ty::Int {
                    bits: 32,
                    signed: false,
                },
                BasicType::Float32 => Ty::Float32,
                BasicType::Float64 | BasicType::UntypedFloat => Ty::Float,
                BasicType::Str | BasicType::UntypedString => Ty::Str,
                BasicType::UnsafePointer => Ty::UnsafePtr,
                _ => Ty::Invalid,
            },
            Type::Array(a) => {
                let (n, e) = (a.len().unwrap_or(0), a.elem());
                Ty::Array(n, self.ty(e))
            }
            Type::Slice(s) => {
                let e = s.elem();
                Ty::Slice(self.ty(e))
            }
            Type::Pointer(p) => {
                let b = p.base();
                Ty::Ptr(self.ty(b))
            }
            Type::Map(m) => {
                let (a, b) = (m.key(), m.elem());
                Ty::Map(self.ty(a), self.ty(b))
            }
            Type::Chan(c) => {
                let e = c.elem();
                Ty::Chan(self.ty(e))
            }
            Type::Struct(s) => {
                let fields: Vec<ObjKey> = s.fields().clone();
                let mut fs = Vec::new();
                for f in fields {
                    let o = &self.cx.tc.lobjs[f];
                    let (n, t, emb) = (o.name().clone(), o.typ().unwrap(), o.var_embedded());
                    let tid = self.ty(t);
                    fs.push((Arc::from(n.as_str()), tid, emb));
                }
                Ty::Struct(fs)
            }
            Type::Signature(_) => Ty::Func,
            Type::Interface(i) => {
                let ms: Vec<ObjKey> = i.all_methods().as_ref().cloned().unwrap_or_default();
                let ms = ms
                    .into_iter()
                    .map(|m| {
                        let o = &self.cx.tc.lobjs[m];
                        let name: Arc<str> = Arc::from(o.name().as_str());
                        let sig = o.typ().map(|t| self.ty(t)).unwrap_or(0);
                        (name, sig)
                    })
                    .collect();
                Ty::Iface(ms)
            }
            Type::Named(n) => {
                let u = n.underlying();
                Ty::Named(name.clone(), self.ty(u))
            }
            Type::Tuple(t) => {
                let vs: Vec<ObjKey> = t.vars().clone();
                let ts = vs
                    .iter()
                    .map(|v| {
                        let t = self.cx.tc.lobjs[*v].typ().unwrap();
                        self.ty(t)
                    })
                    .collect();
                Ty::Tuple(ts)
            }
        };
        if named {
            self.types.tys[id as usize] = t;
            return id;
        }
        let id = match self.canon.get(&(name.clone(), t.clone())) {
            Some(&id) => id,
            None => {
                let id = self.types.add(t.clone(), name.clone());
                self.canon.insert((name, t), id);
                id
            }
        };
        self.ty_cache.insert(k, id);
        id
    }

    fn type_name(&self, k: TypeKey) -> String {
        let s = format!(
            "{}",
            go_types::Displayer::new(&k, Some(self.cx.ast), Some(self.cx.tc))
        );
        s.replace("interface{}", "interface {}")
    }

    /// A type's name as the running program prints it (`%T`, panics, interface
    /// conversion errors): reflect's `rtype.String`, every defined type qualified by its
    /// package's name (`main.Rect`, `time.Duration`), `byte` and `rune` as `uint8` and
    /// `int32`, `struct { A int; B string }`, `func(int, ...string) (int, error)`.
    /// The checker's own printing is for compile errors (package main unqualified).
    fn rt_name(&self, k: TypeKey) -> String {
        let mut out = String::new();
        self.rt_name_into(k, &mut out, 0);
        out
    }

    fn rt_name_into(&self, k: TypeKey, out: &mut String, depth: u32) {
        if depth > 32 {
            out.push_str("...");
            return;
        }
        let tc = self.cx.tc;
        let list = |c: &Self, vars: &[ObjKey], variadic: bool, out: &mut String| {
            for (i, v) in vars.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                let t = tc.lobjs[*v].typ().unwrap();
                if variadic && i + 1 == vars.len() {
                    out.push_str("...");
                    let e = match c.tk(t) {
                        Type::Slice(s) => s.elem(),
                        _ => t,
                    };
                    c.rt_name_into(e, out, depth + 1);
                } else {
                    c.rt_name_into(t, out, depth + 1);
                }
            }
        };
        match self.tk(k) {
            Type::Basic(b) => out.push_str(match b.typ() {
                BasicType::Byte => "uint8",
                BasicType::Rune | BasicType::UntypedRune => "int32",
                BasicType::UntypedBool => "bool",
                BasicType::UntypedInt => "int",
                BasicType::UntypedFloat => "float64",
                BasicType::UntypedString => "string",
                BasicType::UntypedNil => "nil",
                _ => b.name(),
            }),
            Type::Named(n) => match n.obj() {
                Some(o) => {
                    let lo = &tc.lobjs[*o];
                    if let Some(p) = lo.pkg() {
                        let p = &tc.pkgs[p];
                        let name = p.name().clone().unwrap_or_else(|| p.path().clone());
                        out.push_str(&name);
                        out.push('.');
                    }
                    out.push_str(lo.name());
                }
                None => out.push_str("?"),
            },
            Type::Pointer(p) => {
                out.push('*');
                self.rt_name_into(p.base(), out, depth + 1);
            }
            Type::Slice(s) => {
                out.push_str("[]");
                self.rt_name_into(s.elem(), out, depth + 1);
            }
            Type::Array(a) => {
                out.push_str(&format!("[{}]", a.len().unwrap_or(0)));
                self.rt_name_into(a.elem(), out, depth + 1);
            }
            Type::Map(m) => {
                out.push_str("map[");
                self.rt_name_into(m.key(), out, depth + 1);
                out.push(']');
                self.rt_name_into(m.elem(), out, depth + 1);
            }
            Type::Chan(c) => {
                let e = c.elem();
                match c.dir() {
                    ChanDir::SendOnly => out.push_str("chan<- "),
                    ChanDir::RecvOnly => out.push_str("<-chan "),
                    ChanDir::SendRecv => {
                        out.push_str("chan ");
                        // reflect: `chan (<-chan int)`, so the arrow binds as written.
                        if matches!(self.tk(e), Type::Chan(ce) if ce.dir() == ChanDir::RecvOnly) {
                            out.push('(');
                            self.rt_name_into(e, out, depth + 1);
                            out.push(')');
                            return;
                        }
                    }
                }
                self.rt_name_into(e, out, depth + 1);
            }
            Type::Struct(s) => {
                if s.fields().is_empty() {
                    out.push_str("struct {}");
                    return;
                }
                out.push_str("struct { ");
                for (i, f) in s.fields().iter().enumerate() {
                    if i > 0 {
                        out.push_str("; ");
                    }
                    let o = &tc.lobjs[*f];
                    if !o.var_embedded() {
                        out.push_str(o.name());
                        out.push(' ');
                    }
                    self.rt_name_into(o.typ().unwrap(), out, depth + 1);
                    if let Some(tag) = s.tag(i) {
                        out.push(' ');
                        out.push_str(&format!("{tag:?}"));
                    }
                }
                out.push_str(" }");
            }
            Type::Signature(sig) => {
                out.push_str("func(");
                if let Type::Tuple(p) = self.tk(sig.params()) {
                    list(self, p.vars(), sig.variadic(), out);
                }
                out.push(')');
                if let Type::Tuple(r) = self.tk(sig.results()) {
                    match r.vars().len() {
                        0 => {}
                        1 => {
                            out.push(' ');
                            list(self, r.vars(), false, out);
                        }
                        _ => {
                            out.push_str(" (");
                            list(self, r.vars(), false, out);
                            out.push(')');
                        }
                    }
                }
            }
            Type::Interface(i) => {
                let mut ms: Vec<ObjKey> = i.all_methods().as_ref().cloned().unwrap_or_default();
                if ms.is_empty() {
                    out.push_str("interface {}");
                    return;
                }
                ms.sort_by(|a, b| tc.lobjs[*a].name().cmp(tc.lobjs[*b].name()));
                out.push_str("interface { ");
                for (n, m) in ms.iter().enumerate() {
                    if n > 0 {
                        out.push_str("; ");
                    }
                    let o = &tc.lobjs[*m];
                    out.push_str(o.name());
                    let mut sig = String::new();
                    self.rt_name_into(o.typ().unwrap(), &mut sig, depth + 1);
                    out.push_str(sig.strip_prefix("func").unwrap_or(&sig));
                }
                out.push_str(" }");
            }
            Type::Tuple(t) => {
                out.push('(');
                list(self, t.vars(), false, out);
                out.push(')');
            }
        }
    }

    fn kind(&mut self, k: TypeKey) -> Kind {
        let t = self.ty(k);
        match self.types.under(t) {
            Ty::Int { bits, signed } => Kind::Int {
                bits: *bits,
                signed: *signed,
            },
            Ty::UnsafePtr => Kind::Int {
                bits: 64,
                signed: false,
            },
            Ty::Float => Kind::Float,
            Ty::Float32 => Kind::Float32,
            Ty::Str => Kind::Str,
            Ty::Bool => Kind::Bool,
            _ => Kind::Other,
        }
    }

    fn zero(&mut self, k: TypeKey) -> V {
        let t = self.ty(k);
        self.types.zero(t)
    }

    // ------------------------------------------------------------- objects

    fn obj_of(&self, id: IdentKey) -> Option<ObjKey> {
        self.cx.obj_of(id)
    }

    fn pkg_path(&self, o: ObjKey) -> String {
        self.cx.tc.lobjs[o]
            .pkg()
            .map(|p| self.cx.tc.pkgs[p].path().clone())
            .unwrap_or_default()
    }

    fn qual_name(&self, o: ObjKey) -> String {
        let lo = &self.cx.tc.lobjs[o];
        format!("{}.{}", self.pkg_path(o), lo.name())
    }

    // --------------------------------------------------------------- emit

    fn f(&mut self) -> &mut FnCx {
        self.stack.last_mut().unwrap()
    }

    fn reg(&mut self) -> Reg {
        let f = self.f();
        f.nregs += 1;
        f.slot_off.push(0);
        f.nregs - 1
    }

    fn emit(&mut self, i: I, line: u32) -> usize {
        // Peepholes, never across a jump target: an operation whose result a Move
        // copies to a variable writes the variable directly; an integer compare whose
        // only use is the next conditional jump becomes one fused jump.
        let at = self.f().code.len();
        if at > 0 && !self.f().targets.contains(&(at as u32)) {
            let temp = |f: &FnCx, r: Reg| {
                !f.locals.values().any(|l| l.reg == r) && !f.results.contains(&r)
            };
            let f = self.f();
            match (&i, f.code.last_mut()) {
                (I::Move(d, s), Some(I::Bin(_, _, pd, _, _) | I::BinK(_, _, pd, _, _)))
                    if *pd == *s && *d != *s =>
                {
                    let (d, s) = (*d, *s);
                    if temp(f, s) {
                        if let Some(I::Bin(_, _, pd, _, _) | I::BinK(_, _, pd, _, _)) =
                            f.code.last_mut()
                        {
                            *pd = d;
                        }
                        return at - 1;
                    }
                }
                (I::JmpIf(c, t) | I::JmpIfNot(c, t), Some(last)) => {
                    let (c, t, jump_if) = (*c, *t, matches!(i, I::JmpIf(..)));
                    if let Some(fused) = fuse_branch(last, c, t, jump_if) {
                        if temp(f, c) {
                            *f.code.last_mut().unwrap() = fused;
                            return at - 1;
                        }
                    }
                }
                _ => {}
            }
        }
        // What the function calls (for its frame and for gc's leaf and inlining rules).
        match &i {
            I::Call { f, .. } => {
                let (f, fc) = (*f, self.f());
                fc.has_call = true;
                fc.static_calls.push(f);
            }
            I::CallV { .. }
            | I::CallIface { .. }
            | I::Native { .. }
            | I::Go { .. }
            | I::Send(..)
            | I::Recv(..)
            | I::Select { .. }
            | I::MakeSlice(..)
            | I::MakeMap(..)
            | I::MakeChan(..)
            | I::Append(..)
            | I::AppendSpread(..)
            | I::Panic(..)
            | I::SliceLit(..) => {
                let fc = self.f();
                fc.has_call = true;
                fc.other_calls += 1;
            }
            I::Box(..) => self.f().has_call = true,
            // Never inlined by gc.
            I::Defer { .. } | I::Closure(..) => {
                let fc = self.f();
                fc.has_call = true;
                fc.other_calls += 100;
            }
            I::Recover(..) => self.f().other_calls += 100,
            I::Jmp(t) if (*t as usize) < self.f().code.len() => self.f().has_loop = true,
            _ => {}
        }
        let f = self.f();
        f.code.push(i);
        f.lines.push(line);
        f.code.len() - 1
    }

    fn here(&mut self) -> u32 {
        let h = self.f().code.len() as u32;
        // A jump may land here: the peepholes in `emit` must not merge across it.
        self.f().targets.insert(h);
        h
    }

    fn patch(&mut self, at: usize, to: u32) {
        match &mut self.f().code[at] {
            I::Jmp(t)
            | I::JmpIf(_, t)
            | I::JmpIfNot(_, t)
            | I::JmpUnless(_, _, _, t)
            | I::JmpUnlessK(_, _, _, t) => *t = to,
            _ => unreachable!("patch of a non-jump"),
        }
    }

    fn konst(&mut self, v: V, line: u32) -> Reg {
        let r = self.reg();
        self.emit(I::Const(r, v), line);
        r
    }

    // ------------------------------------------------------------ program

    /// Compiles every function with a body in every checked package; returns the
    /// function ids of the init sequence and of `main.main`.
    pub fn program(&mut self) -> R<(FuncId, FuncId)> {
        // Methods and functions get ids up front (calls may come before bodies).
        let mut decls: Vec<(go_parser::FuncDeclKey, usize)> = Vec::new();
        for (pi, ti) in self.cx.infos.clone().iter().enumerate() {
            for file in &ti.ast_files {
                for d in &file.decls {
                    if let ast::Decl::Func(fk) = d {
                        decls.push((*fk, pi));
                    }
                }
            }
        }
        let mut main_id = None;
        let mut inits = Vec::new();
        for (fk, pi) in &decls {
            let fd = &self.cx.ast.fdecls[*fk];
            let Some(obj) = self.obj_of(fd.name) else {
                continue;
            };
            let name = self.cx.ast.idents[fd.name].name.clone();
            let pkg = self.pkg_path(obj);
            let recv_name = fd.recv.as_ref().and_then(|r| {
                let fk = r.list.first()?;
                let t = &self.cx.ast.fields[*fk].typ;
                let tt = self.tv(t)?.typ;
                Some(self.type_name(tt))
            });
            let full = match &recv_name {
                Some(r) => {
                    let r = r.replace(&format!("{pkg}."), "");
                    if let Some(stripped) = r.strip_prefix('*') {
                        format!("{pkg}.(*{stripped}).{name}")
                    } else {
                        format!("{pkg}.{r}.{name}")
                    }
                }
                None => format!("{pkg}.{name}"),
            };
            let id = self.funcs.len() as FuncId;
            // A method's signature, for the interfaces it satisfies at run time.
            let sig = match &fd.recv {
                Some(_) => self.cx.tc.lobjs[obj].typ().map(|t| self.ty(t)).unwrap_or(0),
                None => 0,
            };
            self.funcs.push(vm::Func {
                name: full,
                sig,
                ..Default::default()
            });
            if fd.body.is_some() {
                self.func_ids.insert(obj, id);
                self.pending.push((id, obj, *fk));
            }
            if pkg == "main" && name == "main" && fd.recv.is_none() {
                main_id = Some(id);
            }
            if name == "init" && fd.recv.is_none() {
                inits.push((id, *pi));
            }
            // Method tables: value and pointer receivers.
            if let Some(r) = &fd.recv {
                if fd.body.is_some() {
                    let fk = r.list[0];
                    let t = self.tv(&self.cx.ast.fields[fk].typ.clone()).map(|t| t.typ);
                    if let Some(t) = t {
                        let ptr = self.is_ptr(t);
                        let base = if ptr { self.elem_of_ptr(t) } else { t };
                        let bt = self.ty(base);
                        let m: Arc<str> = Arc::from(name.as_str());
                        self.methods.insert((bt, m.clone()), (id, ptr));
                        // The method set of *T includes T's methods.
                        let ptr_t = self.ptr_ty(bt);
                        self.methods.entry((ptr_t, m)).or_insert((id, ptr));
                    }
                }
            }
        }
        let pending = std::mem::take(&mut self.pending);
        for (id, _obj, fk) in pending {
            self.func_decl(id, fk)?;
        }
        self.layout();
        let main_id = main_id.ok_or_else(|| Diag {
            line: 0,
            col: 0,
            msg: "function main is undeclared in the main package".into(),
        })?;
        // The init sequence: package variables in dependency order, then init funcs.
        let init = self.init_func(&inits)?;
        Ok((init, main_id))
    }

    /// Frames as gc lays them out on amd64 (`TEXT f(SB), $frame-args`): the outgoing
    /// argument spill area at SP, then the locals (those of callees inlined into this
    /// frame first, then its own), then the saved frame pointer; the prologue checks for
    /// that plus the return address. Measured: the course's recursion is `$272` (two
    /// 128-byte arrays, one level inlined, 8 bytes of spill, BP) and its `main` `$144`.
    pub fn layout(&mut self) {
        for i in 0..self.funcs.len() {
            let f = &self.funcs[i];
            let inline_area: u64 = f
                .static_calls
                .iter()
                .filter(|&&g| self.funcs[g as usize].inlinable)
                .map(|&g| self.funcs[g as usize].locals)
                .sum();
            let mut body = f.spill + inline_area + f.locals;
            if body > 0 || f.other_calls > 0 || !f.static_calls.is_empty() {
                body += 8; // saved BP
            }
            // A leaf: no calls left once inlinable callees are inlined (and those
            // make none).
            let leaf = f.other_calls == 0
                && f.static_calls.iter().all(|&g| {
                    let g = &self.funcs[g as usize];
                    g.inlinable && g.other_calls == 0 && g.static_calls.is_empty()
                });
            let f = &mut self.funcs[i];
            f.inline_area = inline_area;
            f.frame = body + 8;
            // cmd/internal/obj/x86: a leaf whose frame is under StackSmall (128 bytes)
            // gets no stack check, so no safe point either.
            f.nosplit = leaf && body < 128;
        }
    }

    fn ptr_ty(&mut self, base: TyId) -> TyId {
        if let Some(i) = self.types.tys.iter().position(|t| *t == Ty::Ptr(base)) {
            return i as TyId;
        }
        let name = format!("*{}", self.types.name(base));
        self.types.add(Ty::Ptr(base), name)
    }

    fn init_func(&mut self, inits: &[(FuncId, usize)]) -> R<FuncId> {
        let id = self.funcs.len() as FuncId;
        self.funcs.push(vm::Func {
            name: "main.init".into(),
            ..Default::default()
        });
        self.stack.push(FnCx {
            name: "main.init".into(),
            ..FnCx::default()
        });
        let infos = self.cx.infos.clone();
        // A package is initialised after the packages it imports: the library's (in
        // import-path order; none of them reads another's variables) before main's,
        // which is infos[0].
        let order = (1..infos.len()).chain(std::iter::once(0));
        for pi in order {
            let ti = infos[pi];
            for ini in &ti.init_order {
                let line = self.line_of(ini.rhs.pos(self.cx.ast));
                let lhs = ini.lhs.clone();
                if lhs.len() == 1 {
                    let t = self.cx.tc.lobjs[lhs[0]].typ().unwrap();
                    let v = self.expr_to(&ini.rhs, t)?;
                    let p = self.global_ptr(lhs[0], line);
                    self.emit(I::Store(p, v), line);
                } else {
                    let n = lhs.len() as u32;
                    let dst = self.multi(&ini.rhs, n)?;
                    for (i, o) in lhs.iter().enumerate() {
                        let p = self.global_ptr(*o, line);
                        self.emit(I::Store(p, dst + i as u32), line);
                    }
                }
            }
            for (f, fpi) in inits {
                if *fpi == pi {
                    let d = self.reg();
                    self.emit(
                        I::Call {
                            f: *f,
                            args: vec![],
                            dst: d,
                            nret: 0,
                        },
                        0,
                    );
                }
            }
        }
        self.emit(I::Ret(vec![]), 0);
        self.finish(id, 0, 0);
        Ok(id)
    }

    /// The index of a package-level variable (each run makes its own cells from the
    /// zero values in `all_globals`).
    fn global(&mut self, o: ObjKey) -> u32 {
        if let Some(&i) = self.globals.get(&o) {
            return i;
        }
        let t = self.cx.tc.lobjs[o].typ().unwrap();
        let z = self.zero(t);
        let i = self.all_globals.len() as u32;
        self.globals.insert(o, i);
        self.all_globals.push(z);
        i
    }

    /// A register holding a pointer to a package-level variable.
    fn global_ptr(&mut self, o: ObjKey, line: u32) -> Reg {
        let i = self.global(o);
        let r = self.reg();
        self.emit(I::GlobalPtr(r, i), line);
        r
    }

    fn finish(&mut self, id: FuncId, nparams: u32, ncaps: u32) {
        for (j, name) in std::mem::take(&mut self.f().gotos) {
            if let Some(&to) = self.f().labels.get(&name) {
                self.patch(j, to);
            }
        }
        let f = self.stack.pop().unwrap();
        let func = &mut self.funcs[id as usize];
        // The frame itself is laid out once every body is known ([`Compiler::layout`]).
        func.locals = (f.frame_locals + 7) / 8 * 8;
        func.spill = if f.has_call {
            (f.max_args + 7) / 8 * 8
        } else {
            0
        };
        func.static_calls = f.static_calls.clone();
        func.other_calls = f.other_calls;
        // gc inlines small functions (budget 80 nodes, `cmd/compile/internal/inline`):
        // here, bodies without loops, defers or closures, of few instructions and at
        // most one call, unless marked `//go:noinline`.
        func.inlinable = !f.has_loop
            && f.other_calls + f.static_calls.len() as u32 <= 1
            && f.code.len() <= 40
            && !self.noinline.contains(&func.name);
        let frame = 8;
        func.nparams = nparams;
        func.ncaps = ncaps;
        func.nregs = f.nregs;
        func.code = f.code;
        func.lines = f.lines;
        func.frame = frame;
        func.nosplit = false;
        func.slot_off = f.slot_off;
        func.results = f
            .results
            .iter()
            .map(|r| (r & !BOXED_RESULT, r & BOXED_RESULT != 0))
            .collect();
    }

    /// Collects the variables closures capture or whose address is taken.
    fn scan_escapes(&mut self, body: &ast::BlockStmt) {
        let mut found = Vec::new();
        let mut caps = Vec::new();
        let mut ranges: Vec<(usize, usize)> = Vec::new();
        let me = &*self;
        let mut on_expr = |e: &Expr, ranges: &Vec<(usize, usize)>| {
            let mut mark = |id: IdentKey| {
                if let Some(o) = me.obj_of(id) {
                    if matches!(me.cx.tc.lobjs[o].entity_type(), EntityType::Var(_)) {
                        found.push(o);
                    }
                }
            };
            match e {
                Expr::Ident(id) => {
                    if let Some(&(lo, hi)) = ranges.last() {
                        if let Some(o) = me.obj_of(*id) {
                            let p = me.cx.tc.lobjs[o].pos();
                            if matches!(me.cx.tc.lobjs[o].entity_type(), EntityType::Var(_))
                                && (p < lo || p > hi)
                            {
                                found.push(o);
                                caps.push(o);
                            }
                        }
                    }
                }
                Expr::Unary(u) if u.op == Token::AND => {
                    if let Some(id) = root_ident(&u.expr) {
                        mark(id);
                    }
                }
                // a[i:j] of an array aliases the array's cell.
                Expr::Slice(sl)
                    if me
                        .tv(&sl.expr)
                        .is_some_and(|t| matches!(me.tk(me.under(t.typ)), Type::Array(_))) =>
                {
                    if let Some(id) = root_ident(&sl.expr) {
                        mark(id);
                    }
                }
                Expr::Call(c) => {
                    // x.M() with a pointer-receiver method on an addressable x.
                    if let Expr::Selector(s) = &c.func {
                        if let Some(sel) = me
                            .cx
                            .infos
                            .iter()
                            .find_map(|ti| ti.selections.get(&c.func.id()))
                        {
                            if matches!(sel.kind(), SelectionKind::MethodVal) {
                                let m = sel.obj();
                                let recv_ptr =
                                    match me.cx.tc.lobjs[m].typ().map(|t| &me.cx.tc.types[t]) {
                                        Some(Type::Signature(sig)) => sig
                                            .recv()
                                            .and_then(|r| me.cx.tc.lobjs[r].typ())
                                            .map(|t| me.is_ptr(t))
                                            .unwrap_or(false),
                                        _ => false,
                                    };
                                let xt = me.tv(&s.expr).map(|t| t.typ);
                                if recv_ptr && xt.map(|t| !me.is_ptr(t)).unwrap_or(false) {
                                    if let Some(id) = root_ident(&s.expr) {
                                        mark(id);
                                    }
                                }
                            }
                        }
                    }
                }
                _ => {}
            }
        };
        let ast = self.cx.ast;
        walk_block(
            body,
            &mut |e, entering_lit| match entering_lit {
                Some(true) => {
                    if let Expr::FuncLit(fl) = e {
                        ranges.push((fl.body.l_brace, fl.body.r_brace));
                    }
                }
                Some(false) => {
                    ranges.pop();
                }
                None => on_expr(e, &ranges),
            },
            ast,
        );
        self.escaping.extend(found);
        self.captured.extend(caps);
    }

    fn func_decl(&mut self, id: FuncId, fk: go_parser::FuncDeclKey) -> R<()> {
        let fd = &self.a().fdecls[fk];
        let body = fd.body.clone().unwrap();
        let ftype = &self.a().ftypes[fd.typ];
        self.scan_escapes(&body);
        let name = self.funcs[id as usize].name.clone();
        self.stack.push(FnCx {
            name,
            scanned: true,
            ..FnCx::default()
        });
        let mut params = Vec::new();
        if let Some(r) = &fd.recv {
            params.extend(r.list.iter().copied());
        }
        params.extend(ftype.params.list.iter().copied());
        let n = self.bind_params(&params)?;
        self.bind_results(&ftype)?;
        self.block(&body)?;
        self.implicit_return(body.r_brace);
        self.finish(id, n, 0);
        Ok(())
    }

    /// Binds parameters to registers 0..n (boxing those that escape).
    fn bind_params(&mut self, fields: &[go_parser::FieldKey]) -> R<u32> {
        let mut regs = Vec::new();
        let mut objs = Vec::new();
        for fk in fields {
            let f = &self.a().fields[*fk];
            if f.names.is_empty() {
                let r = self.reg();
                regs.push(r);
                objs.push(None);
            }
            for n in &f.names {
                let r = self.reg();
                regs.push(r);
                objs.push(self.obj_of(*n));
            }
        }
        let np = regs.len() as u32;
        for (r, o) in regs.into_iter().zip(objs) {
            let Some(o) = o else { continue };
            let t = self.cx.tc.lobjs[o].typ().unwrap();
            if self.escaping.contains(&o) || self.is_aggregate(t) {
                let b = self.reg();
                self.emit(I::Box(b, r), 0);
                self.f().locals.insert(
                    o,
                    Local {
                        reg: b,
                        boxed: true,
                    },
                );
            } else {
                self.f().locals.insert(
                    o,
                    Local {
                        reg: r,
                        boxed: false,
                    },
                );
            }
        }
        Ok(np)
    }

    fn bind_results(&mut self, ft: &ast::FuncType) -> R<()> {
        let Some(res) = &ft.results else {
            return Ok(());
        };
        for fk in res.list.clone() {
            let f = &self.a().fields[fk];
            let t = self.tv(&f.typ).map(|t| t.typ).unwrap();
            let count = f.names.len().max(1);
            for i in 0..count {
                let z = self.zero(t);
                let r = self.konst(z, 0);
                self.f().result_tys.push(t);
                if let Some(n) = f.names.get(i) {
                    if let Some(o) = self.obj_of(*n) {
                        if self.escaping.contains(&o) || self.is_aggregate(t) {
                            let b = self.reg();
                            self.emit(I::Box(b, r), 0);
                            self.f().locals.insert(
                                o,
                                Local {
                                    reg: b,
                                    boxed: true,
                                },
                            );
                            self.f().results.push(b | BOXED_RESULT);
                            continue;
                        }
                        self.f().locals.insert(
                            o,
                            Local {
                                reg: r,
                                boxed: false,
                            },
                        );
                    }
                }
                self.f().results.push(r);
            }
        }
        Ok(())
    }

    fn implicit_return(&mut self, pos: usize) {
        let line = self.line_of(pos);
        let rs = self.result_regs(line);
        self.emit(I::Ret(rs), line);
    }

    fn result_regs(&mut self, line: u32) -> Vec<Reg> {
        let rs = self.f().results.clone();
        rs.into_iter()
            .map(|r| {
                if r & BOXED_RESULT != 0 {
                    let d = self.reg();
                    self.emit(I::Load(d, r & !BOXED_RESULT), line);
                    d
                } else {
                    r
                }
            })
            .collect()
    }

    fn is_aggregate(&self, t: TypeKey) -> bool {
        matches!(self.tk(self.under(t)), Type::Struct(_) | Type::Array(_))
    }

    // ------------------------------------------------------------ statements

    fn block(&mut self, b: &ast::BlockStmt) -> R<()> {
        for s in &b.list {
            self.stmt(s)?;
        }
        Ok(())
    }

    fn stmt(&mut self, s: &Stmt) -> R<()> {
        let pos = s.pos(self.cx.ast);
        let line = self.line_of(pos);
        match s {
            Stmt::Bad(_) => Err(self.diag(pos, "syntax error")),
            Stmt::Empty(_) => Ok(()),
            Stmt::Decl(d) => self.local_decl(d),
            Stmt::Expr(e) => {
                self.expr_stmt(e)?;
                Ok(())
            }
            Stmt::Send(st) => {
                let c = self.expr(&st.chan)?;
                let ct = self.type_of(&st.chan);
                let et = match self.tk(self.under(ct)) {
                    Type::Chan(c) => c.elem(),
                    _ => ct,
                };
                let v = self.expr_to(&st.val, et)?;
                self.emit(I::Send(c, v), line);
                Ok(())
            }
            Stmt::IncDec(st) => {
                let t = self.type_of(&st.expr);
                let k = self.kind(t);
                let op = if st.token == Token::INC {
                    BinOp::Add
                } else {
                    BinOp::Sub
                };
                let one = if matches!(k, Kind::Float | Kind::Float32) {
                    V::Float(1.0)
                } else {
                    V::Int(1)
                };
                let lv = self.lvalue(&st.expr)?;
                let cur = self.lv_load(&lv, line);
                let r = self.reg();
                self.emit(I::BinK(op, k, r, cur, one), line);
                self.lv_store(&lv, r, line);
                Ok(())
            }
            Stmt::Assign(ak) => {
                let a = &self.a().a_stmts[*ak];
                self.assign(&a, line)
            }
            Stmt::Go(g) => {
                let (f, args) = self.call_parts(&g.call)?;
                self.emit(I::Go { f, args }, line);
                Ok(())
            }
            Stmt::Defer(d) => {
                let (f, args) = self.call_parts(&d.call)?;
                self.emit(I::Defer { f, args }, line);
                Ok(())
            }
            Stmt::Return(r) => {
                let rts = self.f().result_tys.clone();
                if r.results.is_empty() {
                    let rs = self.result_regs(line);
                    self.emit(I::Ret(rs), line);
                    return Ok(());
                }
                let mut regs = Vec::new();
                if r.results.len() == 1 && rts.len() > 1 {
                    let d = self.multi(&r.results[0], rts.len() as u32)?;
                    regs.extend((0..rts.len() as u32).map(|i| d + i));
                } else {
                    for (e, t) in r.results.iter().zip(rts.iter()) {
                        regs.push(self.expr_to(e, *t)?);
                    }
                }
                // Named results see the returned values (for deferred functions).
                let named = self.f().results.clone();
                for (i, nr) in named.iter().enumerate() {
                    if nr & BOXED_RESULT != 0 {
                        self.emit(I::Store(nr & !BOXED_RESULT, regs[i]), line);
                    }
                }
                self.emit(I::Ret(regs), line);
                Ok(())
            }
            Stmt::Branch(b) => self.branch(b, line),
            Stmt::Block(b) => self.block(b),
            Stmt::If(st) => {
                if let Some(init) = &st.init {
                    self.stmt(init)?;
                }
                let c = self.expr(&st.cond)?;
                let j = self.emit(I::JmpIfNot(c, 0), line);
                self.block(&st.body)?;
                match &st.els {
                    Some(e) => {
                        let j2 = self.emit(I::Jmp(0), line);
                        let h = self.here();
                        self.patch(j, h);
                        self.stmt(e)?;
                        let h = self.here();
                        self.patch(j2, h);
                    }
                    None => {
                        let h = self.here();
                        self.patch(j, h);
                    }
                }
                Ok(())
            }
            Stmt::For(st) => self.for_stmt(st, line),
            Stmt::Range(st) => self.range_stmt(st, line),
            Stmt::Switch(st) => self.switch(st, line),
            Stmt::TypeSwitch(st) => self.type_switch(st, line),
            Stmt::Select(st) => self.select(st, line),
            Stmt::Labeled(lk) => {
                let l = &self.a().l_stmts[*lk];
                let name = self.cx.ast.idents[l.label].name.clone();
                let here = self.here();
                self.f().labels.insert(name.clone(), here);
                self.f().pending_label = Some(name);
                self.stmt(&l.stmt)
            }
            Stmt::Case(_) | Stmt::Comm(_) => Err(self.diag(pos, "unexpected case")),
        }
    }

    fn expr_stmt(&mut self, e: &Expr) -> R<()> {
        match e {
            Expr::Call(_) => {
                self.call(e, 0)?;
            }
            Expr::Unary(u) if u.op == Token::ARROW => {
                self.expr(e)?;
            }
            Expr::Paren(p) => return self.expr_stmt(&p.expr),
            _ => {
                self.expr(e)?;
            }
        }
        Ok(())
    }

    fn local_decl(&mut self, d: &ast::Decl) -> R<()> {
        let ast::Decl::Gen(g) = d else {
            return Ok(());
        };
        for sk in &g.specs {
            let spec = self.cx.ast.specs[*sk].clone();
            match spec {
                ast::Spec::Value(vs) if g.token == Token::VAR => {
                    let line = self.line_of(self.cx.ast.idents[vs.names[0]].pos);
                    if vs.values.len() == 1 && vs.names.len() > 1 {
                        let d = self.multi(&vs.values[0], vs.names.len() as u32)?;
                        for (i, n) in vs.names.iter().enumerate() {
                            self.define(*n, Some(d + i as u32), line)?;
                        }
                    } else {
                        for (i, n) in vs.names.iter().enumerate() {
                            let v = match vs.values.get(i) {
                                Some(e) => {
                                    let o = self.obj_of(*n);
                                    let t = o.and_then(|o| self.cx.tc.lobjs[o].typ());
                                    Some(match t {
                                        Some(t) => self.expr_to(e, t)?,
                                        None => self.expr(e)?,
                                    })
                                }
                                None => None,
                            };
                            self.define(*n, v, line)?;
                        }
                    }
                }
                _ => {} // consts and types are compile-time only
            }
        }
        Ok(())
    }

    /// A new local variable for identifier `n`, initialised from `v` or zero.
    fn define(&mut self, n: IdentKey, v: Option<Reg>, line: u32) -> R<()> {
        let Some(o) = self.obj_of(n) else {
            return Ok(());
        };
        if self.cx.ast.idents[n].name == "_" {
            return Ok(());
        }
        let t = self.cx.tc.lobjs[o].typ().unwrap();
        let v = match v {
            Some(v) => v,
            None => {
                let z = self.zero(t);
                self.konst(z, line)
            }
        };
        let ty = self.ty(t);
        let size = self.types.size(ty);
        let escapes = self.escaping.contains(&o);
        let heap = self.captured.contains(&o);
        if !heap && size >= BIG_LOCAL {
            let pos = self.cx.ast.idents[n].pos;
            let (line, col) = self
                .cx
                .fset
                .position(pos)
                .map(|p| (p.line as u32, p.column as u32))
                .unwrap_or((0, 0));
            let func = self.f().name.clone();
            let name = self.cx.ast.idents[n].name.clone();
            self.big_locals.push(BigLocal {
                func,
                name,
                line,
                col,
                size,
            });
        }
        let r = self.reg();
        {
            let f = self.f();
            f.slot_off[r as usize] = f.frame_locals as u32;
            f.frame_locals += if heap { 8 } else { size };
        }
        let boxed = escapes || self.is_aggregate(t);
        self.bind_reg(o, r, v, boxed, line);
        Ok(())
    }

    fn assign(&mut self, a: &ast::AssignStmt, line: u32) -> R<()> {
        let tok = a.token.clone();
        if tok == Token::DEFINE || tok == Token::ASSIGN {
            let define = tok == Token::DEFINE;
            // Values first (all of the right side is evaluated before assigning).
            let mut vals = Vec::new();
            if a.rhs.len() == 1 && a.lhs.len() > 1 {
                let d = self.multi(&a.rhs[0], a.lhs.len() as u32)?;
                vals.extend((0..a.lhs.len() as u32).map(|i| d + i));
            } else {
                for (i, e) in a.rhs.iter().enumerate() {
                    let lt = self.lhs_type(&a.lhs[i]);
                    let v = match lt {
                        Some(t) => self.expr_to(e, t)?,
                        None => self.expr(e)?,
                    };
                    // Copy: `a, b = b, a` must see the old values.
                    let c = self.reg();
                    self.emit(I::Move(c, v), line);
                    vals.push(c);
                }
            }
            for (l, v) in a.lhs.iter().zip(vals) {
                if let Expr::Ident(id) = l {
                    if self.cx.ast.idents[*id].name == "_" {
                        continue;
                    }
                    if define {
                        let is_new = self
                            .cx
                            .infos
                            .iter()
                            .any(|ti| matches!(ti.defs.get(id), Some(Some(_))));
                        if is_new {
                            self.define(*id, Some(v), line)?;
                            continue;
                        }
                    }
                }
                let lv = self.lvalue(l)?;
                self.lv_store(&lv, v, line);
            }
            return Ok(());
        }
        // op=
        let op = match tok {
            Token::ADD_ASSIGN => BinOp::Add,
            Token::SUB_ASSIGN => BinOp::Sub,
            Token::MUL_ASSIGN => BinOp::Mul,
            Token::QUO_ASSIGN => BinOp::Div,
            Token::REM_ASSIGN => BinOp::Rem,
            Token::AND_ASSIGN => BinOp::And,
            Token::OR_ASSIGN => BinOp::Or,
            Token::XOR_ASSIGN => BinOp::Xor,
            Token::SHL_ASSIGN => BinOp::Shl,
            Token::SHR_ASSIGN => BinOp::Shr,
            Token::AND_NOT_ASSIGN => BinOp::AndNot,
            _ => return Err(self.unsupported(a.token_pos, "this assignment")),
        };
        let t = self.type_of(&a.lhs[0]);
        let k = self.kind(t);
        let lv = self.lvalue(&a.lhs[0])?;
        let cur = self.lv_load(&lv, line);
        let v = if matches!(op, BinOp::Shl | BinOp::Shr) {
            self.expr(&a.rhs[0])?
        } else {
            self.expr_to(&a.rhs[0], t)?
        };
        let r = self.reg();
        self.emit(I::Bin(op, k, r, cur, v), line);
        self.lv_store(&lv, r, line);
        Ok(())
    }

    fn lhs_type(&self, e: &Expr) -> Option<TypeKey> {
        if let Expr::Ident(id) = e {
            if self.cx.ast.idents[*id].name == "_" {
                return None;
            }
            let o = self.obj_of(*id)?;
            return self.cx.tc.lobjs[o].typ();
        }
        self.tv(e).map(|t| t.typ)
    }

    fn branch(&mut self, b: &ast::BranchStmt, line: u32) -> R<()> {
        let label = b.label.map(|l| self.cx.ast.idents[l].name.clone());
        let target = |f: &FnCx, want_loop: bool| -> Option<usize> {
            f.loops.iter().rposition(|l| match &label {
                Some(n) => l.label.as_deref() == Some(n),
                None => !want_loop || l.is_loop,
            })
        };
        match b.token {
            Token::BREAK => {
                let Some(i) = target(self.f(), false) else {
                    return Err(self.diag(b.token_pos, "break is not in a loop, switch, or select"));
                };
                let j = self.emit(I::Jmp(0), line);
                self.f().loops[i].breaks.push(j);
            }
            Token::CONTINUE => {
                let Some(i) = target(self.f(), true) else {
                    return Err(self.diag(b.token_pos, "continue is not in a loop"));
                };
                let j = self.emit(I::Jmp(0), line);
                self.f().loops[i].conts.push(j);
            }
            Token::FALLTHROUGH => {
                let j = self.emit(I::Jmp(0), line);
                self.f().fallthrough.push(j);
            }
            Token::GOTO => {
                let Some(name) = label else {
                    return Err(self.diag(b.token_pos, "goto without a label"));
                };
                let j = self.emit(I::Jmp(0), line);
                self.f().gotos.push((j, name));
            }
            _ => return Err(self.unsupported(b.token_pos, "this branch statement")),
        }
        Ok(())
    }

    fn push_loop(&mut self, is_loop: bool) {
        let label = self.f().pending_label.take();
        self.f().loops.push(LoopCx {
            label,
            breaks: vec![],
            conts: vec![],
            is_loop,
        });
    }

    fn pop_loop(&mut self, cont_target: u32) {
        let l = self.f().loops.pop().unwrap();
        let end = self.here();
        for j in l.breaks {
            self.patch(j, end);
        }
        for j in l.conts {
            self.patch(j, cont_target);
        }
    }

    /// Go 1.22: each iteration has its own loop variables. A boxed loop variable is
    /// copied into a fresh cell before the post statement.
    fn fresh_iteration_vars(&mut self, init: &Option<Stmt>, line: u32) {
        let Some(Stmt::Assign(ak)) = init else { return };
        let a = &self.a().a_stmts[*ak];
        if a.token != Token::DEFINE {
            return;
        }
        for l in &a.lhs {
            if let Expr::Ident(id) = l {
                if let Some(o) = self.obj_of(*id) {
                    let escapes = self.escaping.contains(&o);
                    if let Some(loc) = self.f().locals.get(&o) {
                        // A cell nothing else can reference (an aggregate boxed for
                        // its value semantics, whose address is never taken and which
                        // no closure captures) needs no fresh copy.
                        if loc.boxed && escapes {
                            let r = loc.reg;
                            let t = self.reg();
                            self.emit(I::Load(t, r), line);
                            self.emit(I::Box(r, t), line);
                        }
                    }
                }
            }
        }
    }

    fn for_stmt(&mut self, st: &ast::ForStmt, line: u32) -> R<()> {
        if let Some(init) = &st.init {
            self.stmt(init)?;
        }
        self.push_loop(true);
        // The condition sits at the bottom (loop inversion, as gc lays loops out): one
        // jump to it on entry, then each iteration ends in a single compare-and-branch.
        let to_cond = st.cond.as_ref().map(|_| self.emit(I::Jmp(0), line));
        let top = self.here();
        self.block(&st.body)?;
        let cont = self.here();
        self.fresh_iteration_vars(&st.init, line);
        if let Some(p) = &st.post {
            self.stmt(p)?;
        }
        match (&st.cond, to_cond) {
            (Some(c), Some(j)) => {
                let h = self.here();
                self.patch(j, h);
                let c = self.expr(c)?;
                self.emit(I::JmpIf(c, top), line);
            }
            _ => {
                self.emit(I::Jmp(top), line);
            }
        }
        self.pop_loop(cont);
        Ok(())
    }

    fn range_var(&mut self, e: &Option<Expr>, define: bool, v: Reg, line: u32) -> R<()> {
        let Some(e) = e else { return Ok(()) };
        if let Expr::Ident(id) = e {
            if self.cx.ast.idents[*id].name == "_" {
                return Ok(());
            }
            if define {
                return self.define(*id, Some(v), line);
            }
        }
        let lv = self.lvalue(e)?;
        self.lv_store(&lv, v, line);
        Ok(())
    }

    fn range_stmt(&mut self, st: &ast::RangeStmt, line: u32) -> R<()> {
        let define = st.token == Token::DEFINE;
        let xt = self.type_of(&st.expr);
        let ut = self.under(xt);
        let x = self.expr(&st.expr)?;
        let one = self.konst(V::Int(1), line);
        let int = Kind::Int {
            bits: 64,
            signed: true,
        };
        match self.tk(ut) {
            Type::Basic(b)
                if b.info() == go_types::typ::BasicInfo::IsInteger
                    || matches!(b.typ(), BasicType::Int | BasicType::UntypedInt) =>
            {
                let i = self.konst(V::Int(0), line);
                self.push_loop(true);
                let top = self.here();
                let c = self.reg();
                self.emit(I::Bin(BinOp::Lt, int, c, i, x), line);
                let exit = self.emit(I::JmpIfNot(c, 0), line);
                let iv = self.reg();
                self.emit(I::Move(iv, i), line);
                self.range_var(&st.key, define, iv, line)?;
                self.block(&st.body)?;
                let cont = self.here();
                self.emit(I::Bin(BinOp::Add, int, i, i, one), line);
                self.emit(I::Jmp(top), line);
                let h = self.here();
                self.patch(exit, h);
                self.pop_loop(cont);
            }
            Type::Basic(_) => {
                // string: runes
                let i = self.konst(V::Int(0), line);
                let n = self.reg();
                self.emit(I::Len(n, x), line);
                self.push_loop(true);
                let top = self.here();
                let c = self.reg();
                self.emit(I::Bin(BinOp::Lt, int, c, i, n), line);
                let exit = self.emit(I::JmpIfNot(c, 0), line);
                let (rn, w) = (self.reg(), self.reg());
                self.emit(I::StrNext(rn, w, x, i), line);
                let iv = self.reg();
                self.emit(I::Move(iv, i), line);
                self.range_var(&st.key, define, iv, line)?;
                self.range_var(&st.val, define, rn, line)?;
                self.block(&st.body)?;
                let cont = self.here();
                self.emit(I::Bin(BinOp::Add, int, i, i, w), line);
                self.emit(I::Jmp(top), line);
                let h = self.here();
                self.patch(exit, h);
                self.pop_loop(cont);
            }
            Type::Slice(_) | Type::Array(_) | Type::Pointer(_) | Type::Map(_) => {
                let is_map = matches!(self.tk(ut), Type::Map(_));
                let (keys, vals) = if is_map {
                    let t = self.reg();
                    self.emit(I::MapIter(t, x), line);
                    let (k, v) = (self.reg(), self.reg());
                    self.emit(I::Untuple(t, vec![k, v]), line);
                    (Some(k), v)
                } else {
                    (None, x)
                };
                let i = self.konst(V::Int(0), line);
                let n = self.reg();
                self.emit(I::Len(n, vals), line);
                self.push_loop(true);
                let top = self.here();
                let c = self.reg();
                self.emit(I::Bin(BinOp::Lt, int, c, i, n), line);
                let exit = self.emit(I::JmpIfNot(c, 0), line);
                let kv = self.reg();
                match keys {
                    Some(k) => self.emit(I::Index(kv, k, i), line),
                    None => self.emit(I::Move(kv, i), line),
                };
                self.range_var(&st.key, define, kv, line)?;
                if st.val.is_some() {
                    let vv = self.reg();
                    self.emit(I::Index(vv, vals, i), line);
                    self.range_var(&st.val, define, vv, line)?;
                }
                self.block(&st.body)?;
                let cont = self.here();
                self.emit(I::Bin(BinOp::Add, int, i, i, one), line);
                self.emit(I::Jmp(top), line);
                let h = self.here();
                self.patch(exit, h);
                self.pop_loop(cont);
            }
            Type::Chan(_) => {
                self.push_loop(true);
                let top = self.here();
                let (v, ok) = (self.reg(), self.reg());
                self.emit(I::Recv(v, Some(ok), x), line);
                let exit = self.emit(I::JmpIfNot(ok, 0), line);
                self.range_var(&st.key, define, v, line)?;
                self.block(&st.body)?;
                self.emit(I::Jmp(top), line);
                let h = self.here();
                self.patch(exit, h);
                self.pop_loop(top);
            }
            _ => return Err(self.unsupported(st.for_pos, "range over this type")),
        }
        Ok(())
    }

    fn switch(&mut self, st: &ast::SwitchStmt, line: u32) -> R<()> {
        if let Some(init) = &st.init {
            self.stmt(init)?;
        }
        let tag = match &st.tag {
            Some(t) => Some((self.expr(t)?, self.type_of(t))),
            None => None,
        };
        self.push_loop(false);
        let mut ends = Vec::new();
        let mut default_body = None;
        let clauses: Vec<Rc<ast::CaseClause>> = st
            .body
            .list
            .iter()
            .filter_map(|s| match s {
                Stmt::Case(c) => Some(c.clone()),
                _ => None,
            })
            .collect();
        // Tests, in order; each jumps to its body.
        let mut body_jumps: Vec<Vec<usize>> = vec![vec![]; clauses.len()];
        for (ci, c) in clauses.iter().enumerate() {
            match &c.list {
                None => default_body = Some(ci),
                Some(list) => {
                    for e in list {
                        let cl = self.line_of(e.pos(self.cx.ast));
                        let cond = match tag {
                            Some((t, tt)) => {
                                let v = self.expr_to(e, tt)?;
                                let k = self.kind(tt);
                                let r = self.reg();
                                self.emit(I::Bin(BinOp::Eq, k, r, t, v), cl);
                                r
                            }
                            None => self.expr(e)?,
                        };
                        let j = self.emit(I::JmpIf(cond, 0), cl);
                        body_jumps[ci].push(j);
                    }
                }
            }
        }
        let to_default = self.emit(I::Jmp(0), line);
        let mut starts = Vec::new();
        let mut falls: Vec<usize> = Vec::new();
        for (ci, c) in clauses.iter().enumerate() {
            let h = self.here();
            starts.push(h);
            for j in body_jumps[ci].drain(..) {
                self.patch(j, h);
            }
            for j in falls.drain(..) {
                self.patch(j, h);
            }
            for s in &c.body {
                self.stmt(s)?;
            }
            falls = std::mem::take(&mut self.f().fallthrough);
            ends.push(self.emit(I::Jmp(0), line));
        }
        let end = self.here();
        for j in falls {
            self.patch(j, end);
        }
        match default_body {
            Some(d) => self.patch(to_default, starts[d]),
            None => self.patch(to_default, end),
        }
        for j in ends {
            self.patch(j, end);
        }
        self.pop_loop(end);
        Ok(())
    }

    fn type_switch(&mut self, st: &ast::TypeSwitchStmt, line: u32) -> R<()> {
        if let Some(init) = &st.init {
            self.stmt(init)?;
        }
        // `switch v := x.(type)` or `switch x.(type)`
        let (bind, x_expr) = match &st.assign {
            Stmt::Assign(ak) => {
                let a = &self.cx.ast.a_stmts[*ak];
                (Some(a.lhs[0].clone()), a.rhs[0].clone())
            }
            Stmt::Expr(e) => (None, (**e).clone()),
            _ => return Err(self.unsupported(st.switch, "this type switch")),
        };
        let Expr::TypeAssert(ta) = &x_expr else {
            return Err(self.unsupported(st.switch, "this type switch"));
        };
        let x = self.expr(&ta.expr)?;
        let tid = self.reg();
        self.emit(I::TypeOf(tid, x), line);
        self.push_loop(false);
        let clauses: Vec<Rc<ast::CaseClause>> = st
            .body
            .list
            .iter()
            .filter_map(|s| match s {
                Stmt::Case(c) => Some(c.clone()),
                _ => None,
            })
            .collect();
        let mut jumps: Vec<Vec<usize>> = vec![vec![]; clauses.len()];
        let mut default_ci = None;
        for (ci, c) in clauses.iter().enumerate() {
            match &c.list {
                None => default_ci = Some(ci),
                Some(list) => {
                    for e in list {
                        let cl = self.line_of(e.pos(self.cx.ast));
                        let tv = self.tv(e);
                        let cond = self.reg();
                        match tv {
                            Some(tv) if matches!(tv.mode, OperandMode::TypeExpr) => {
                                let t = self.ty(tv.typ);
                                if self.is_iface(tv.typ) {
                                    self.emit(I::Implements(cond, x, t), cl);
                                } else {
                                    let k = self.konst(V::Int(t as i64), cl);
                                    self.emit(
                                        I::Bin(
                                            BinOp::Eq,
                                            Kind::Int {
                                                bits: 64,
                                                signed: true,
                                            },
                                            cond,
                                            tid,
                                            k,
                                        ),
                                        cl,
                                    );
                                }
                            }
                            _ => {
                                // case nil
                                let k = self.konst(V::Int(0), cl);
                                self.emit(
                                    I::Bin(
                                        BinOp::Eq,
                                        Kind::Int {
                                            bits: 64,
                                            signed: true,
                                        },
                                        cond,
                                        tid,
                                        k,
                                    ),
                                    cl,
                                );
                            }
                        }
                        let j = self.emit(I::JmpIf(cond, 0), cl);
                        jumps[ci].push(j);
                    }
                }
            }
        }
        let to_default = self.emit(I::Jmp(0), line);
        let mut starts = Vec::new();
        let mut ends = Vec::new();
        for (ci, c) in clauses.iter().enumerate() {
            let h = self.here();
            starts.push(h);
            for j in jumps[ci].drain(..) {
                self.patch(j, h);
            }
            if let (Some(_), Some(obj)) = (&bind, self.implicit_of(c)) {
                let t = self.cx.tc.lobjs[obj].typ().unwrap();
                let v = if self.is_iface(t) {
                    x
                } else {
                    let tyid = self.ty(t);
                    let r = self.reg();
                    let ok = self.reg();
                    self.emit(I::Assert(r, Some(ok), x, tyid, 0), line);
                    r
                };
                self.bind_obj(obj, v, line);
            }
            for s in &c.body {
                self.stmt(s)?;
            }
            ends.push(self.emit(I::Jmp(0), line));
        }
        let end = self.here();
        match default_ci {
            Some(d) => self.patch(to_default, starts[d]),
            None => self.patch(to_default, end),
        }
        for j in ends {
            self.patch(j, end);
        }
        self.pop_loop(end);
        Ok(())
    }

    /// Makes register `r` variable `o`, holding `v`: in a heap cell when `boxed`.
    fn bind_reg(&mut self, o: ObjKey, r: Reg, v: Reg, boxed: bool, line: u32) {
        self.emit(if boxed { I::Box(r, v) } else { I::Move(r, v) }, line);
        self.f().locals.insert(o, Local { reg: r, boxed });
    }

    fn implicit_of(&self, c: &Rc<ast::CaseClause>) -> Option<ObjKey> {
        let id = Stmt::Case(c.clone()).id();
        self.cx
            .infos
            .iter()
            .find_map(|ti| ti.implicits.get(&id).copied())
    }

    fn bind_obj(&mut self, o: ObjKey, v: Reg, line: u32) {
        let t = self.cx.tc.lobjs[o].typ().unwrap();
        let r = self.reg();
        let boxed = self.escaping.contains(&o) || self.is_aggregate(t);
        self.bind_reg(o, r, v, boxed, line);
    }

    fn select(&mut self, st: &ast::SelectStmt, line: u32) -> R<()> {
        let clauses: Vec<Rc<ast::CommClause>> = st
            .body
            .list
            .iter()
            .filter_map(|s| match s {
                Stmt::Comm(c) => Some(c.clone()),
                _ => None,
            })
            .collect();
        let mut cases = Vec::new();
        let mut case_of_clause = Vec::new();
        let mut has_default = false;
        for c in &clauses {
            match &c.comm {
                None => {
                    has_default = true;
                    case_of_clause.push(None);
                }
                Some(Stmt::Send(s)) => {
                    let ch = self.expr(&s.chan)?;
                    let ct = self.type_of(&s.chan);
                    let et = match self.tk(self.under(ct)) {
                        Type::Chan(c) => c.elem(),
                        _ => ct,
                    };
                    let v = self.expr_to(&s.val, et)?;
                    case_of_clause.push(Some(cases.len()));
                    cases.push((ch, Some(v)));
                }
                Some(s) => {
                    let recv = match s {
                        Stmt::Expr(e) => recv_operand(e),
                        Stmt::Assign(ak) => recv_operand(&self.cx.ast.a_stmts[*ak].rhs[0]),
                        _ => None,
                    };
                    let Some(che) = recv else {
                        return Err(self.unsupported(c.case, "this select case"));
                    };
                    let ch = self.expr(&che)?;
                    case_of_clause.push(Some(cases.len()));
                    cases.push((ch, None));
                }
            }
        }
        let (dst, val, ok) = (self.reg(), self.reg(), self.reg());
        self.emit(
            I::Select {
                cases: cases.clone(),
                block: !has_default,
                dst,
                val,
                ok,
            },
            line,
        );
        self.push_loop(false);
        let mut ends = Vec::new();
        let int = Kind::Int {
            bits: 64,
            signed: true,
        };
        for (ci, c) in clauses.iter().enumerate() {
            let want = case_of_clause[ci].unwrap_or(cases.len());
            let k = self.konst(V::Int(want as i64), line);
            let cond = self.reg();
            self.emit(I::Bin(BinOp::Eq, int, cond, dst, k), line);
            let skip = self.emit(I::JmpIfNot(cond, 0), line);
            if let Some(Stmt::Assign(ak)) = &c.comm {
                let a = &self.a().a_stmts[*ak];
                if let Some(che) = recv_operand(&a.rhs[0]) {
                    self.zero_after_recv(val, &che, line);
                }
                let cl = self.line_of(a.token_pos);
                let define = a.token == Token::DEFINE;
                for (i, l) in a.lhs.iter().enumerate() {
                    let src = if i == 0 { val } else { ok };
                    self.range_var(&Some(l.clone()), define, src, cl)?;
                }
            }
            for s in &c.body {
                self.stmt(s)?;
            }
            ends.push(self.emit(I::Jmp(0), line));
            let h = self.here();
            self.patch(skip, h);
        }
        let end = self.here();
        for j in ends {
            self.patch(j, end);
        }
        self.pop_loop(end);
        Ok(())
    }

    // ------------------------------------------------------------ lvalues

    fn lvalue(&mut self, e: &Expr) -> R<LV> {
        let line = self.line_of(e.pos(self.cx.ast));
        match e {
            Expr::Ident(id) => {
                if self.cx.ast.idents[*id].name == "_" {
                    return Ok(LV::Blank);
                }
                let o = self
                    .obj_of(*id)
                    .ok_or_else(|| self.diag(e.pos(self.cx.ast), "unresolved name"))?;
                if let Some(r) = self.lookup_local(o) {
                    return Ok(r);
                }
                let p = self.global_ptr(o, line);
                Ok(LV::Ptr(p))
            }
            Expr::Paren(p) => self.lvalue(&p.expr),
            Expr::Index(ix) => {
                let xt = self.type_of(&ix.expr);
                if matches!(self.tk(self.under(xt)), Type::Map(_)) {
                    let m = self.expr(&ix.expr)?;
                    let kt = match self.tk(self.under(xt)) {
                        Type::Map(m) => m.key(),
                        _ => xt,
                    };
                    let k = self.expr_to(&ix.index, kt)?;
                    return Ok(LV::Map(m, k));
                }
                let p = self.addr(e)?;
                Ok(LV::Ptr(p))
            }
            _ => {
                let p = self.addr(e)?;
                Ok(LV::Ptr(p))
            }
        }
    }

    fn lookup_local(&mut self, o: ObjKey) -> Option<LV> {
        let depth = self.stack.len();
        for d in (0..depth).rev() {
            if let Some(l) = self.stack[d].locals.get(&o) {
                let (reg, boxed) = (l.reg, l.boxed);
                if d == depth - 1 {
                    return Some(if boxed { LV::Ptr(reg) } else { LV::Reg(reg) });
                }
                // Captured from an outer function: thread it through every closure.
                let mut r = reg;
                for dd in d + 1..depth {
                    r = self.capture(dd, o, r);
                }
                return Some(LV::Ptr(r));
            }
        }
        None
    }

    fn capture(&mut self, depth: usize, o: ObjKey, _outer: Reg) -> Reg {
        let f = &mut self.stack[depth];
        if let Some(l) = f.locals.get(&o) {
            return l.reg;
        }
        f.caps.push(o);
        // Capture registers are allocated when the closure is finished; use a
        // placeholder register now and remap later.
        f.nregs += 1;
        f.slot_off.push(0);
        let r = f.nregs - 1;
        f.locals.insert(
            o,
            Local {
                reg: r,
                boxed: true,
            },
        );
        r
    }

    fn lv_load(&mut self, lv: &LV, line: u32) -> Reg {
        match lv {
            LV::Reg(r) => *r,
            LV::Ptr(p) => {
                let d = self.reg();
                self.emit(I::Load(d, *p), line);
                d
            }
            LV::Map(m, k) => {
                let d = self.reg();
                let z = self.konst(V::Int(0), line);
                self.emit(I::MapIndex(d, None, *m, *k, z), line);
                d
            }
            LV::Blank => self.konst(V::Nil, line),
        }
    }

    fn lv_store(&mut self, lv: &LV, v: Reg, line: u32) {
        match lv {
            LV::Reg(r) => {
                self.emit(I::Move(*r, v), line);
            }
            LV::Ptr(p) => {
                self.emit(I::Store(*p, v), line);
            }
            LV::Map(m, k) => {
                self.emit(I::SetMap(*m, *k, v), line);
            }
            LV::Blank => {}
        }
    }

    /// A pointer to what `e` denotes (`&e`).
    fn addr(&mut self, e: &Expr) -> R<Reg> {
        let pos = e.pos(self.cx.ast);
        let line = self.line_of(pos);
        match e {
            Expr::Ident(_) => match self.lvalue(e)? {
                LV::Ptr(p) => Ok(p),
                LV::Reg(r) => {
                    // Not boxed (the scan did not see it escape): box a copy.
                    let d = self.reg();
                    self.emit(I::Box(d, r), line);
                    Ok(d)
                }
                _ => Err(self.unsupported(pos, "taking this address")),
            },
            Expr::Paren(p) => self.addr(&p.expr),
            Expr::Star(s) => self.expr(&s.expr),
            Expr::Selector(s) => {
                let sel = self
                    .cx
                    .infos
                    .iter()
                    .find_map(|ti| ti.selections.get(&e.id()))
                    .cloned()
                    .ok_or_else(|| self.unsupported(pos, "this selector"))?;
                let xt = self.type_of(&s.expr);
                let mut p = if self.is_ptr(xt) {
                    self.expr(&s.expr)?
                } else {
                    self.addr(&s.expr)?
                };
                let mut t = if self.is_ptr(xt) {
                    self.elem_of_ptr(xt)
                } else {
                    xt
                };
                let idx = sel.indices().clone();
                for (n, i) in idx.iter().enumerate() {
                    let d = self.reg();
                    self.emit(I::SubPtr(d, p, *i as u32), line);
                    p = d;
                    let ft = self.field_type(t, *i);
                    t = ft;
                    if n + 1 < idx.len() && self.is_ptr(ft) {
                        let d2 = self.reg();
                        self.emit(I::Load(d2, p), line);
                        p = d2;
                        t = self.elem_of_ptr(ft);
                    }
                }
                Ok(p)
            }
            Expr::Index(ix) => {
                let xt = self.type_of(&ix.expr);
                let i = self.expr(&ix.index)?;
                let base = match self.tk(self.under(xt)) {
                    Type::Slice(_) => self.expr(&ix.expr)?,
                    Type::Pointer(_) => self.expr(&ix.expr)?,
                    _ => self.addr(&ix.expr)?,
                };
                let d = self.reg();
                self.emit(I::ElemPtr(d, base, i), line);
                Ok(d)
            }
            Expr::CompositeLit(_) => {
                let v = self.expr(e)?;
                let d = self.reg();
                self.emit(I::Box(d, v), line);
                Ok(d)
            }
            _ => Err(self.unsupported(pos, "taking this address")),
        }
    }

    /// A receive from a closed channel delivers the element type's zero value.
    fn zero_after_recv(&mut self, d: Reg, ch: &Expr, line: u32) {
        let ct = self.type_of(ch);
        if let Type::Chan(c) = self.tk(self.under(ct)) {
            let z = self.zero(c.elem());
            if !matches!(z, V::Nil) {
                self.emit(I::NilToZero(d, z), line);
            }
        }
    }

    /// A variable, or a field or element of one (`&e` is legal and cheap).
    fn addressable(&self, e: &Expr) -> bool {
        match e {
            Expr::Ident(id) => self
                .obj_of(*id)
                .is_some_and(|o| matches!(self.cx.tc.lobjs[o].entity_type(), EntityType::Var(_))),
            Expr::Paren(p) => self.addressable(&p.expr),
            Expr::Selector(s) => {
                self.cx
                    .infos
                    .iter()
                    .any(|ti| ti.selections.contains_key(&e.id()))
                    && (self.is_ptr(self.type_of(&s.expr)) || self.addressable(&s.expr))
            }
            Expr::Index(ix) => {
                let t = self.type_of(&ix.expr);
                match self.tk(self.under(t)) {
                    Type::Slice(_) => true,
                    Type::Array(_) => self.addressable(&ix.expr),
                    _ => false,
                }
            }
            Expr::Star(_) => true,
            _ => false,
        }
    }

    fn field_type(&self, t: TypeKey, i: usize) -> TypeKey {
        match self.tk(self.under(t)) {
            Type::Struct(s) => self.cx.tc.lobjs[s.fields()[i]].typ().unwrap(),
            _ => t,
        }
    }

    // ---------------------------------------------------------- expressions

    /// `e` converted to type `to` (interface boxing where Go converts implicitly).
    fn expr_to(&mut self, e: &Expr, to: TypeKey) -> R<Reg> {
        let v = self.expr(e)?;
        let from = self.tv(e).map(|t| t.typ);
        Ok(self.convert_implicit(v, from, to, self.line_of(e.pos(self.cx.ast))))
    }

    fn convert_implicit(&mut self, v: Reg, from: Option<TypeKey>, to: TypeKey, line: u32) -> Reg {
        let Some(from) = from else { return v };
        if self.is_iface(to) && !self.is_iface(from) {
            // nil stays nil
            if let Type::Basic(b) = self.tk(from) {
                if b.typ() == BasicType::UntypedNil {
                    return v;
                }
            }
            let t = self.ty(from);
            let d = self.reg();
            self.emit(I::ToIface(d, v, t), line);
            return d;
        }
        v
    }

    fn const_value(&mut self, tv: &TV, line: u32) -> Option<V> {
        let OperandMode::Constant(c) = &tv.mode else {
            return None;
        };
        let t = self.ty(tv.typ);
        let _ = line;
        Some(match self.types.under(t).clone() {
            Ty::Bool => V::Bool(c.bool_as_bool()),
            Ty::Str => V::Str(Arc::from(c.str_as_string())),
            Ty::Float => V::Float(c.num_as_f64().0.into_inner()),
            Ty::Float32 => V::Float(c.num_as_f64().0.into_inner() as f32 as f64),
            // An untyped float or rune constant the checker gave an integer type
            // (`i == 2.`) is an integral value but not yet an Int: to_int makes it one.
            Ty::Int {
                signed: false,
                bits: 64,
            } => V::Int(c.to_int().int_as_u64().0 as i64),
            Ty::Int { .. } | Ty::UnsafePtr => V::Int(c.to_int().int_as_i64().0),
            _ => const_guess(c),
        })
    }

    fn expr(&mut self, e: &Expr) -> R<Reg> {
        let pos = e.pos(self.cx.ast);
        let line = self.line_of(pos);
        if let Some(tv) = self.tv(e) {
            if let Some(v) = self.const_value(&tv, line) {
                return Ok(self.konst(v, line));
            }
        }
        match e {
            Expr::Bad(_) => Err(self.diag(pos, "syntax error")),
            Expr::Ident(id) => {
                let name = self.cx.ast.idents[*id].name.clone();
                if name == "nil" {
                    return Ok(self.konst(V::Nil, line));
                }
                let o = self
                    .obj_of(*id)
                    .ok_or_else(|| self.diag(pos, format!("undefined: {name}")))?;
                match self.cx.tc.lobjs[o].entity_type() {
                    EntityType::Func(_) => {
                        let f = *self.func_ids.get(&o).ok_or_else(|| {
                            self.unsupported(pos, &format!("{} as a value", self.qual_name(o)))
                        })?;
                        let d = self.reg();
                        self.emit(I::Closure(d, f, vec![]), line);
                        Ok(d)
                    }
                    EntityType::Nil => Ok(self.konst(V::Nil, line)),
                    _ => {
                        let lv = self.lvalue(e)?;
                        Ok(self.lv_load(&lv, line))
                    }
                }
            }
            Expr::BasicLit(_) => Err(self.diag(pos, "literal without a type")),
            Expr::Paren(p) => self.expr(&p.expr),
            Expr::FuncLit(fl) => self.func_lit(fl, line),
            Expr::CompositeLit(cl) => self.composite(e, cl, line),
            Expr::Selector(s) => self.selector(e, s, line),
            Expr::Index(ix) => {
                let xt = self.type_of(&ix.expr);
                let d = self.reg();
                match self.tk(self.under(xt)) {
                    Type::Map(m) => {
                        let x = self.expr(&ix.expr)?;
                        let k = self.expr_to(&ix.index, m.key())?;
                        let z = self.zero(m.elem());
                        let zr = self.konst(z, line);
                        self.emit(I::MapIndex(d, None, x, k, zr), line);
                    }
                    Type::Array(_) if self.addressable(&ix.expr) => {
                        // An array variable is indexed in place, not copied.
                        let x = self.addr(&ix.expr)?;
                        let i = self.expr(&ix.index)?;
                        self.emit(I::Index(d, x, i), line);
                    }
                    _ => {
                        let x = self.expr(&ix.expr)?;
                        let i = self.expr(&ix.index)?;
                        self.emit(I::Index(d, x, i), line);
                    }
                }
                Ok(d)
            }
            Expr::Slice(s) => {
                let xt = self.type_of(&s.expr);
                let x = if matches!(self.tk(self.under(xt)), Type::Array(_)) {
                    self.addr(&s.expr)?
                } else {
                    self.expr(&s.expr)?
                };
                let lo = s.low.as_ref().map(|x| self.expr(x)).transpose()?;
                let hi = s.high.as_ref().map(|x| self.expr(x)).transpose()?;
                let mx = s.max.as_ref().map(|x| self.expr(x)).transpose()?;
                let d = self.reg();
                self.emit(I::SliceOp(d, x, lo, hi, mx), line);
                Ok(d)
            }
            Expr::TypeAssert(ta) => {
                let x = self.expr(&ta.expr)?;
                let t = self.type_of(e);
                let tid = self.ty(t);
                // The operand's static interface type, which the panic names.
                let st = self.type_of(&ta.expr);
                let sid = self.ty(st);
                let d = self.reg();
                self.emit(I::Assert(d, None, x, tid, sid), line);
                Ok(d)
            }
            Expr::Call(_) => {
                let d = self.call(e, 1)?;
                Ok(d)
            }
            Expr::Star(s) => {
                let p = self.expr(&s.expr)?;
                let d = self.reg();
                self.emit(I::Load(d, p), line);
                Ok(d)
            }
            Expr::Unary(u) => {
                let t = self.type_of(e);
                match u.op {
                    Token::AND => self.addr(&u.expr),
                    Token::ARROW => {
                        let c = self.expr(&u.expr)?;
                        let d = self.reg();
                        self.emit(I::Recv(d, None, c), line);
                        self.zero_after_recv(d, &u.expr, line);
                        Ok(d)
                    }
                    Token::SUB => {
                        let k = self.kind(t);
                        let x = self.expr(&u.expr)?;
                        let d = self.reg();
                        self.emit(I::Neg(k, d, x), line);
                        Ok(d)
                    }
                    Token::ADD => self.expr(&u.expr),
                    Token::NOT => {
                        let x = self.expr(&u.expr)?;
                        let d = self.reg();
                        self.emit(I::Not(d, x), line);
                        Ok(d)
                    }
                    Token::XOR => {
                        let k = self.kind(t);
                        let x = self.expr(&u.expr)?;
                        let d = self.reg();
                        self.emit(I::BitNot(k, d, x), line);
                        Ok(d)
                    }
                    _ => Err(self.unsupported(pos, "this operator")),
                }
            }
            Expr::Binary(b) => self.binary(b, line),
            Expr::KeyValue(_) => Err(self.unsupported(pos, "a key: value here")),
            Expr::Ellipsis(_)
            | Expr::Array(_)
            | Expr::Struct(_)
            | Expr::Func(_)
            | Expr::Interface(_)
            | Expr::Map(_)
            | Expr::Chan(_) => Err(self.diag(pos, "type is not an expression")),
        }
    }

    fn binary(&mut self, b: &ast::BinaryExpr, line: u32) -> R<Reg> {
        if b.op == Token::LAND || b.op == Token::LOR {
            let d = self.reg();
            let a = self.expr(&b.expr_a)?;
            self.emit(I::Move(d, a), line);
            // `d` is the expression's value on both paths, so the short-circuit jump
            // must not absorb the compare that writes it (`emit`'s fused branch leaves
            // `d` unwritten): a jump target here keeps the two apart.
            self.here();
            let j = if b.op == Token::LAND {
                self.emit(I::JmpIfNot(d, 0), line)
            } else {
                self.emit(I::JmpIf(d, 0), line)
            };
            let c = self.expr(&b.expr_b)?;
            self.emit(I::Move(d, c), line);
            let h = self.here();
            self.patch(j, h);
            return Ok(d);
        }
        let op = match b.op {
            Token::ADD => BinOp::Add,
            Token::SUB => BinOp::Sub,
            Token::MUL => BinOp::Mul,
            Token::QUO => BinOp::Div,
            Token::REM => BinOp::Rem,
            Token::AND => BinOp::And,
            Token::OR => BinOp::Or,
            Token::XOR => BinOp::Xor,
            Token::AND_NOT => BinOp::AndNot,
            Token::SHL => BinOp::Shl,
            Token::SHR => BinOp::Shr,
            Token::EQL => BinOp::Eq,
            Token::NEQ => BinOp::Ne,
            Token::LSS => BinOp::Lt,
            Token::LEQ => BinOp::Le,
            Token::GTR => BinOp::Gt,
            Token::GEQ => BinOp::Ge,
            _ => return Err(self.unsupported(b.op_pos, "this operator")),
        };
        let ta = self.type_of(&b.expr_a);
        let tb = self.type_of(&b.expr_b);
        let cmp = matches!(
            op,
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge
        );
        let shift = matches!(op, BinOp::Shl | BinOp::Shr);
        // Operand type: for comparisons mixing an interface and a concrete value,
        // compare as interfaces.
        let (x, y, k) = if cmp && (self.is_iface(ta) != self.is_iface(tb)) {
            let (it, _ct) = if self.is_iface(ta) {
                (ta, tb)
            } else {
                (tb, ta)
            };
            let x = self.expr_to(&b.expr_a, it)?;
            let y = self.expr_to(&b.expr_b, it)?;
            (x, y, Kind::Other)
        } else {
            let x = self.expr(&b.expr_a)?;
            let k = if shift {
                self.kind(self.type_of_bin(b))
            } else {
                self.kind(ta)
            };
            // A constant right operand is an immediate.
            if let Some(c) = self
                .tv(&b.expr_b)
                .and_then(|tv| self.const_value(&tv, line))
            {
                if matches!(c, V::Int(_)) && matches!(k, Kind::Int { .. }) {
                    let d = self.reg();
                    self.emit(I::BinK(op, k, d, x, c), line);
                    return Ok(d);
                }
            }
            let mut y = self.expr(&b.expr_b)?;
            // A uint64 count of 2^63 or more is held as a negative int: it shifts
            // everything out (Go), it is not a negative count (a panic).
            if shift
                && matches!(
                    self.kind(tb),
                    Kind::Int {
                        bits: 64,
                        signed: false
                    }
                )
            {
                let t = self.reg();
                self.emit(I::Conv(t, y, Conv::UShiftCount), line);
                y = t;
            }
            (x, y, k)
        };
        let d = self.reg();
        self.emit(I::Bin(op, k, d, x, y), line);
        Ok(d)
    }

    fn type_of_bin(&self, b: &ast::BinaryExpr) -> TypeKey {
        self.type_of(&b.expr_a)
    }

    fn func_lit(&mut self, fl: &ast::FuncLit, line: u32) -> R<Reg> {
        // A literal in a package-level initialiser (`var f = func() { ... }`) is in no
        // declaration's scan; one inside a function was scanned with it.
        if !self.f().scanned {
            self.scan_escapes(&fl.body);
        }
        let ft = &self.a().ftypes[fl.typ];
        let id = self.funcs.len() as FuncId;
        // gc's names: main.worker.func1, nested main.worker.func1.1 ...
        let outer = self.f();
        outer.nlits += 1;
        let name = if outer.name.contains(".func") {
            format!("{}.{}", outer.name, outer.nlits)
        } else {
            format!("{}.func{}", outer.name, outer.nlits)
        };
        self.funcs.push(vm::Func {
            name: name.clone(),
            ..Default::default()
        });
        self.stack.push(FnCx {
            name,
            scanned: true,
            ..FnCx::default()
        });
        let np = self.bind_params(&ft.params.list.clone())?;
        self.bind_results(&ft)?;
        self.block(&fl.body)?;
        self.implicit_return(fl.body.r_brace);
        // Captured variables sit after the parameters: remap the placeholders.
        let caps = self.f().caps.clone();
        let ncaps = caps.len() as u32;
        let placeholders: Vec<Reg> = caps.iter().map(|o| self.f().locals[o].reg).collect();
        remap_caps(self.f(), np, &placeholders);
        self.finish(id, np, ncaps);
        // The closure value: the outer registers (cells) of the captured variables.
        let mut cap_regs = Vec::new();
        for o in caps {
            match self.lookup_local(o) {
                Some(LV::Ptr(r)) => cap_regs.push(r),
                Some(LV::Reg(r)) => cap_regs.push(r),
                _ => {
                    let p = self.global_ptr(o, line);
                    cap_regs.push(p);
                }
            }
        }
        let d = self.reg();
        self.emit(I::Closure(d, id, cap_regs), line);
        Ok(d)
    }

    fn composite(&mut self, e: &Expr, cl: &ast::CompositeLit, line: u32) -> R<Reg> {
        let t = self.type_of(e);
        let ut = self.under(t);
        match self.tk(ut) {
            Type::Struct(s) => {
                let fields: Vec<ObjKey> = s.fields().clone();
                let mut regs = Vec::new();
                for f in &fields {
                    let ft = self.cx.tc.lobjs[*f].typ().unwrap();
                    let z = self.zero(ft);
                    regs.push(self.konst(z, line));
                }
                for (i, el) in cl.elts.iter().enumerate() {
                    let (fi, ve) = match el {
                        Expr::KeyValue(kv) => {
                            let Expr::Ident(k) = &kv.key else {
                                return Err(self.unsupported(el.pos(self.cx.ast), "this field key"));
                            };
                            let name = self.cx.ast.idents[*k].name.clone();
                            let fi = fields
                                .iter()
                                .position(|f| *self.cx.tc.lobjs[*f].name() == name)
                                .unwrap_or(0);
                            (fi, kv.val.clone())
                        }
                        other => (i, other.clone()),
                    };
                    let ft = self.cx.tc.lobjs[fields[fi]].typ().unwrap();
                    regs[fi] = self.expr_to(&ve, ft)?;
                }
                let d = self.reg();
                self.emit(I::MakeAgg(d, regs), line);
                Ok(d)
            }
            Type::Array(a) => {
                let n = a.len().unwrap_or(0) as usize;
                let et = a.elem();
                let z = self.zero(et);
                let zr = self.konst(z, line);
                let mut regs = vec![zr; n];
                let mut idx = 0usize;
                for el in &cl.elts {
                    let ve = match el {
                        Expr::KeyValue(kv) => {
                            let k = self.tv(&kv.key);
                            if let Some(V::Int(i)) = k.and_then(|k| self.const_value(&k, line)) {
                                idx = i as usize;
                            }
                            kv.val.clone()
                        }
                        other => other.clone(),
                    };
                    if idx < n {
                        regs[idx] = self.expr_to(&ve, et)?;
                    }
                    idx += 1;
                }
                let d = self.reg();
                self.emit(I::MakeAgg(d, regs), line);
                Ok(d)
            }
            Type::Slice(s) => {
                let et = s.elem();
                let mut regs = Vec::new();
                for el in &cl.elts {
                    let ve = match el {
                        Expr::KeyValue(kv) => kv.val.clone(),
                        other => other.clone(),
                    };
                    let ve = self.elem_lit(&ve, et)?;
                    regs.push(ve);
                }
                let d = self.reg();
                self.emit(I::SliceLit(d, regs), line);
                Ok(d)
            }
            Type::Map(m) => {
                let d = self.reg();
                self.emit(I::MakeMap(d), line);
                for el in &cl.elts {
                    if let Expr::KeyValue(kv) = el {
                        let k = self.elem_lit(&kv.key, m.key())?;
                        let v = self.elem_lit(&kv.val, m.elem())?;
                        self.emit(I::SetMap(d, k, v), line);
                    }
                }
                Ok(d)
            }
            _ => Err(self.unsupported(cl.l_brace, "this composite literal")),
        }
    }

    /// An element of a composite literal (may elide its type: `{1, 2}`, `&{...}`).
    fn elem_lit(&mut self, e: &Expr, t: TypeKey) -> R<Reg> {
        if let Expr::CompositeLit(_) = e {
            if self.is_ptr(t) {
                let v = self.expr(e)?;
                let d = self.reg();
                self.emit(I::Box(d, v), self.line_of(e.pos(self.cx.ast)));
                let _ = d;
                // The checker records the element type for elided &T literals as T.
                let et = self.type_of(e);
                if self.is_ptr(et) {
                    return Ok(v);
                }
                return Ok(d);
            }
        }
        self.expr_to(e, t)
    }

    fn selector(&mut self, e: &Expr, s: &ast::SelectorExpr, line: u32) -> R<Reg> {
        let pos = e.pos(self.cx.ast);
        let sel = self
            .cx
            .infos
            .iter()
            .find_map(|ti| ti.selections.get(&e.id()))
            .cloned();
        let Some(sel) = sel else {
            // A qualified identifier: pkg.Name.
            let o = self
                .obj_of(s.sel)
                .ok_or_else(|| self.unsupported(pos, "this selector"))?;
            match self.cx.tc.lobjs[o].entity_type() {
                EntityType::Var(_) => {
                    let p = self.global_ptr(o, line);
                    let d = self.reg();
                    self.emit(I::Load(d, p), line);
                    return Ok(d);
                }
                EntityType::Func(_) => {
                    if let Some(&f) = self.func_ids.get(&o) {
                        let d = self.reg();
                        self.emit(I::Closure(d, f, vec![]), line);
                        return Ok(d);
                    }
                    if let Some(n) = self.selector_native(e) {
                        return Ok(self.native_value(o, n, line));
                    }
                    return Err(self.unsupported(pos, &format!("{} as a value", self.qual_name(o))));
                }
                _ => return Err(self.unsupported(pos, "this selector")),
            }
        };
        match sel.kind() {
            SelectionKind::FieldVal => {
                let xt = self.type_of(&s.expr);
                // A struct variable's field is read in place, not by copying the struct.
                let mut x = if !self.is_ptr(xt) && self.addressable(&s.expr) {
                    self.addr(&s.expr)?
                } else {
                    self.expr(&s.expr)?
                };
                let mut t = xt;
                for i in sel.indices().clone() {
                    let d = self.reg();
                    self.emit(I::Field(d, x, i as u32), line);
                    let base = if self.is_ptr(t) {
                        self.elem_of_ptr(t)
                    } else {
                        t
                    };
                    t = self.field_type(base, i);
                    x = d;
                }
                Ok(x)
            }
            SelectionKind::MethodVal => self.method_value(s, &sel, line),
            SelectionKind::MethodExpr => self.method_expr(e, &sel, line),
        }
    }

    /// `x.M` as a value: a closure over the receiver, evaluated (and, for a value
    /// receiver, copied) now, as Go's method value `main.T.M-fm` is.
    fn method_value(
        &mut self,
        s: &ast::SelectorExpr,
        sel: &go_types::Selection,
        line: u32,
    ) -> R<Reg> {
        let m = sel.obj();
        let pos = self.cx.ast.idents[s.sel].pos;
        let xt = self.type_of(&s.expr);
        let (recv, rt) = self.method_receiver(s, sel, line)?;
        let name: Arc<str> = Arc::from(self.cx.tc.lobjs[m].name().as_str());
        let sig = self.cx.tc.lobjs[m].typ().unwrap();
        let (np, nret) = (
            self.sig(sig).map_or(0, |s| s.0.len()) as u32,
            self.nresults(sig),
        );
        let target = if self.is_iface(rt) {
            None
        } else {
            Some(*self.func_ids.get(&m).ok_or_else(|| {
                self.unsupported(pos, &format!("the method value {name} of a library type"))
            })?)
        };
        let fname = format!("{}.{}-fm", self.type_name(self.base_type(xt)), name);
        let id = self.funcs.len() as FuncId;
        self.funcs.push(vm::Func {
            name: fname.clone(),
            ..Default::default()
        });
        self.stack.push(FnCx {
            name: fname,
            scanned: true,
            ..FnCx::default()
        });
        let params: Vec<Reg> = (0..np).map(|_| self.reg()).collect();
        let cap = self.reg();
        let dst = self.reg();
        for _ in 1..nret.max(1) {
            self.reg();
        }
        let call = match target {
            Some(f) => {
                let mut args = vec![cap];
                args.extend(&params);
                self.f().static_calls.push(f);
                I::Call { f, args, dst, nret }
            }
            None => {
                self.f().other_calls += 1;
                I::CallIface {
                    recv: cap,
                    method: name,
                    args: params,
                    dst,
                    nret,
                }
            }
        };
        self.f().has_call = true;
        self.emit(call, line);
        self.emit(I::Ret((dst..dst + nret).collect()), line);
        self.finish(id, np, 1);
        let d = self.reg();
        self.emit(I::Closure(d, id, vec![recv]), line);
        Ok(d)
    }

    /// `T.M` or `(*T).M` as a value: a function of the receiver then the method's
    /// parameters (the method itself where the receiver is passed as it is declared;
    /// else a wrapper that dereferences it, or calls through the interface).
    fn method_expr(&mut self, e: &Expr, sel: &go_types::Selection, line: u32) -> R<Reg> {
        let m = sel.obj();
        let pos = e.pos(self.cx.ast);
        let name: Arc<str> = Arc::from(self.cx.tc.lobjs[m].name().as_str());
        let Expr::Selector(s) = e else {
            return Err(self.unsupported(pos, "this method expression"));
        };
        let Some(tv) = self.tv(&s.expr) else {
            return Err(self.unsupported(pos, "this method expression"));
        };
        let t = tv.typ;
        if sel.indices().len() > 1 {
            return Err(self.unsupported(pos, "a method expression of a promoted method"));
        }
        let mptr = self.method_ptr_recv(m);
        let tptr = self.is_ptr(t);
        let iface = self.is_iface(t);
        let target = self.func_ids.get(&m).copied();
        if let (Some(f), false) = (target, iface) {
            if mptr == tptr {
                let d = self.reg();
                self.emit(I::Closure(d, f, vec![]), line);
                return Ok(d);
            }
        }
        if target.is_none() && !iface {
            return Err(self.unsupported(
                pos,
                &format!("the method expression {name} of a library type"),
            ));
        }
        let sig = self.cx.tc.lobjs[m].typ().unwrap();
        let (np, nret) = (
            self.sig(sig).map_or(0, |s| s.0.len()) as u32,
            self.nresults(sig),
        );
        let fname = format!("{}.{}", self.type_name(t), name);
        let id = self.funcs.len() as FuncId;
        self.funcs.push(vm::Func {
            name: fname.clone(),
            ..Default::default()
        });
        self.stack.push(FnCx {
            name: fname,
            scanned: true,
            ..FnCx::default()
        });
        let recv = self.reg();
        let params: Vec<Reg> = (0..np).map(|_| self.reg()).collect();
        let dst = self.reg();
        for _ in 1..nret.max(1) {
            self.reg();
        }
        let call = match target {
            Some(f) if !iface => {
                // (*T).M of a value method: the method gets *p.
                let r = self.reg();
                self.emit(I::Load(r, recv), line);
                let mut args = vec![r];
                args.extend(&params);
                self.f().static_calls.push(f);
                I::Call { f, args, dst, nret }
            }
            _ => {
                self.f().other_calls += 1;
                I::CallIface {
                    recv,
                    method: name,
                    args: params,
                    dst,
                    nret,
                }
            }
        };
        self.f().has_call = true;
        self.emit(call, line);
        self.emit(I::Ret((dst..dst + nret).collect()), line);
        self.finish(id, np + 1, 0);
        let d = self.reg();
        self.emit(I::Closure(d, id, vec![]), line);
        Ok(d)
    }

    /// A library function the VM implements (`strings.ToUpper`) as a value: a function
    /// that makes the native call with its parameters.
    fn native_value(&mut self, o: ObjKey, n: Native, line: u32) -> Reg {
        let sig = self.cx.tc.lobjs[o].typ().unwrap();
        let (np, nret) = (
            self.sig(sig).map_or(0, |s| s.0.len()) as u32,
            self.nresults(sig),
        );
        let fname = self.qual_name(o);
        let id = self.funcs.len() as FuncId;
        self.funcs.push(vm::Func {
            name: fname.clone(),
            ..Default::default()
        });
        self.stack.push(FnCx {
            name: fname,
            scanned: true,
            ..FnCx::default()
        });
        let args: Vec<Reg> = (0..np).map(|_| self.reg()).collect();
        let dst = self.reg();
        for _ in 1..nret.max(1) {
            self.reg();
        }
        self.f().other_calls += 1;
        self.f().has_call = true;
        self.emit(I::Native { n, args, dst, nret }, line);
        self.emit(I::Ret((dst..dst + nret).collect()), line);
        self.finish(id, np, 0);
        let d = self.reg();
        self.emit(I::Closure(d, id, vec![]), line);
        d
    }

    fn base_type(&self, t: TypeKey) -> TypeKey {
        if self.is_ptr(t) {
            self.elem_of_ptr(t)
        } else {
            t
        }
    }

    /// Compiles a call for its value(s): returns the first result register (results
    /// are consecutive).
    fn multi(&mut self, e: &Expr, n: u32) -> R<Reg> {
        let line = self.line_of(e.pos(self.cx.ast));
        match e {
            Expr::Call(_) => self.call(e, n),
            Expr::Paren(p) => self.multi(&p.expr, n),
            Expr::Index(ix) => {
                let xt = self.type_of(&ix.expr);
                let Type::Map(m) = self.tk(self.under(xt)) else {
                    return Err(self.unsupported(ix.l_brack, "this multi-value expression"));
                };
                let x = self.expr(&ix.expr)?;
                let k = self.expr_to(&ix.index, m.key())?;
                let z = self.zero(m.elem());
                let zr = self.konst(z, line);
                let d = self.reg();
                let ok = self.reg();
                self.emit(I::MapIndex(d, Some(ok), x, k, zr), line);
                Ok(d)
            }
            Expr::Unary(u) if u.op == Token::ARROW => {
                let c = self.expr(&u.expr)?;
                let d = self.reg();
                let ok = self.reg();
                self.emit(I::Recv(d, Some(ok), c), line);
                self.zero_after_recv(d, &u.expr, line);
                Ok(d)
            }
            Expr::TypeAssert(ta) => {
                let x = self.expr(&ta.expr)?;
                let t = self.tv(&ta.typ.clone().unwrap()).map(|t| t.typ).unwrap();
                let tid = self.ty(t);
                let d = self.reg();
                let ok = self.reg();
                self.emit(I::Assert(d, Some(ok), x, tid, 0), line);
                Ok(d)
            }
            _ => Err(self.unsupported(e.pos(self.cx.ast), "this multi-value expression")),
        }
    }

    /// For `go` and `defer`: the function value and its evaluated arguments.
    fn call_parts(&mut self, e: &Expr) -> R<(Reg, Vec<Reg>)> {
        let line = self.line_of(e.pos(self.cx.ast));
        let Expr::Call(c) = e else {
            return Err(self.diag(
                e.pos(self.cx.ast),
                "expression in go/defer must be function call",
            ));
        };
        // Builtins and natives: wrap in a closure-free thunk by compiling a call in a
        // tiny function is overkill; evaluate args now and call through a func value
        // when the callee is a plain function or closure.
        let ftv = self.tv(&c.func);
        let is_plain_func = match (&c.func, &ftv) {
            (_, Some(tv)) if matches!(tv.mode, OperandMode::Builtin(_)) => false,
            (Expr::Selector(_), _) => {
                self.cx
                    .infos
                    .iter()
                    .find_map(|ti| ti.selections.get(&c.func.id()))
                    .is_none()
                    && self.selector_func(&c.func).is_some()
            }
            _ => true,
        };
        if is_plain_func && !self.is_method_call(&c.func) {
            if let Some(f) = self
                .selector_func(&c.func)
                .or_else(|| self.ident_func(&c.func))
            {
                let fr = self.reg();
                self.emit(I::Closure(fr, f, vec![]), line);
                let args = self.call_args(c, self.type_of(&c.func))?;
                return Ok((fr, args));
            }
            if self.ident_func(&c.func).is_none() && self.selector_native(&c.func).is_none() {
                let fr = self.expr(&c.func)?;
                let args = self.call_args(c, self.type_of(&c.func))?;
                return Ok((fr, args));
            }
        }
        // Anything else (methods, builtins, natives): a closure that makes the call,
        // with the arguments evaluated now.
        let mut arg_regs = Vec::new();
        let mut thunk_args = Vec::new();
        for a in &c.args {
            let r = self.expr(a)?;
            arg_regs.push(r);
            thunk_args.push(a.clone());
        }
        let recv = match &c.func {
            Expr::Selector(s) if self.is_method_call(&c.func) => {
                let st = self
                    .cx
                    .infos
                    .iter()
                    .find_map(|ti| ti.selections.get(&c.func.id()))
                    .cloned()
                    .unwrap();
                // Evaluated now, as the go or defer statement does.
                Some(self.method_receiver(s, &st, line)?.0)
            }
            _ => None,
        };
        let id = self.thunk(e, recv.is_some(), arg_regs.len())?;
        let fr = self.reg();
        self.emit(I::Closure(fr, id, vec![]), line);
        let mut all = Vec::new();
        all.extend(recv);
        all.extend(arg_regs);
        Ok((fr, all))
    }

    /// A function that performs call `e` on its parameters (receiver first, then the
    /// arguments already evaluated), for `go`/`defer` of methods and builtins.
    fn thunk(&mut self, e: &Expr, has_recv: bool, nargs: usize) -> R<FuncId> {
        let Expr::Call(c) = e else { unreachable!() };
        let id = self.funcs.len() as FuncId;
        let outer = self.f();
        outer.nlits += 1;
        let name = format!("{}.gowrap{}", outer.name, outer.nlits);
        let scanned = outer.scanned;
        self.funcs.push(vm::Func {
            name: name.clone(),
            ..Default::default()
        });
        self.stack.push(FnCx {
            name,
            scanned,
            ..FnCx::default()
        });
        let np = nargs as u32 + has_recv as u32;
        for _ in 0..np {
            self.reg();
        }
        self.f().thunk_args = Some((has_recv, (0..np).collect()));
        self.call(e, 0)?;
        let _ = c;
        self.f().thunk_args = None;
        self.emit(I::Ret(vec![]), 0);
        self.finish(id, np, 0);
        Ok(id)
    }

    fn is_method_call(&self, f: &Expr) -> bool {
        self.cx
            .infos
            .iter()
            .find_map(|ti| ti.selections.get(&f.id()))
            .map(|s| matches!(s.kind(), SelectionKind::MethodVal))
            .unwrap_or(false)
    }

    fn ident_func(&self, f: &Expr) -> Option<FuncId> {
        let Expr::Ident(id) = f else { return None };
        let o = self.obj_of(*id)?;
        if !matches!(self.cx.tc.lobjs[o].entity_type(), EntityType::Func(_)) {
            return None;
        }
        self.func_ids.get(&o).copied()
    }

    fn selector_func(&self, f: &Expr) -> Option<FuncId> {
        let Expr::Selector(s) = f else { return None };
        if self
            .cx
            .infos
            .iter()
            .any(|ti| ti.selections.contains_key(&f.id()))
        {
            return None;
        }
        let o = self.obj_of(s.sel)?;
        self.func_ids.get(&o).copied()
    }

    fn selector_native(&self, f: &Expr) -> Option<Native> {
        let Expr::Selector(s) = f else { return None };
        let o = self.obj_of(s.sel)?;
        let lo = &self.cx.tc.lobjs[o];
        if !matches!(lo.entity_type(), EntityType::Func(_)) || self.func_ids.contains_key(&o) {
            return None;
        }
        natives()
            .get(format!("{}.{}", self.pkg_path(o), lo.name()).as_str())
            .copied()
    }

    fn ident_native(&self, f: &Expr) -> Option<Native> {
        let Expr::Ident(id) = f else { return None };
        let o = self.obj_of(*id)?;
        let lo = &self.cx.tc.lobjs[o];
        if !matches!(lo.entity_type(), EntityType::Func(_)) || self.func_ids.contains_key(&o) {
            return None;
        }
        natives()
            .get(format!("{}.{}", self.pkg_path(o), lo.name()).as_str())
            .copied()
    }

    fn method_ptr_recv(&self, m: ObjKey) -> bool {
        match self.cx.tc.lobjs[m].typ().map(|t| &self.cx.tc.types[t]) {
            Some(Type::Signature(sig)) => sig
                .recv()
                .and_then(|r| self.cx.tc.lobjs[r].typ())
                .map(|t| self.is_ptr(t))
                .unwrap_or(false),
            _ => false,
        }
    }

    /// Evaluates a call's arguments, converting each to its parameter type and packing
    /// the variadic tail into a slice.
    fn call_args(&mut self, c: &ast::CallExpr, ftype: TypeKey) -> R<Vec<Reg>> {
        let line = self.line_of(c.l_paren);
        if let Some((has_recv, regs)) = self.f().thunk_args.clone() {
            // Inside a go/defer thunk: the arguments are the thunk's parameters.
            let skip = has_recv as usize;
            let sig = self.sig(ftype);
            let mut out = Vec::new();
            let ptypes = sig.as_ref().map(|s| s.0.clone()).unwrap_or_default();
            let variadic = sig.as_ref().map(|s| s.1).unwrap_or(false);
            let n = ptypes.len();
            for (i, r) in regs[skip..].iter().enumerate() {
                let from = c.args.get(i).and_then(|a| self.tv(a)).map(|t| t.typ);
                let to = if variadic && i >= n - 1 && c.ellipsis.is_none() {
                    slice_elem(self, ptypes[n - 1])
                } else {
                    ptypes.get(i).copied().unwrap_or(ftype)
                };
                out.push(self.convert_implicit(*r, from, to, line));
            }
            if variadic && c.ellipsis.is_none() {
                let tail: Vec<Reg> = out.split_off((n - 1).min(out.len()));
                let d = self.reg();
                if tail.is_empty() {
                    self.emit(I::Const(d, V::Nil), line);
                } else {
                    self.emit(I::SliceLit(d, tail), line);
                }
                out.push(d);
            }
            return Ok(out);
        }
        let Some((ptypes, variadic)) = self.sig(ftype) else {
            let mut out = Vec::new();
            for a in &c.args {
                out.push(self.expr(a)?);
            }
            return Ok(out);
        };
        let mut out = Vec::new();
        let n = ptypes.len();
        let tuple_len =
            c.args
                .first()
                .and_then(|a| self.tv(a))
                .and_then(|t| match self.tk(t.typ) {
                    Type::Tuple(tt) if c.args.len() == 1 => {
                        Some((tt.vars().clone(), tt.vars().len()))
                    }
                    _ => None,
                });
        if let (Some((vars, k)), true) = (&tuple_len, variadic) {
            // fmt.Println(f()) with f returning several values.
            let d = self.multi(&c.args[0], *k as u32)?;
            let et = slice_elem(self, ptypes[n - 1]);
            let mut tail = Vec::new();
            for (i, v) in vars.iter().enumerate() {
                let from = self.cx.tc.lobjs[*v].typ();
                tail.push(self.convert_implicit(d + i as u32, from, et, line));
            }
            let s = self.reg();
            self.emit(I::SliceLit(s, tail), line);
            return Ok(vec![s]);
        }
        if c.args.len() == 1 && n > 1 && tuple_len.is_some() {
            // f(g()) with g returning several values.
            let d = self.multi(&c.args[0], n as u32)?;
            return Ok((0..n as u32).map(|i| d + i).collect());
        }
        for (i, a) in c.args.iter().enumerate() {
            if variadic && i >= n - 1 && c.ellipsis.is_none() {
                break;
            }
            out.push(self.expr_to(a, ptypes[i])?);
        }
        if variadic && c.ellipsis.is_none() {
            let et = slice_elem(self, ptypes[n - 1]);
            let mut tail = Vec::new();
            for a in c.args.iter().skip(n - 1) {
                tail.push(self.expr_to(a, et)?);
            }
            let d = self.reg();
            if tail.is_empty() {
                self.emit(I::Const(d, V::Nil), line);
            } else {
                self.emit(I::SliceLit(d, tail), line);
            }
            out.push(d);
        }
        // The callee spills its register arguments into this area of our frame.
        let args_bytes: u64 = ptypes
            .iter()
            .map(|t| {
                let id = self.ty(*t);
                self.types.size(id)
            })
            .sum();
        let f = self.f();
        f.max_args = f.max_args.max(args_bytes);
        Ok(out)
    }

    fn sig(&self, ftype: TypeKey) -> Option<(Vec<TypeKey>, bool)> {
        let Type::Signature(s) = self.tk(self.under(ftype)) else {
            return None;
        };
        let Type::Tuple(p) = self.tk(s.params()) else {
            return None;
        };
        Some((
            p.vars()
                .iter()
                .map(|v| self.cx.tc.lobjs[*v].typ().unwrap())
                .collect(),
            s.variadic(),
        ))
    }

    fn nresults(&self, ftype: TypeKey) -> u32 {
        match self.tk(self.under(ftype)) {
            Type::Signature(s) => match self.tk(s.results()) {
                Type::Tuple(t) => t.vars().len() as u32,
                _ => 0,
            },
            _ => 0,
        }
    }

    /// A call expression; `want` results go to consecutive registers from the one
    /// returned.
    fn call(&mut self, e: &Expr, want: u32) -> R<Reg> {
        let Expr::Call(c) = e else { unreachable!() };
        let pos = e.pos(self.cx.ast);
        let line = self.line_of(pos);
        let ftv = self.tv(&c.func);
        // Conversions: T(x).
        if let Some(tv) = &ftv {
            if matches!(tv.mode, OperandMode::TypeExpr) {
                return self.conversion(c, tv.typ, line);
            }
            if let OperandMode::Builtin(b) = &tv.mode {
                return self.builtin(*b, c, e, line);
            }
        }
        let ftype = self.type_of(&c.func);
        let nret = self.nresults(ftype).max(want);
        let dst = self.reg();
        for _ in 1..nret.max(1) {
            self.reg();
        }
        // Method calls.
        if let Expr::Selector(s) = &c.func {
            if let Some(sel) = self
                .cx
                .infos
                .iter()
                .find_map(|ti| ti.selections.get(&c.func.id()))
                .cloned()
            {
                if matches!(sel.kind(), SelectionKind::MethodVal) {
                    let m = sel.obj();
                    let name: Arc<str> = Arc::from(self.cx.tc.lobjs[m].name().as_str());
                    let (recv, xt) = match self.f().thunk_args.clone() {
                        Some((true, regs)) => (regs[0], self.recv_type(s, &sel)),
                        _ => self.method_receiver(s, &sel, line)?,
                    };
                    let args = self.call_args(c, ftype)?;
                    if self.is_iface(xt) {
                        self.emit(
                            I::CallIface {
                                recv,
                                method: name,
                                args,
                                dst,
                                nret,
                            },
                            line,
                        );
                        return Ok(dst);
                    }
                    let mut all = vec![recv];
                    all.extend(args);
                    if let Some(&f) = self.func_ids.get(&m) {
                        self.emit(
                            I::Call {
                                f,
                                args: all,
                                dst,
                                nret,
                            },
                            line,
                        );
                        return Ok(dst);
                    }
                    let q = format!("{}.{}", self.pkg_path(m), name);
                    let n = natives()
                        .get(q.as_str())
                        .copied()
                        .ok_or_else(|| self.unsupported(pos, &format!("method {name}")))?;
                    self.emit(
                        I::Native {
                            n,
                            args: all,
                            dst,
                            nret,
                        },
                        line,
                    );
                    return Ok(dst);
                }
            }
        }
        let args = self.call_args(c, ftype)?;
        if let Some(f) = self
            .ident_func(&c.func)
            .or_else(|| self.selector_func(&c.func))
        {
            self.emit(I::Call { f, args, dst, nret }, line);
            return Ok(dst);
        }
        if let Some(n) = self
            .selector_native(&c.func)
            .or_else(|| self.ident_native(&c.func))
        {
            self.emit(I::Native { n, args, dst, nret }, line);
            return Ok(dst);
        }
        let is_selection = self
            .cx
            .infos
            .iter()
            .any(|ti| ti.selections.contains_key(&c.func.id()));
        if let (Expr::Selector(s), false) = (&c.func, is_selection) {
            if let Some(o) = self.obj_of(s.sel) {
                if matches!(self.cx.tc.lobjs[o].entity_type(), EntityType::Func(_))
                    && !self.func_ids.contains_key(&o)
                {
                    return Err(self.unsupported(pos, &format!("{}", self.qual_name(o))));
                }
            }
        }
        let f = self.expr(&c.func)?;
        self.emit(I::CallV { f, args, dst, nret }, line);
        Ok(dst)
    }

    /// The type of the receiver [`Compiler::method_receiver`] passes (the embedded
    /// field's, for a promoted method), without emitting code.
    fn recv_type(&self, s: &ast::SelectorExpr, sel: &go_types::Selection) -> TypeKey {
        let xt = self.type_of(&s.expr);
        let path = sel.indices();
        if path.len() <= 1 {
            return xt;
        }
        let mut t = self.base_type(xt);
        for i in &path[..path.len() - 1] {
            t = self.field_type(t, *i);
            if self.is_ptr(t) {
                t = self.elem_of_ptr(t);
            }
        }
        t
    }

    /// The receiver a method call or method value `x.M` passes, and the type it has:
    /// the embedded field a promoted method belongs to, `&x` for a pointer method of
    /// an addressable value, `*p` for a value method through a pointer.
    fn method_receiver(
        &mut self,
        s: &ast::SelectorExpr,
        sel: &go_types::Selection,
        line: u32,
    ) -> R<(Reg, TypeKey)> {
        let m = sel.obj();
        let xt = self.type_of(&s.expr);
        let mptr = self.method_ptr_recv(m);
        let path = sel.indices().clone();
        let (recv_expr_ptr, xt) = if path.len() > 1 {
            // A promoted method: the receiver is the embedded field.
            let mut p = if self.is_ptr(xt) {
                self.expr(&s.expr)?
            } else {
                self.addr(&s.expr)?
            };
            let mut t = if self.is_ptr(xt) {
                self.elem_of_ptr(xt)
            } else {
                xt
            };
            for i in &path[..path.len() - 1] {
                let d = self.reg();
                self.emit(I::SubPtr(d, p, *i as u32), line);
                t = self.field_type(t, *i);
                p = d;
                if self.is_ptr(t) {
                    let d2 = self.reg();
                    self.emit(I::Load(d2, p), line);
                    p = d2;
                    t = self.elem_of_ptr(t);
                }
            }
            (Some(p), t)
        } else {
            (None, xt)
        };
        let recv = match recv_expr_ptr {
            Some(p) => {
                if mptr {
                    p
                } else {
                    let d = self.reg();
                    self.emit(I::Load(d, p), line);
                    d
                }
            }
            None => {
                if self.is_iface(xt) {
                    self.expr(&s.expr)?
                } else if mptr && !self.is_ptr(xt) {
                    self.addr(&s.expr)?
                } else if !mptr && self.is_ptr(xt) {
                    let p = self.expr(&s.expr)?;
                    let d = self.reg();
                    self.emit(I::Load(d, p), line);
                    d
                } else {
                    self.expr(&s.expr)?
                }
            }
        };
        Ok((recv, xt))
    }

    fn conversion(&mut self, c: &ast::CallExpr, to: TypeKey, line: u32) -> R<Reg> {
        let a = &c.args[0];
        let from = self.type_of(a);
        // unsafe.Pointer(&local): the local's simulated stack address.
        if let Type::Basic(b) = self.tk(self.under(to)) {
            if b.typ() == BasicType::UnsafePointer {
                if let Expr::Unary(u) = a {
                    if u.op == Token::AND {
                        if let Expr::Ident(id) = &u.expr {
                            if let Some(o) = self.obj_of(*id) {
                                if let Some(l) = self.f().locals.get(&o) {
                                    let slot = l.reg;
                                    let d = self.reg();
                                    self.emit(I::StackAddr(d, slot), line);
                                    return Ok(d);
                                }
                            }
                        }
                    }
                }
            }
        }
        let x = self.expr(a)?;
        if self.is_iface(to) {
            return Ok(self.convert_implicit(x, Some(from), to, line));
        }
        let (ft, tt) = (self.ty(from), self.ty(to));
        let conv = match (self.types.under(ft).clone(), self.types.under(tt).clone()) {
            (Ty::Int { .. }, Ty::Int { bits, signed }) => Conv::IntToInt { bits, signed },
            (Ty::UnsafePtr, Ty::Int { .. }) | (Ty::Int { .. }, Ty::UnsafePtr) => Conv::Same,
            (Ty::Int { .. }, Ty::Float) => Conv::IntToFloat,
            (Ty::Int { .. }, Ty::Float32) => Conv::IntToFloat32,
            (Ty::Float, Ty::Float32) => Conv::ToFloat32,
            (Ty::Float | Ty::Float32, Ty::Int { bits, signed }) => {
                Conv::FloatToInt { bits, signed }
            }
            (Ty::Int { .. }, Ty::Str) => Conv::IntToStr,
            (Ty::Str, Ty::Slice(e))
                if matches!(self.types.get(e), Ty::Int { bits: 8, .. })
                    || matches!(self.types.under(e), Ty::Int { bits: 8, .. }) =>
            {
                Conv::StrToBytes
            }
            (Ty::Str, Ty::Slice(_)) => Conv::StrToRunes,
            (Ty::Slice(e), Ty::Str) if matches!(self.types.under(e), Ty::Int { bits: 8, .. }) => {
                Conv::BytesToStr
            }
            (Ty::Slice(_), Ty::Str) => Conv::RunesToStr,
            _ => Conv::Same,
        };
        let d = self.reg();
        self.emit(I::Conv(d, x, conv), line);
        Ok(d)
    }

    fn builtin(&mut self, b: go_types::Builtin, c: &ast::CallExpr, e: &Expr, line: u32) -> R<Reg> {
        use go_types::Builtin as B;
        let pos = c.l_paren;
        let thunk = self.f().thunk_args.clone();
        let arg = |me: &mut Self, i: usize| -> R<Reg> {
            match &thunk {
                Some((_, regs)) => Ok(regs[i]),
                None => me.expr(&c.args[i]),
            }
        };
        let d = self.reg();
        match b {
            B::Len | B::Cap => {
                let x = arg(self, 0)?;
                self.emit(
                    if b == B::Len {
                        I::Len(d, x)
                    } else {
                        I::Cap(d, x)
                    },
                    line,
                );
            }
            B::Append => {
                let s = arg(self, 0)?;
                let st = self.type_of(e);
                let et = slice_elem(self, st);
                let ety = self.ty(et);
                let elem = self.types.size(ety) as u32
                    | if self.types.has_pointers(ety) {
                        vm::ELEM_HAS_PTRS
                    } else {
                        0
                    };
                if c.ellipsis.is_some() {
                    let t = arg(self, 1)?;
                    self.emit(I::AppendSpread(d, s, t, elem), line);
                } else {
                    let mut xs = Vec::new();
                    for i in 1..c.args.len() {
                        let r = arg(self, i)?;
                        let from = self.tv(&c.args[i]).map(|t| t.typ);
                        xs.push(self.convert_implicit(r, from, et, line));
                    }
                    self.emit(I::Append(d, s, xs, elem), line);
                }
            }
            B::Make => {
                let t = self.type_of(e);
                match self.tk(self.under(t)) {
                    Type::Slice(s) => {
                        let n = arg(self, 1)?;
                        let cap = if c.args.len() > 2 {
                            Some(arg(self, 2)?)
                        } else {
                            None
                        };
                        let z = self.zero(s.elem());
                        let zr = self.konst(z, line);
                        let ety = self.ty(s.elem());
                        let esize = self.types.size(ety) as u32;
                        self.emit(I::MakeSlice(d, n, cap, zr, esize), line);
                    }
                    Type::Map(_) => {
                        self.emit(I::MakeMap(d), line);
                    }
                    Type::Chan(_) => {
                        let cap = if c.args.len() > 1 {
                            Some(arg(self, 1)?)
                        } else {
                            None
                        };
                        self.emit(I::MakeChan(d, cap), line);
                    }
                    _ => return Err(self.unsupported(pos, "make of this type")),
                }
            }
            B::New => {
                let t = self.type_of(e);
                let et = self.elem_of_ptr(t);
                let z = self.zero(et);
                let zr = self.konst(z, line);
                self.emit(I::Box(d, zr), line);
            }
            B::Delete => {
                let m = arg(self, 0)?;
                let k = arg(self, 1)?;
                self.emit(I::MapDelete(m, k), line);
            }
            B::Copy => {
                let a = arg(self, 0)?;
                let s = arg(self, 1)?;
                self.emit(I::Copy(d, a, s), line);
            }
            B::Close => {
                let ch = arg(self, 0)?;
                self.emit(I::Close(ch), line);
            }
            B::Panic => {
                let x = arg(self, 0)?;
                let from = self.tv(&c.args[0]).map(|t| t.typ);
                // panic's parameter is an interface{}: a nil stays a nil interface.
                let untyped_nil = |c: &Self, f: TypeKey| matches!(c.tk(f), Type::Basic(b) if b.typ() == BasicType::UntypedNil);
                let x = match from {
                    Some(f) if !self.is_iface(f) && !untyped_nil(self, f) => {
                        let t = self.ty(f);
                        let r = self.reg();
                        self.emit(I::ToIface(r, x, t), line);
                        r
                    }
                    _ => x,
                };
                self.emit(I::Panic(x), line);
            }
            B::Recover => {
                self.emit(I::Recover(d), line);
            }
            B::Print | B::Println => {
                let mut xs = Vec::new();
                for i in 0..c.args.len() {
                    xs.push(arg(self, i)?);
                }
                let n = if b == B::Print {
                    Native::BuiltinPrint
                } else {
                    Native::BuiltinPrintln
                };
                self.emit(
                    I::Native {
                        n,
                        args: xs,
                        dst: d,
                        nret: 0,
                    },
                    line,
                );
            }
            B::Min | B::Max => {
                // (A constant min or max never gets here: it is a constant.)
                let t = self.type_of(e);
                let k = self.kind(t);
                let mut regs = Vec::new();
                for i in 0..c.args.len() {
                    regs.push(match &thunk {
                        Some((_, r)) => r[i],
                        None => self.expr_to(&c.args[i], t)?,
                    });
                }
                self.emit(I::Move(d, regs[0]), line);
                for &r in &regs[1..] {
                    if matches!(k, Kind::Float | Kind::Float32) {
                        let n = if b == B::Min {
                            Native::MinFloat
                        } else {
                            Native::MaxFloat
                        };
                        self.emit(
                            I::Native {
                                n,
                                args: vec![d, r],
                                dst: d,
                                nret: 1,
                            },
                            line,
                        );
                    } else {
                        // d = r if r < d (min) / r > d (max): the first of equals stays.
                        let op = if b == B::Min { BinOp::Lt } else { BinOp::Gt };
                        let c = self.reg();
                        self.emit(I::Bin(op, k, c, r, d), line);
                        let j = self.emit(I::JmpIfNot(c, 0), line);
                        self.emit(I::Move(d, r), line);
                        let h = self.here();
                        self.patch(j, h);
                    }
                }
            }
            B::Clear => {
                let x = arg(self, 0)?;
                let t = self.type_of(&c.args[0]);
                let z = match self.tk(self.under(t)) {
                    Type::Slice(s) => self.zero(s.elem()),
                    _ => V::Nil,
                };
                let zr = self.konst(z, line);
                self.emit(
                    I::Native {
                        n: Native::Clear,
                        args: vec![x, zr],
                        dst: d,
                        nret: 0,
                    },
                    line,
                );
            }
            _ => return Err(self.unsupported(pos, "this builtin")),
        }
        Ok(d)
    }
}

/// `last` (a 64-bit integer compare into temp `c`) and the conditional jump on `c` that
/// follows it, as one fused jump: `JmpIfNot` keeps the compare, `JmpIf` negates it.
fn fuse_branch(last: &I, c: Reg, t: u32, jump_if: bool) -> Option<I> {
    const I64: Kind = Kind::Int {
        bits: 64,
        signed: true,
    };
    let op_for = |op: BinOp| if jump_if { negate(op) } else { op };
    match last {
        I::Bin(op, I64, pd, a, b) if *pd == c && is_cmp(*op) => {
            Some(I::JmpUnless(op_for(*op), *a, *b, t))
        }
        I::BinK(op, I64, pd, a, V::Int(k)) if *pd == c && is_cmp(*op) => {
            Some(I::JmpUnlessK(op_for(*op), *a, *k, t))
        }
        _ => None,
    }
}

fn is_cmp(op: BinOp) -> bool {
    matches!(
        op,
        BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Eq | BinOp::Ne
    )
}

/// The integer comparison that is true exactly when `op` is false.
fn negate(op: BinOp) -> BinOp {
    match op {
        BinOp::Lt => BinOp::Ge,
        BinOp::Ge => BinOp::Lt,
        BinOp::Le => BinOp::Gt,
        BinOp::Gt => BinOp::Le,
        BinOp::Eq => BinOp::Ne,
        _ => BinOp::Eq,
    }
}

/// High bit marking a named result held in a cell.
const BOXED_RESULT: Reg = 1 << 31;

type Rc<T> = std::rc::Rc<T>;

enum LV {
    Reg(Reg),
    Ptr(Reg),
    Map(Reg, Reg),
    Blank,
}

fn slice_elem(c: &Compiler<'_>, t: TypeKey) -> TypeKey {
    match c.tk(c.under(t)) {
        Type::Slice(s) => s.elem(),
        _ => t,
    }
}

fn const_guess(c: &ConstValue) -> V {
    match c {
        ConstValue::Bool(b) => V::Bool(*b),
        ConstValue::Str(s) => V::Str(Arc::from(s.as_str())),
        ConstValue::Int(_) => V::Int(c.int_as_i64().0),
        ConstValue::Rat(_) | ConstValue::Float(_) => match c.to_int().as_ref() {
            i @ ConstValue::Int(_) => V::Int(i.int_as_i64().0),
            _ => V::Float(c.num_as_f64().0.into_inner()),
        },
        _ => V::Nil,
    }
}

fn root_ident(e: &Expr) -> Option<IdentKey> {
    match e {
        Expr::Ident(i) => Some(*i),
        Expr::Paren(p) => root_ident(&p.expr),
        Expr::Selector(s) => root_ident(&s.expr),
        Expr::Index(i) => root_ident(&i.expr),
        _ => None,
    }
}

fn recv_operand(e: &Expr) -> Option<Expr> {
    match e {
        Expr::Unary(u) if u.op == Token::ARROW => Some(u.expr.clone()),
        Expr::Paren(p) => recv_operand(&p.expr),
        _ => None,
    }
}

/// Moves a closure's captured-variable placeholder registers to the slots right after
/// its parameters (where [`crate::vm`] puts the captured cells).
fn remap_caps(f: &mut FnCx, np: u32, placeholders: &[Reg]) {
    if placeholders.is_empty() {
        return;
    }
    // New layout: params, caps, then everything else shifted.
    let ncaps = placeholders.len() as u32;
    let map = |r: Reg| -> Reg {
        if let Some(i) = placeholders.iter().position(|&p| p == r) {
            return np + i as u32;
        }
        if r < np {
            return r;
        }
        let shift = placeholders.iter().filter(|&&p| p < r).count() as u32;
        r + ncaps - shift
    };
    for ins in &mut f.code {
        map_regs(ins, &map);
    }
    for r in &mut f.results {
        let flag = *r & BOXED_RESULT;
        *r = map(*r & !BOXED_RESULT) | flag;
    }
    let mut offs = vec![0u32; f.slot_off.len()];
    for (r, o) in f.slot_off.iter().enumerate() {
        let m = map(r as Reg) as usize;
        if m < offs.len() {
            offs[m] = *o;
        }
    }
    f.slot_off = offs;
}

fn map_regs(i: &mut I, m: &impl Fn(Reg) -> Reg) {
    let one = |r: &mut Reg| *r = m(*r);
    match i {
        I::Const(a, _) => one(a),
        I::Move(a, b)
        | I::Not(a, b)
        | I::Load(a, b)
        | I::Store(a, b)
        | I::Box(a, b)
        | I::Len(a, b)
        | I::Cap(a, b)
        | I::TypeOf(a, b)
        | I::MapIter(a, b)
        | I::MapDelete(a, b) => {
            one(a);
            one(b)
        }
        I::Neg(_, a, b) | I::BitNot(_, a, b) => {
            one(a);
            one(b)
        }
        I::Conv(a, b, _)
        | I::ToIface(a, b, _)
        | I::SubPtr(a, b, _)
        | I::Field(a, b, _)
        | I::Implements(a, b, _) => {
            one(a);
            one(b)
        }
        I::BinK(_, _, a, b, _) | I::JmpUnless(_, a, b, _) => {
            one(a);
            one(b)
        }
        I::JmpUnlessK(_, a, _, _) | I::GlobalPtr(a, _) => one(a),
        I::Bin(_, _, a, b, c)
        | I::ElemPtr(a, b, c)
        | I::Index(a, b, c)
        | I::SetIndex(a, b, c)
        | I::SetMap(a, b, c)
        | I::Copy(a, b, c)
        | I::AppendSpread(a, b, c, _) => {
            one(a);
            one(b);
            one(c)
        }
        I::SetField(a, _, b) => {
            one(a);
            one(b)
        }
        I::JmpIf(a, _)
        | I::JmpIfNot(a, _)
        | I::Recover(a)
        | I::Panic(a)
        | I::Close(a)
        | I::MakeMap(a)
        | I::StackAddr(a, _) => one(a),
        I::MakeAgg(a, xs) | I::SliceLit(a, xs) | I::Untuple(a, xs) | I::Closure(a, _, xs) => {
            one(a);
            xs.iter_mut().for_each(|x| *x = m(*x))
        }
        I::Append(a, b, xs, _) => {
            one(a);
            one(b);
            xs.iter_mut().for_each(|x| *x = m(*x))
        }
        I::MapIndex(a, ok, b, c, d) => {
            one(a);
            if let Some(o) = ok {
                *o = m(*o)
            }
            one(b);
            one(c);
            one(d)
        }
        I::MakeSlice(a, b, c, d, _) => {
            one(a);
            one(b);
            if let Some(c) = c {
                *c = m(*c)
            }
            one(d)
        }
        I::MakeChan(a, b) => {
            one(a);
            if let Some(b) = b {
                *b = m(*b)
            }
        }
        I::SliceOp(a, b, c, d, e) => {
            one(a);
            one(b);
            for x in [c, d, e].into_iter().flatten() {
                *x = m(*x)
            }
        }
        I::Call { args, dst, .. } | I::Native { args, dst, .. } => {
            *dst = m(*dst);
            args.iter_mut().for_each(|x| *x = m(*x))
        }
        I::CallV { f, args, dst, .. } => {
            *f = m(*f);
            *dst = m(*dst);
            args.iter_mut().for_each(|x| *x = m(*x))
        }
        I::CallIface {
            recv, args, dst, ..
        } => {
            *recv = m(*recv);
            *dst = m(*dst);
            args.iter_mut().for_each(|x| *x = m(*x))
        }
        I::Ret(xs) => xs.iter_mut().for_each(|x| *x = m(*x)),
        I::Go { f, args } | I::Defer { f, args } => {
            *f = m(*f);
            args.iter_mut().for_each(|x| *x = m(*x))
        }
        I::Send(a, b) => {
            one(a);
            one(b)
        }
        I::Recv(a, ok, b) => {
            one(a);
            if let Some(o) = ok {
                *o = m(*o)
            }
            one(b)
        }
        I::Select {
            cases,
            dst,
            val,
            ok,
            ..
        } => {
            for (c, v) in cases.iter_mut() {
                *c = m(*c);
                if let Some(v) = v {
                    *v = m(*v)
                }
            }
            *dst = m(*dst);
            *val = m(*val);
            *ok = m(*ok)
        }
        I::Assert(a, ok, b, _, _) => {
            one(a);
            if let Some(o) = ok {
                *o = m(*o)
            }
            one(b)
        }
        I::StrNext(a, b, c, d) => {
            one(a);
            one(b);
            one(c);
            one(d)
        }
        I::NilToZero(a, _) => one(a),
        I::Jmp(_) | I::Trap(_) | I::Nop => {}
    }
}

// ------------------------------------------------------------------ AST walk

/// Visits every expression under a block; `lit` is Some(true)/Some(false) when entering
/// and leaving a function literal, None for an ordinary expression.
fn walk_block(b: &ast::BlockStmt, f: &mut impl FnMut(&Expr, Option<bool>), ast: &AstObjects) {
    for s in &b.list {
        walk_stmt_in(s, f, ast);
    }
}

fn walk_stmt_in(s: &Stmt, f: &mut impl FnMut(&Expr, Option<bool>), ast: &AstObjects) {
    let we = |e: &Expr, f: &mut dyn FnMut(&Expr, Option<bool>)| walk_expr(e, f, ast);
    match s {
        Stmt::Decl(d) => {
            if let ast::Decl::Gen(g) = &**d {
                for sk in &g.specs {
                    if let ast::Spec::Value(v) = &ast.specs[*sk] {
                        for e in &v.values {
                            we(e, f);
                        }
                    }
                }
            }
        }
        Stmt::Labeled(l) => walk_stmt_in(&ast.l_stmts[*l].stmt, f, ast),
        Stmt::Expr(e) => we(e, f),
        Stmt::Send(s) => {
            we(&s.chan, f);
            we(&s.val, f)
        }
        Stmt::IncDec(s) => we(&s.expr, f),
        Stmt::Assign(a) => {
            let a = &ast.a_stmts[*a];
            for e in a.lhs.iter().chain(a.rhs.iter()) {
                we(e, f);
            }
        }
        Stmt::Go(g) => we(&g.call, f),
        Stmt::Defer(d) => we(&d.call, f),
        Stmt::Return(r) => r.results.iter().for_each(|e| we(e, f)),
        Stmt::Block(b) => b.list.iter().for_each(|s| walk_stmt_in(s, f, ast)),
        Stmt::If(i) => {
            if let Some(s) = &i.init {
                walk_stmt_in(s, f, ast);
            }
            we(&i.cond, f);
            i.body.list.iter().for_each(|s| walk_stmt_in(s, f, ast));
            if let Some(e) = &i.els {
                walk_stmt_in(e, f, ast);
            }
        }
        Stmt::Case(c) => {
            if let Some(l) = &c.list {
                l.iter().for_each(|e| we(e, f));
            }
            c.body.iter().for_each(|s| walk_stmt_in(s, f, ast));
        }
        Stmt::Switch(s) => {
            if let Some(i) = &s.init {
                walk_stmt_in(i, f, ast);
            }
            if let Some(t) = &s.tag {
                we(t, f);
            }
            s.body.list.iter().for_each(|s| walk_stmt_in(s, f, ast));
        }
        Stmt::TypeSwitch(s) => {
            if let Some(i) = &s.init {
                walk_stmt_in(i, f, ast);
            }
            walk_stmt_in(&s.assign, f, ast);
            s.body.list.iter().for_each(|s| walk_stmt_in(s, f, ast));
        }
        Stmt::Comm(c) => {
            if let Some(s) = &c.comm {
                walk_stmt_in(s, f, ast);
            }
            c.body.iter().for_each(|s| walk_stmt_in(s, f, ast));
        }
        Stmt::Select(s) => s.body.list.iter().for_each(|s| walk_stmt_in(s, f, ast)),
        Stmt::For(s) => {
            for x in [&s.init, &s.post].into_iter().flatten() {
                walk_stmt_in(x, f, ast);
            }
            if let Some(c) = &s.cond {
                we(c, f);
            }
            s.body.list.iter().for_each(|s| walk_stmt_in(s, f, ast));
        }
        Stmt::Range(r) => {
            for x in [&r.key, &r.val].into_iter().flatten() {
                we(x, f);
            }
            we(&r.expr, f);
            r.body.list.iter().for_each(|s| walk_stmt_in(s, f, ast));
        }
        _ => {}
    }
}

fn walk_expr(e: &Expr, f: &mut dyn FnMut(&Expr, Option<bool>), ast: &AstObjects) {
    f(e, None);
    match e {
        Expr::FuncLit(fl) => {
            f(e, Some(true));
            let mut g = |x: &Expr, l: Option<bool>| f(x, l);
            for s in &fl.body.list {
                walk_stmt_in(s, &mut g, ast);
            }
            f(e, Some(false));
        }
        Expr::CompositeLit(c) => c.elts.iter().for_each(|x| walk_expr(x, f, ast)),
        Expr::Paren(p) => walk_expr(&p.expr, f, ast),
        Expr::Selector(s) => walk_expr(&s.expr, f, ast),
        Expr::Index(i) => {
            walk_expr(&i.expr, f, ast);
            walk_expr(&i.index, f, ast)
        }
        Expr::Slice(s) => {
            walk_expr(&s.expr, f, ast);
            for x in [&s.low, &s.high, &s.max].into_iter().flatten() {
                walk_expr(x, f, ast);
            }
        }
        Expr::TypeAssert(t) => walk_expr(&t.expr, f, ast),
        Expr::Call(c) => {
            walk_expr(&c.func, f, ast);
            c.args.iter().for_each(|x| walk_expr(x, f, ast));
        }
        Expr::Star(s) => walk_expr(&s.expr, f, ast),
        Expr::Unary(u) => walk_expr(&u.expr, f, ast),
        Expr::Binary(b) => {
            walk_expr(&b.expr_a, f, ast);
            walk_expr(&b.expr_b, f, ast)
        }
        Expr::KeyValue(k) => {
            walk_expr(&k.key, f, ast);
            walk_expr(&k.val, f, ast)
        }
        _ => {}
    }
}
