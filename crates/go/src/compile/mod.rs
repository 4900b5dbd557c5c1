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

mod call;
mod expr;
pub mod mono;
mod stmt;
mod type_ids;

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
    /// The body of a range over a function, compiled as its yield function: how
    /// its break, continue and return reach the loop (`Compiler::range_func`).
    rangefunc: Option<RangeFuncCx>,
}

/// What the yield function of a range over a function needs of the loop around it:
/// the loop's state cell (0 running, 1 broken off, 2 returning, 3.. a labelled break
/// or continue of a loop outside: `3 + 2i` for `labels[i]`, one more to continue),
/// the cells the returned values go to (the function's that holds the first loop),
/// the labels of the loops outside, and the loop's own label.
#[derive(Clone)]
struct RangeFuncCx {
    state: ObjKey,
    results: Vec<ObjKey>,
    result_tys: Vec<TypeKey>,
    labels: Vec<String>,
    own_label: Option<String>,
}

pub struct Compiler<'a> {
    cx: Ctx<'a>,
    pub types: Types,
    ty_cache: HashMap<TypeKey, TyId>,
    /// The one id of each unnamed type, by its name and shape (see [`Compiler::ty`]).
    canon: HashMap<(String, Ty), TyId>,
    pub funcs: Vec<vm::Func>,
    func_ids: HashMap<ObjKey, FuncId>,
    pending: Vec<(
        FuncId,
        ObjKey,
        Rc2,
        Option<std::rc::Rc<HashMap<TypeKey, TypeKey>>>,
    )>,
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
    /// The instances of generic functions and methods ([`mono`]).
    pub mono: mono::Mono,
    /// While an instance's body is compiled: its type map (every type read goes
    /// through it: [`Compiler::sub`]).
    sub: Option<std::rc::Rc<HashMap<TypeKey, TypeKey>>>,
    /// The function id of each instance: generic object -> (type arguments, id).
    inst_ids: HashMap<ObjKey, Vec<(Vec<TypeKey>, FuncId)>>,
    /// Keys for the cells the compiler makes (a range over a function's state and
    /// results): above every object's key.
    next_synth: usize,
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
        ("sync.mutexLock", MutexLock),
        ("sync.mutexUnlock", MutexUnlock),
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
        ("time.newTimer", TimerNew),
        ("time.modTimer", TimerModify),
        ("time.stopTimer", TimerStop),
        ("sync.runtime_notifyListAdd", NotifyListAdd),
        ("sync.runtime_notifyListWait", NotifyListWait),
        ("sync.runtime_notifyListNotifyOne", NotifyListNotifyOne),
        ("sync.runtime_notifyListNotifyAll", NotifyListNotifyAll),
        ("sync.rwLock", RwLock),
        ("sync.rwUnlock", RwUnlock),
        ("sync.rwRLock", RwRLock),
        ("sync.rwRUnlock", RwRUnlock),
        ("sync.mutexTryLock", MutexTryLock),
        ("sync.rwTryLock", RwTryLock),
        ("sync.rwTryRLock", RwTryRLock),
        ("sync.poolGet", PoolGet),
        ("sync.poolPut", PoolPut),
        ("sync.mapOp", MapOp),
        ("sync.mapEntries", MapEntries),
        ("runtime.Goexit", Goexit),
        ("sync/atomic.loadValue", AtomicLoad),
        ("sync/atomic.swapValue", AtomicSwap),
        ("sync/atomic.casValue", AtomicCas),
        ("sync/atomic.sameType", SameType),
        ("sync/atomic.AddInt32", AtomicAdd32),
        ("sync/atomic.LoadInt32", AtomicLoad),
        ("sync/atomic.StoreInt32", AtomicStore),
        ("sync/atomic.SwapInt32", AtomicSwap),
        ("sync/atomic.CompareAndSwapInt32", AtomicCas),
        ("sync/atomic.AddInt64", AtomicAdd),
        ("sync/atomic.LoadInt64", AtomicLoad),
        ("sync/atomic.StoreInt64", AtomicStore),
        ("sync/atomic.SwapInt64", AtomicSwap),
        ("sync/atomic.CompareAndSwapInt64", AtomicCas),
        ("sync/atomic.AddUint32", AtomicAddU32),
        ("sync/atomic.LoadUint32", AtomicLoad),
        ("sync/atomic.StoreUint32", AtomicStore),
        ("sync/atomic.SwapUint32", AtomicSwap),
        ("sync/atomic.CompareAndSwapUint32", AtomicCas),
        ("sync/atomic.AddUint64", AtomicAdd),
        ("sync/atomic.LoadUint64", AtomicLoad),
        ("sync/atomic.StoreUint64", AtomicStore),
        ("sync/atomic.SwapUint64", AtomicSwap),
        ("sync/atomic.CompareAndSwapUint64", AtomicCas),
        ("sync/atomic.AddUintptr", AtomicAdd),
        ("sync/atomic.LoadUintptr", AtomicLoad),
        ("sync/atomic.StoreUintptr", AtomicStore),
        ("sync/atomic.SwapUintptr", AtomicSwap),
        ("sync/atomic.CompareAndSwapUintptr", AtomicCas),
        ("math/rand.Int63", RandInt63),
        ("math/rand.Intn", RandIntn),
        ("os.read", SysRead),
        ("os.write", SysWrite),
        ("net.netRead", NetRead),
        ("net.accept", Accept),
        ("gmp/explorer.slowFile", SlowFile),
        ("gmp/explorer.slowPeer", SlowPeer),
        ("gmp/explorer.takeRequests", TakeRequests),
        ("math.Float64bits", Float64bits),
        ("math.Float64frombits", Float64frombits),
        ("math.Float32bits", Float32bits),
        ("math.Float32frombits", Float32frombits),
        ("math.Sqrt", Sqrt),
        ("strconv.formatFloat", FormatFloat),
        ("strconv.parseFloat", ParseFloat),
        ("sort.sliceLen", SliceLen),
        ("sort.sliceSwap", SliceSwap),
        ("errors.assignTo", ErrorsAssignTo),
        ("errors.comparable", Comparable),
        ("time.walltime", Walltime),
        ("unicode.IsLetter", IsLetter),
        ("unicode.IsDigit", IsDigit),
        ("unicode.IsNumber", IsNumber),
        ("unicode.IsUpper", IsUpper),
        ("unicode.IsLower", IsLower),
        ("unicode.IsTitle", IsTitle),
        ("unicode.IsPunct", IsPunct),
        ("unicode.IsSpace", IsSpace),
        ("unicode.IsControl", IsControl),
        ("unicode.IsGraphic", IsGraphic),
        ("unicode.IsPrint", IsPrint),
        ("unicode.IsMark", IsMark),
        ("unicode.IsSymbol", IsSymbol),
        ("unicode.ToUpper", RuneToUpper),
        ("unicode.ToLower", RuneToLower),
        ("unicode.ToTitle", RuneToTitle),
        ("unicode.SimpleFold", SimpleFold),
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
            mono: mono::Mono::default(),
            sub: None,
            inst_ids: HashMap::new(),
            next_synth: usize::MAX / 2,
        }
    }

    /// A key for a cell the compiler makes, as a local variable's (no object has it).
    pub(super) fn synth(&mut self) -> ObjKey {
        self.next_synth += 1;
        ObjKey::from(self.next_synth)
    }

    /// `k` as the instance being compiled has it (its type parameters replaced).
    pub(super) fn sub(&self, k: TypeKey) -> TypeKey {
        match &self.sub {
            Some(m) => m.get(&k).copied().unwrap_or(k),
            None => k,
        }
    }

    /// An object's type, as the instance being compiled has it.
    pub(super) fn otyp(&self, o: ObjKey) -> Option<TypeKey> {
        self.cx.tc.lobjs[o].typ().map(|t| self.sub(t))
    }

    /// The function id of instance `targs` of generic function or method `o`.
    pub(super) fn inst_id(&self, o: ObjKey, targs: &[TypeKey]) -> Option<FuncId> {
        let tc = self.cx.tc;
        self.inst_ids.get(&o)?.iter().find_map(|(a, id)| {
            (a.len() == targs.len()
                && a.iter()
                    .zip(targs.iter())
                    .all(|(x, y)| go_types::typ::identical(*x, *y, tc)))
            .then_some(*id)
        })
    }

    /// The function a use of function object `o` at identifier `id` calls: a plain
    /// function, the instance of a generic one the checker recorded there (with the
    /// instance being compiled's type arguments), or an instance type's method.
    pub(super) fn func_of(&self, o: ObjKey, id: Option<IdentKey>) -> Option<FuncId> {
        if let Some(&f) = self.func_ids.get(&o) {
            return Some(f);
        }
        if let Some(&(gm, inst)) = self.cx.tc.generic.method_inst.get(&o) {
            let inst = self.sub(inst);
            let targs = self.cx.tc.types[inst].try_as_named()?.targs().clone();
            return self.inst_id(gm, &targs);
        }
        let id = id?;
        let (targs, _) = self.cx.infos.iter().find_map(|ti| ti.instances.get(&id))?;
        let targs: Vec<TypeKey> = targs.iter().map(|&t| self.sub(t)).collect();
        self.inst_id(o, &targs)
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
        self.cx.tv(e).map(|t| TV {
            mode: t.mode,
            typ: self.sub(t.typ),
        })
    }

    fn type_of(&self, e: &Expr) -> TypeKey {
        self.tv(e)
            .map(|t| t.typ)
            .expect("checked expression has a type")
    }

    fn tk(&self, k: TypeKey) -> &'a Type {
        &self.cx.tc.types[self.sub(k)]
    }

    fn a(&self) -> &'a AstObjects {
        self.cx.ast
    }

    fn under(&self, k: TypeKey) -> TypeKey {
        go_types::typ::underlying_type(self.sub(k), self.cx.tc)
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
            // A generic function or method: one function per instance (`mono`), named
            // as Go's tracebacks name them (`main.Map[...]`, `main.(*List[...]).Push`).
            let generic = self.cx.tc.lobjs[obj]
                .typ()
                .and_then(|t| self.cx.tc.types[t].try_as_signature())
                .is_some_and(|s| !s.tparams().is_empty() || !s.rparams().is_empty());
            if generic {
                if fd.body.is_none() {
                    continue;
                }
                let full = if fd.recv.is_some() {
                    generic_name(&full)
                } else {
                    format!("{full}[...]")
                };
                let insts: Vec<(Vec<TypeKey>, std::rc::Rc<HashMap<TypeKey, TypeKey>>)> = self
                    .mono
                    .funcs
                    .get(&obj)
                    .map(|l| l.iter().map(|i| (i.targs.clone(), i.map.clone())).collect())
                    .unwrap_or_default();
                for (targs, map) in insts {
                    let id = self.funcs.len() as FuncId;
                    self.sub = Some(map.clone());
                    let sig = match &fd.recv {
                        Some(_) => self.otyp(obj).map(|t| self.ty(t)).unwrap_or(0),
                        None => 0,
                    };
                    self.funcs.push(vm::Func {
                        name: full.clone(),
                        sig,
                        ..Default::default()
                    });
                    self.inst_ids.entry(obj).or_default().push((targs, id));
                    self.pending.push((id, obj, *fk, Some(map)));
                    if let Some(r) = &fd.recv {
                        let fk = r.list[0];
                        let t = self.tv(&self.cx.ast.fields[fk].typ.clone()).map(|t| t.typ);
                        if let Some(t) = t {
                            let ptr = self.is_ptr(t);
                            let base = if ptr { self.elem_of_ptr(t) } else { t };
                            let bt = self.ty(base);
                            let m: Arc<str> = Arc::from(name.as_str());
                            self.methods.insert((bt, m.clone()), (id, ptr));
                            let ptr_t = self.ptr_ty(bt);
                            self.methods.entry((ptr_t, m)).or_insert((id, ptr));
                        }
                    }
                    self.sub = None;
                }
                continue;
            }
            let id = self.funcs.len() as FuncId;
            // A method's signature, for the interfaces it satisfies at run time.
            let sig = match &fd.recv {
                Some(_) => self.otyp(obj).map(|t| self.ty(t)).unwrap_or(0),
                None => 0,
            };
            self.funcs.push(vm::Func {
                name: full,
                sig,
                ..Default::default()
            });
            if fd.body.is_some() {
                self.func_ids.insert(obj, id);
                self.pending.push((id, obj, *fk, None));
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
        for (id, _obj, fk, map) in pending {
            self.sub = map;
            let r = self.func_decl(id, fk);
            self.sub = None;
            r?;
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
        let t = self.otyp(o).unwrap();
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
                // x.M of a pointer-receiver method on an addressable x, called
                // (`x.M()`: the walk reaches a call's function) or a method value
                // (`inc := c.Inc` changes c): both take &x.
                Expr::Selector(s)
                    if me
                        .cx
                        .infos
                        .iter()
                        .find_map(|ti| ti.selections.get(&e.id()))
                        .is_some_and(|sel| {
                            matches!(sel.kind(), SelectionKind::MethodVal)
                                && me.method_ptr_recv(sel.obj())
                                && me.tv(&s.expr).is_some_and(|t| !me.is_ptr(t.typ))
                        }) =>
                {
                    if let Some(id) = root_ident(&s.expr) {
                        mark(id);
                    }
                }
                _ => {}
            }
        };
        let ast = self.cx.ast;
        // the range statements over functions entered, and whether each pushed a range
        let mut pushed: Vec<bool> = Vec::new();
        walk_block(
            body,
            &mut |e, w| match w {
                Walk::EnterLit => {
                    if let Expr::FuncLit(fl) = e {
                        ranges.push((fl.body.l_brace, fl.body.r_brace));
                    }
                }
                Walk::LeaveLit => {
                    ranges.pop();
                }
                Walk::EnterRange(lo, hi) => {
                    let func = me
                        .tv(e)
                        .is_some_and(|t| matches!(me.tk(me.under(t.typ)), Type::Signature(_)));
                    if func {
                        ranges.push((lo, hi));
                    }
                    pushed.push(func);
                }
                Walk::LeaveRange => {
                    if pushed.pop() == Some(true) {
                        ranges.pop();
                    }
                }
                Walk::Expr => on_expr(e, &ranges),
                Walk::Phantom(_) => {}
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
            let t = self.otyp(o).unwrap();
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
}

/// `last` (a 64-bit integer compare into temp `c`) and the conditional jump on `c` that
/// follows it, as one fused jump: `JmpIfNot` keeps the compare, `JmpIf` negates it.
/// A generic function's name as Go's tracebacks print it: its (or its receiver
/// type's) type arguments as `[...]`.
fn generic_name(s: &str) -> String {
    let mut out = String::new();
    let mut depth = 0;
    for c in s.chars() {
        match c {
            '[' if depth == 0 && out.ends_with(|c: char| c.is_alphanumeric() || c == '_') => {
                depth = 1;
                out.push_str("[...]");
            }
            '[' if depth > 0 => depth += 1,
            ']' if depth > 0 => depth -= 1,
            _ if depth > 0 => {}
            _ => out.push(c),
        }
    }
    out
}

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

/// An assignment's left side between its two phases ([`Compiler::lhs_operands`]).
enum LhsPlan {
    /// A variable: stored as a declaration's or assignment's target is.
    Var,
    Map(Reg, Reg),
    Elem(Reg, Reg),
    /// An element of a slice: stored with one SetIndex.
    SliceElem(Reg, Reg),
    Field(Reg, TypeKey, Vec<usize>),
    Deref(Reg),
}

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
/// What a walk of a body meets: an expression, the entry to and exit from a
/// function literal's body, or a range statement's (key, value and body: a yield
/// function's when it ranges over a function), spanning positions lo..hi.
#[derive(Clone, Copy)]
enum Walk<'a> {
    Expr,
    EnterLit,
    LeaveLit,
    EnterRange(usize, usize),
    LeaveRange,
    #[allow(dead_code)]
    Phantom(&'a ()),
}

fn walk_block(b: &ast::BlockStmt, f: &mut impl FnMut(&Expr, Walk<'_>), ast: &AstObjects) {
    for s in &b.list {
        walk_stmt_in(s, f, ast);
    }
}

fn walk_stmt_in(s: &Stmt, f: &mut impl FnMut(&Expr, Walk<'_>), ast: &AstObjects) {
    let we = |e: &Expr, f: &mut dyn FnMut(&Expr, Walk<'_>)| walk_expr(e, f, ast);
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
            we(&r.expr, f);
            // a range over a function: its key, value and body are a function's
            let lo = r.key.as_ref().unwrap_or(&r.expr).pos(ast);
            f(&r.expr, Walk::EnterRange(lo, r.body.r_brace));
            for x in [&r.key, &r.val].into_iter().flatten() {
                we(x, f);
            }
            r.body.list.iter().for_each(|s| walk_stmt_in(s, f, ast));
            f(&r.expr, Walk::LeaveRange);
        }
        _ => {}
    }
}

fn walk_expr(e: &Expr, f: &mut dyn FnMut(&Expr, Walk<'_>), ast: &AstObjects) {
    f(e, Walk::Expr);
    match e {
        Expr::FuncLit(fl) => {
            f(e, Walk::EnterLit);
            let mut g = |x: &Expr, l: Walk<'_>| f(x, l);
            for s in &fl.body.list {
                walk_stmt_in(s, &mut g, ast);
            }
            f(e, Walk::LeaveLit);
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
