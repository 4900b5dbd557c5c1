//! # The VM: a goroutine's frames, run until the next scheduling point
//!
//! A compiled function is a list of register instructions ([`I`]). A goroutine's state
//! ([`Gor`]) is its call stack of frames; [`Gor::resume`] interprets instructions until
//! one needs the scheduler, then returns the [`Yield`] to the core:
//!
//! - **A call's prologue** is a safe point exactly where the gc compiler puts a stack
//!   check: every function except NOSPLIT leaves (on amd64, a leaf function whose frame
//!   is under `StackSmall` = 128 bytes gets no check, `cmd/internal/obj/x86: preprocess`).
//!   The check itself is done here (one compare, like compiled code); only a failing
//!   check (`morestack`: a stack that must grow, or `stackguard0` poisoned by a preemption
//!   request) yields to the core, and the call is retried when the G runs again.
//! - **Runtime operations** (channels, `go`, Gosched, Sleep, sync, writes) yield the
//!   core's [`Op`]; a result (a received value, the select case) comes back in [`Cx`].
//! - **The CPU budget**: after `budget_ns` of virtual CPU time the code yields
//!   [`Yield::Budget`], an instruction boundary where an async preemption lands.
//!
//! Values shared between goroutines (heap cells, slices' arrays, maps) sit behind
//! mutexes, so a racy program can print racy results but never be undefined behaviour,
//! under real threads too.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use gmp_core::code::{Cx, GCode, Yield};
use gmp_core::program::Op;

use crate::fmt as gofmt;
use crate::types::{Ty, TyId, Types};

mod fork;

pub type Reg = u32;
pub type FuncId = u32;

/// A Go value.
#[derive(Clone, Debug, Default)]
pub enum V {
    /// The zero value of pointers, slices, maps, channels, funcs and interfaces.
    #[default]
    Nil,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(Arc<str>),
    Ptr(Ptr),
    Slice(Box<Slice>),
    Map(Arc<Mutex<MapObj>>),
    Chan(u32),
    Func(Arc<Closure>),
    /// An interface holding a value of a dynamic type.
    Iface(Arc<(TyId, V)>),
    /// A struct's fields or an array's elements (copied on assignment).
    Agg(Box<[V]>),
    /// Several results of a call.
    Tuple(Box<[V]>),
}

pub type Cell = Arc<Mutex<V>>;

/// Dropping a value drops what only it references without recursing: a Go linked list
/// of 100 000 nodes (or any deep structure) would otherwise overflow the host's stack
/// when its head goes. The values it alone owns are moved to a work list and dropped
/// one at a time, each with its own children already taken.
impl Drop for V {
    fn drop(&mut self) {
        if scalar(self) {
            return;
        }
        let mut work = Vec::new();
        take_owned(self, &mut work);
        while let Some(mut v) = work.pop() {
            take_owned(&mut v, &mut work);
        }
    }
}

fn get_mut<T>(m: &mut Mutex<T>) -> &mut T {
    m.get_mut().unwrap_or_else(|e| e.into_inner())
}

/// Moves the values `v` alone owns (directly or through uniquely held pointers,
/// arrays, maps, closures and interfaces) to `work`.
fn take_owned(v: &mut V, work: &mut Vec<V>) {
    match v {
        V::Ptr(p) => take_owned_ptr(p, work),
        V::Slice(sl) => match &mut sl.arr {
            Arr::Vec(a) => {
                if let Some(arr) = Arc::get_mut(a) {
                    work.append(get_mut(arr));
                }
            }
            Arr::Array(p) => {
                if let Some(p) = Arc::get_mut(p) {
                    take_owned_ptr(p, work);
                }
            }
        },
        V::Map(m) => {
            if let Some(m) = Arc::get_mut(m) {
                let m = get_mut(m);
                work.append(&mut m.keys);
                work.append(&mut m.vals);
            }
        }
        V::Func(cl) => {
            if let Some(cl) = Arc::get_mut(cl) {
                work.extend(cl.caps.iter_mut().map(std::mem::take));
            }
        }
        V::Iface(b) => {
            if let Some(b) = Arc::get_mut(b) {
                work.push(std::mem::take(&mut b.1));
            }
        }
        V::Agg(xs) | V::Tuple(xs) => {
            work.extend(xs.iter_mut().filter(|x| !shallow(x)).map(std::mem::take))
        }
        _ => {}
    }
}

/// A value whose drop recurses at most one level (scalars, or a struct or tuple of
/// scalars): dropped in place, with no work list.
#[inline(always)]
fn shallow(v: &V) -> bool {
    match v {
        V::Agg(xs) | V::Tuple(xs) => xs.iter().all(scalar),
        v => scalar(v),
    }
}

/// A value that owns nothing to drop with care (no work list needed for it).
#[inline(always)]
fn scalar(v: &V) -> bool {
    matches!(
        v,
        V::Nil | V::Bool(_) | V::Int(_) | V::Float(_) | V::Str(_) | V::Chan(_)
    )
}

fn take_owned_ptr(p: &mut Ptr, work: &mut Vec<V>) {
    match p {
        Ptr::Cell(c) => {
            if let Some(c) = Arc::get_mut(c) {
                let v = get_mut(c);
                if !shallow(v) {
                    work.push(std::mem::take(v));
                }
            }
        }
        Ptr::Elem(arr, _) => {
            if let Some(arr) = Arc::get_mut(arr) {
                work.append(get_mut(arr));
            }
        }
        Ptr::Sub(inner, _) => {
            if let Some(inner) = Arc::get_mut(inner) {
                take_owned_ptr(inner, work);
            }
        }
    }
}

/// Where a pointer points.
#[derive(Clone, Debug)]
pub enum Ptr {
    /// A variable (boxed local, global, or `new`/`&T{}`).
    Cell(Cell),
    /// An element of a slice's backing array.
    Elem(Arc<Mutex<Vec<V>>>, usize),
    /// Field or element `i` of the aggregate another pointer points to.
    Sub(Arc<Ptr>, u32),
}

#[derive(Clone, Debug)]
pub struct Slice {
    pub arr: Arr,
    pub off: usize,
    pub len: usize,
    pub cap: usize,
}

/// A slice's backing array: one `make` or `append` made, or a Go array variable the
/// slice was cut from (`arr[1:3]`, `p[:]`), so writes through the slice are writes to
/// the array and back.
#[derive(Clone, Debug)]
pub enum Arr {
    Vec(Arc<Mutex<Vec<V>>>),
    /// The array (a `V::Agg`) a pointer points to.
    Array(Arc<Ptr>),
}

impl Arr {
    pub fn new(v: Vec<V>) -> Arr {
        Arr::Vec(Arc::new(Mutex::new(v)))
    }

    /// `f` on the whole backing array's elements.
    pub fn with<R>(&self, f: impl FnOnce(&mut [V]) -> R) -> R {
        match self {
            Arr::Vec(a) => f(&mut lock(a)[..]),
            Arr::Array(p) => with_mut(p, |v| match v {
                V::Agg(xs) => f(&mut xs[..]),
                _ => f(&mut []),
            }),
        }
    }

    pub fn get(&self, i: usize) -> V {
        match self {
            Arr::Vec(a) => lock(a).get(i).cloned().unwrap_or_default(),
            Arr::Array(_) => self.with(|xs| xs.get(i).cloned().unwrap_or_default()),
        }
    }

    pub fn set(&self, i: usize, v: V) {
        match self {
            Arr::Vec(a) => {
                if let Some(slot) = lock(a).get_mut(i) {
                    *slot = v;
                }
            }
            Arr::Array(_) => self.with(|xs| {
                if let Some(slot) = xs.get_mut(i) {
                    *slot = v;
                }
            }),
        }
    }

    /// A pointer to element `i`.
    pub fn elem(&self, i: usize) -> Ptr {
        match self {
            Arr::Vec(a) => Ptr::Elem(a.clone(), i),
            Arr::Array(p) => Ptr::Sub(p.clone(), i as u32),
        }
    }

    /// Elements `lo..hi`, copied.
    pub fn range(&self, lo: usize, hi: usize) -> Vec<V> {
        self.with(|xs| xs.get(lo..hi).map(|s| s.to_vec()).unwrap_or_default())
    }

    /// The address of the backing array (slices that share one compare equal here).
    pub fn addr(&self) -> usize {
        match self {
            Arr::Vec(a) => Arc::as_ptr(a) as *const u8 as usize,
            Arr::Array(p) => ptr_addr(p),
        }
    }
}

#[derive(Debug)]
pub struct Closure {
    pub func: FuncId,
    pub caps: Box<[V]>,
}

/// A Go map: entries in insertion order with an index; iteration starts at a random
/// entry as Go's does (`mapiterinit` picks a random bucket and offset).
#[derive(Debug, Default)]
pub struct MapObj {
    pub keys: Vec<V>,
    pub vals: Vec<V>,
    pub index: HashMap<MapKey, usize>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MapKey {
    Nil,
    Bool(bool),
    Int(i64),
    Float(u64),
    Str(Arc<str>),
    Other(String),
}

pub fn map_key(v: &V) -> MapKey {
    match v {
        V::Nil => MapKey::Nil,
        V::Bool(b) => MapKey::Bool(*b),
        V::Int(i) => MapKey::Int(*i),
        V::Float(f) => MapKey::Float(f.to_bits()),
        V::Str(s) => MapKey::Str(s.clone()),
        V::Iface(_) | V::Agg(_) => MapKey::Other(key_text(v)),
        V::Chan(c) => MapKey::Other(format!("chan{c}")),
        V::Ptr(p) => MapKey::Other(format!("{:p}", ptr_addr(p) as *const u8)),
        other => MapKey::Other(format!("{other:?}")),
    }
}

/// An unambiguous text for a composite key (interfaces, structs, arrays), built
/// without recursion: interfaces can nest as deep as the program likes.
fn key_text(v: &V) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let mut work: Vec<Option<&V>> = vec![Some(v)];
    while let Some(x) = work.pop() {
        match x {
            None => out.push(')'),
            Some(V::Iface(b)) => {
                let _ = write!(out, "i{}(", b.0);
                work.push(None);
                work.push(Some(&b.1));
            }
            Some(V::Agg(xs)) => {
                out.push_str("a(");
                work.push(None);
                work.extend(xs.iter().rev().map(Some));
            }
            Some(leaf) => {
                let _ = write!(out, "{:?},", map_key(leaf));
            }
        }
    }
    out
}

pub fn ptr_addr(p: &Ptr) -> usize {
    match p {
        Ptr::Cell(c) => Arc::as_ptr(c) as *const u8 as usize,
        Ptr::Elem(a, i) => Arc::as_ptr(a) as *const u8 as usize + i * 16,
        Ptr::Sub(b, i) => ptr_addr(b) + *i as usize * 8 + 1,
    }
}

impl MapObj {
    pub fn get(&self, k: &V) -> Option<&V> {
        self.index.get(&map_key(k)).map(|&i| &self.vals[i])
    }
    pub fn set(&mut self, k: V, v: V) {
        let mk = map_key(&k);
        match self.index.get(&mk) {
            Some(&i) => self.vals[i] = v,
            None => {
                self.index.insert(mk, self.keys.len());
                self.keys.push(k);
                self.vals.push(v);
            }
        }
    }
    pub fn delete(&mut self, k: &V) {
        if let Some(i) = self.index.remove(&map_key(k)) {
            self.keys.swap_remove(i);
            self.vals.swap_remove(i);
            if i < self.keys.len() {
                self.index.insert(map_key(&self.keys[i]), i);
            }
        }
    }
}

/// Arithmetic and comparison operators.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    And,
    Or,
    Xor,
    AndNot,
    Shl,
    Shr,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// How an operator treats its operands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind {
    /// Integers of this many bits, signed or not (results wrap as Go's do).
    Int {
        bits: u8,
        signed: bool,
    },
    Float,
    /// `float32`: each result rounded to float32.
    Float32,
    Str,
    Bool,
    /// Anything else compared with `==` (pointers, channels, interfaces, structs).
    Other,
}

/// Declares [`Native`] and [`Native::ALL`], its variants in order (their numbers in a
/// compiled program's bytes, `wire.rs`), from one list.
macro_rules! natives {
    ($($(#[$doc:meta])* $v:ident,)*) => {
        /// Runtime functions implemented in Rust.
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub enum Native {
            $($(#[$doc])* $v,)*
        }
        impl Native {
            pub const ALL: &'static [Native] = &[$(Native::$v,)*];
        }
    };
}

natives! {
    Println,
    Printf,
    Print,
    Sprintf,
    Sprint,
    Sprintln,
    Errorf,
    BuiltinPrint,
    BuiltinPrintln,
    Gosched,
    Gomaxprocs,
    NumGoroutine,
    NumCpu,
    Gc,
    LockOSThread,
    UnlockOSThread,
    Stack,
    WgAdd,
    WgDone,
    WgWait,
    MutexLock,
    MutexUnlock,
    Sleep,
    Now,
    DurationString,
    Exit,
    Repeat,
    Join,
    Contains,
    HasPrefix,
    HasSuffix,
    ToUpper,
    ToLower,
    Split,
    TrimSpace,
    Index,
    Itoa,
    Atoi,
    AtomicAdd,
    AtomicAdd32,
    AtomicLoad,
    AtomicStore,
    AtomicSwap,
    AtomicCas,
    RandInt63,
    RandIntn,
    /// The builtins `min` and `max` of floats (NaN wins, -0 is below +0).
    MinFloat,
    MaxFloat,
    /// The builtin `clear` of a map (every entry deleted) or a slice (every element
    /// set to the zero value, the second argument).
    Clear,
    /// `runtime.nanotime` (`time.Since`'s clock read).
    Nanotime,
    /// `read(2)` blocking the M for the given ns (`os.File.Read`).
    SysRead,
    /// A network read whose data arrives in the given ns: parks on the netpoller.
    NetRead,
    /// `net.TCPListener.Accept`: parks on the netpoller until a request is pending.
    Accept,
    /// `gmp/explorer`: a slow file, a slow peer, the pending requests.
    SlowFile,
    SlowPeer,
    TakeRequests,
}

/// One instruction. Registers are the frame's slots.
#[derive(Clone, Debug)]
pub enum I {
    Const(Reg, V),
    Move(Reg, Reg),
    Bin(BinOp, Kind, Reg, Reg, Reg),
    /// `Bin` with a constant second operand.
    BinK(BinOp, Kind, Reg, Reg, V),
    /// Jump unless `a op b` (a 64-bit integer compare fused with its branch).
    JmpUnless(BinOp, Reg, Reg, u32),
    /// Jump unless `a op k`.
    JmpUnlessK(BinOp, Reg, i64, u32),
    Neg(Kind, Reg, Reg),
    Not(Reg, Reg),
    BitNot(Kind, Reg, Reg),
    /// Convert between numeric kinds / string forms: dst, src, from, to.
    Conv(Reg, Reg, Conv),
    /// Wrap a concrete value in an interface of dynamic type `TyId`.
    ToIface(Reg, Reg, TyId),
    Jmp(u32),
    JmpIf(Reg, u32),
    JmpIfNot(Reg, u32),
    /// dst = *ptr
    Load(Reg, Reg),
    /// *ptr = src
    Store(Reg, Reg),
    /// dst = new cell holding src (a boxed variable, `new(T)`, `&T{...}`).
    Box(Reg, Reg),
    /// dst = pointer to field/element i of what ptr points to.
    SubPtr(Reg, Reg, u32),
    /// dst = &slice[i] (index-checked).
    ElemPtr(Reg, Reg, Reg),
    /// dst = agg.i / agg.i = src (a value aggregate in a register).
    Field(Reg, Reg, u32),
    SetField(Reg, u32, Reg),
    /// A value of aggregate shape from registers.
    MakeAgg(Reg, Vec<Reg>),
    /// dst = x[i] for a slice, array value, string (byte) or map (with `ok` dst).
    Index(Reg, Reg, Reg),
    MapIndex(Reg, Option<Reg>, Reg, Reg, Reg),
    /// slice[i] = v; array-in-register[i] = v
    SetIndex(Reg, Reg, Reg),
    SetMap(Reg, Reg, Reg),
    MapDelete(Reg, Reg),
    /// `make([]T, len, cap)`: dst, len, cap, T's zero value, and T's size in bytes (the
    /// heap bytes reported to the core's GC pacer).
    MakeSlice(Reg, Reg, Option<Reg>, Reg, u32),
    MakeMap(Reg),
    MakeChan(Reg, Option<Reg>),
    SliceLit(Reg, Vec<Reg>),
    /// `append(s, xs...)`: dst, s, the values, the element type (size, and
    /// [`ELEM_HAS_PTRS`]) for `growslice`'s capacity.
    Append(Reg, Reg, Vec<Reg>, u32),
    AppendSpread(Reg, Reg, Reg, u32),
    Copy(Reg, Reg, Reg),
    Len(Reg, Reg),
    Cap(Reg, Reg),
    /// dst = x[lo:hi:max]
    SliceOp(Reg, Reg, Option<Reg>, Option<Reg>, Option<Reg>),
    /// Static call: results to dst.. (nret of them).
    Call {
        f: FuncId,
        args: Vec<Reg>,
        dst: Reg,
        nret: u32,
    },
    /// Call of a func value.
    CallV {
        f: Reg,
        args: Vec<Reg>,
        dst: Reg,
        nret: u32,
    },
    /// Method call through an interface.
    CallIface {
        recv: Reg,
        method: Arc<str>,
        args: Vec<Reg>,
        dst: Reg,
        nret: u32,
    },
    Native {
        n: Native,
        args: Vec<Reg>,
        dst: Reg,
        nret: u32,
    },
    Ret(Vec<Reg>),
    /// Split a tuple into registers.
    Untuple(Reg, Vec<Reg>),
    Closure(Reg, FuncId, Vec<Reg>),
    Go {
        f: Reg,
        args: Vec<Reg>,
    },
    Defer {
        f: Reg,
        args: Vec<Reg>,
    },
    Recover(Reg),
    Panic(Reg),
    Send(Reg, Reg),
    Recv(Reg, Option<Reg>, Reg),
    Close(Reg),
    /// cases: (chan reg, Some(value reg) to send); dst gets the fired case index, recv
    /// the value and ok.
    Select {
        cases: Vec<(Reg, Option<Reg>)>,
        block: bool,
        dst: Reg,
        val: Reg,
        ok: Reg,
    },
    /// A type assertion: dst = x.(T) (ok form if `ok` is set); the last is x's static
    /// interface type, which a failed assertion's panic names.
    Assert(Reg, Option<Reg>, Reg, TyId, TyId),
    /// The dynamic type id of an interface (0 for nil).
    TypeOf(Reg, Reg),
    /// Does the interface's dynamic type implement interface type T?
    Implements(Reg, Reg, TyId),
    /// Map iteration: snapshot keys and values into a slice-like tuple.
    MapIter(Reg, Reg),
    /// Next rune of a string: (index reg holds byte offset) -> rune, width.
    StrNext(Reg, Reg, Reg, Reg),
    /// The simulated stack address of a frame slot (`unsafe.Pointer(&local)`).
    StackAddr(Reg, u32),
    /// dst = pointer to package-level variable i (this run's cell).
    GlobalPtr(Reg, u32),
    /// A nil left by a receive from a closed channel becomes the element's zero value.
    NilToZero(Reg, V),
    /// A runtime error or unsupported operation at run time.
    Trap(Arc<str>),
    Nop,
}

#[derive(Clone, Copy, Debug)]
pub enum Conv {
    IntToInt {
        bits: u8,
        signed: bool,
    },
    IntToFloat,
    /// To `float32`: rounded to the nearest float32.
    IntToFloat32,
    ToFloat32,
    FloatToInt {
        bits: u8,
        signed: bool,
    },
    IntToStr,
    StrToBytes,
    BytesToStr,
    StrToRunes,
    RunesToStr,
    Same,
    /// A uint64 shift count: one of 2^63 or more (a negative int here) becomes 64.
    UShiftCount,
}

/// A compiled function.
#[derive(Debug, Default)]
pub struct Func {
    pub name: String,
    pub nparams: u32,
    /// Registers (params first, then captured variables, then locals and temps).
    pub nregs: u32,
    pub ncaps: u32,
    pub code: Vec<I>,
    pub lines: Vec<u32>,
    /// Frame size as the prologue checks it (locals, spills, outgoing args, return
    /// address), estimated as the gc compiler lays frames out.
    pub frame: u64,
    /// NOSPLIT: a leaf with a small frame has no stack check (and no safe point).
    pub nosplit: bool,
    /// Byte offset of each register's variable in the frame, for `&local` addresses.
    pub slot_off: Vec<u32>,
    /// Bytes of this function's own locals, of its outgoing argument spill area, and of
    /// the locals of callees inlined into its frame.
    pub locals: u64,
    pub spill: u64,
    pub inline_area: u64,
    /// gc would inline this function into a caller (see `compile::Compiler::layout`).
    pub inlinable: bool,
    pub static_calls: Vec<FuncId>,
    pub other_calls: u32,
    /// The result registers (and whether each is a cell: a named result), which a
    /// function returns when a deferred call recovers a panic.
    pub results: Vec<(Reg, bool)>,
    /// What a goroutine started here does, for its colour ([`crate::kinds`]).
    pub go_kind: gmp_core::GKind,
    /// A method's signature type (receiver left out; 0 for a function).
    pub sig: TyId,
}

/// The compiled program.
pub struct Prog {
    pub funcs: Vec<Func>,
    pub types: Types,
    /// (dynamic type, method name) -> (function, receiver is a pointer)
    pub methods: HashMap<(TyId, Arc<str>), (FuncId, bool)>,
    /// Zero values of the package-level variables; each run makes its own cells.
    pub globals: Vec<V>,
    pub init: FuncId,
    pub main: FuncId,
    pub file: String,
}

/// Per-instruction virtual CPU costs in picoseconds, calibrated against compiled Go 1.27.3
/// on this 2-CPU amd64 VM with `bench/go/calibrate` (`scripts/calibrate-go.sh`; the
/// table is in docs/GO-FRONT-END.md). Compiled Go keeps values in registers and
/// inlines small calls; these charge a VM instruction what the machine code it
/// stands for costs on average.
pub mod cost {
    pub const ALU: u64 = 150;
    pub const MOVE: u64 = 100;
    pub const BRANCH: u64 = 150;
    /// A call and its return each (fib: about 3 ns a call).
    pub const CALL: u64 = 700;
    pub const MEM: u64 = 150;
    /// `newobject`/`makeslice` and friends.
    pub const ALLOC: u64 = 20_000;
    /// `append` without growth (growth adds an allocation and the copy).
    pub const APPEND: u64 = 13_000;
    pub const MAP: u64 = 20_000;
    /// `mapassign`, amortised over growth (about 100 ns an insert).
    pub const MAP_SET: u64 = 90_000;
    pub const IFACE: u64 = 2_000;
    /// fmt's formatting of a call (`Sprintf("%d-%s", ...)`: about 100 ns).
    pub const FMT: u64 = 90_000;
    /// A strings/strconv call (`strconv.Itoa`: about 20 ns).
    pub const STR: u64 = 20_000;
    /// A read of the monotonic clock (`runtime.nanotime`, vDSO `clock_gettime`): a
    /// `for time.Since(start) < d {}` iteration takes 50-67 ns on this VM under Go
    /// 1.27.3 (GOMAXPROCS=1, 5 runs of 100 ms), most of it the clock read.
    pub const CLOCK: u64 = 42_000;
}

struct Frame {
    func: FuncId,
    pc: usize,
    regs: Vec<V>,
    /// Where the caller wants the results.
    dst: Reg,
    nret: u32,
    defers: Vec<(V, Vec<V>)>,
    /// Results stashed while deferred calls run at return.
    returning: Option<Vec<V>>,
    /// This frame is a deferred call (recover works in it).
    is_defer: bool,
    /// Stack bytes used below this frame's own frame (for `&local` addresses).
    used_below: u64,
    /// Inlined into the frame at this index (gc inlined the call: no frame, no
    /// prologue; its locals live in that frame).
    phys: Option<usize>,
}

/// What a yielded operation will hand back when the G resumes.
#[derive(Clone)]
enum Pending {
    None,
    Recv {
        dst: Reg,
        ok: Option<Reg>,
    },
    Select {
        dst: Reg,
        val: Reg,
        ok: Reg,
        /// The send cases' values in flight, by case: those of the cases that did not
        /// fire are dropped when the select completes.
        sent: Vec<(usize, i64)>,
    },
    /// `runtime.GOMAXPROCS(n)` returns the setting before the call (`debug.go:
    /// GOMAXPROCS`: `ret := int(gomaxprocs)` before `stopTheWorldGC`), read when it
    /// was called: by the time the code resumes, procresize has changed it.
    Procs {
        dst: Reg,
        prev: i64,
    },
    /// `Lock` may have to be yielded again (`lockSlow` loops).
    Lock(u32),
}

/// A goroutine's execution state.
pub struct Gor {
    prog: Arc<Prog>,
    frames: Vec<Frame>,
    used: u64,
    pending: Pending,
    /// A panic unwinding the stack.
    panicking: Option<V>,
    recovered: bool,
    /// Picoseconds of CPU not yet charged.
    ps: u64,
    /// Tokens for values in flight through channels.
    chans: Arc<ChanVals>,
    /// This run's package-level variables.
    globals: Arc<Vec<Cell>>,
    /// A parked select's non-nil cases, to map the fired case back.
    sel_map: Option<(Vec<usize>, usize)>,
    /// What the entry function returned (for calls run to completion by the VM itself).
    result: Vec<V>,
    carry_ps: u64,
    pub goid: u64,
    /// `Error()`/`String()` of the value being panicked with, if it has one.
    panic_method_text: Option<String>,
    /// Register vectors of returned frames, reused by the next calls.
    spare: Vec<Vec<V>>,
    /// How many [`Gor::call_sync`]s this one runs inside (0 for a goroutine).
    sync_depth: u32,
    /// What the program calls this goroutine: the string it was started with
    /// (`go worker("A")` is "A"), for the explorer's labels.
    label: Option<Arc<str>>,
    /// Earlier panics still on the stack when the current one began (their deferred
    /// calls were running), oldest first: text, and whether it was recovered. Go prints
    /// them first (`printpanics`).
    prior_panics: Vec<(String, &'static str)>,
    /// The current panic re-raises the last prior one's value after recovering it
    /// (Go prints that one line as `[recovered, repanicked]`).
    repanic: bool,
    /// Host memory the frames hold (bytes, about): bounded by [`MAX_HOST_FRAMES`].
    frame_bytes: usize,
    /// Heap bytes allocated since the last resume returned (`Cx::alloc_bytes`).
    alloc: u64,
    /// The last resume stopped at a taken branch (its budget spent): the top frame's
    /// pc is the branch's target, the next instruction to run, not one past the last.
    at_branch: bool,
}

/// Host memory a goroutine's frames may hold. A VM frame costs the host several
/// times the bytes Go's stack frame has, so an unbounded recursion would exhaust the
/// host's memory long before Go's 1 GB stack limit; it dies of Go's stack overflow
/// here instead.
pub const MAX_HOST_FRAMES: usize = 512 << 20;

/// Values in flight through channels, by token (the core moves only tokens).
#[derive(Default)]
pub struct ChanVals {
    next: std::sync::atomic::AtomicI64,
    vals: Mutex<HashMap<i64, V>>,
}

impl ChanVals {
    /// Values in flight (sent, not yet received).
    pub fn len(&self) -> usize {
        self.vals.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    fn put(&self, v: V) -> i64 {
        let t = self.next.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        self.vals.lock().unwrap().insert(t, v);
        t
    }
    fn take(&self, t: i64) -> V {
        self.vals.lock().unwrap().remove(&t).unwrap_or_default()
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

pub fn load(p: &Ptr) -> V {
    match p {
        Ptr::Cell(c) => lock(c).clone(),
        Ptr::Elem(a, i) => lock(a).get(*i).cloned().unwrap_or_default(),
        Ptr::Sub(..) => with_mut(p, |v| v.clone()),
    }
}

pub fn with_mut<R>(p: &Ptr, f: impl FnOnce(&mut V) -> R) -> R {
    let mut f = Some(f);
    let mut out = None;
    with_mut_dyn(p, &mut |v: &mut V| {
        if let Some(f) = f.take() {
            out = Some(f(v));
        }
    });
    out.expect("with_mut ran")
}

fn with_mut_dyn(p: &Ptr, f: &mut dyn FnMut(&mut V)) {
    match p {
        Ptr::Cell(c) => f(&mut lock(c)),
        Ptr::Elem(a, i) => {
            let mut a = lock(a);
            let mut dummy = V::Nil;
            let slot = a.get_mut(*i).unwrap_or(&mut dummy);
            f(slot)
        }
        Ptr::Sub(base, i) => with_mut_dyn(base, &mut |v: &mut V| match v {
            V::Agg(xs) if (*i as usize) < xs.len() => f(&mut xs[*i as usize]),
            other => f(other),
        }),
    }
}

pub fn store(p: &Ptr, v: V) {
    with_mut(p, |slot| *slot = v)
}

/// Go's `==` on two values of the same type (without recursion: interfaces can nest
/// as deep as the program likes).
pub fn equal(a: &V, b: &V) -> bool {
    let mut work = vec![(a, b)];
    while let Some(pair) = work.pop() {
        let same = match pair {
            (V::Nil, V::Nil) => true,
            (V::Bool(x), V::Bool(y)) => x == y,
            (V::Int(x), V::Int(y)) => x == y,
            (V::Float(x), V::Float(y)) => x == y,
            (V::Str(x), V::Str(y)) => x == y,
            (V::Chan(x), V::Chan(y)) => x == y,
            (V::Ptr(x), V::Ptr(y)) => ptr_addr(x) == ptr_addr(y),
            (V::Iface(x), V::Iface(y)) => {
                work.push((&x.1, &y.1));
                x.0 == y.0
            }
            (V::Agg(x), V::Agg(y)) => {
                work.extend(x.iter().zip(y.iter()));
                x.len() == y.len()
            }
            (V::Map(x), V::Map(y)) => Arc::ptr_eq(x, y),
            (V::Func(x), V::Func(y)) => Arc::ptr_eq(x, y),
            _ => false,
        };
        if !same {
            return false;
        }
    }
    true
}

fn wrap(v: i64, bits: u8, signed: bool) -> i64 {
    match (bits, signed) {
        (8, true) => v as i8 as i64,
        (16, true) => v as i16 as i64,
        (32, true) => v as i32 as i64,
        (8, false) => v as u8 as i64,
        (16, false) => v as u16 as i64,
        (32, false) => v as u32 as i64,
        _ => v,
    }
}

/// A runtime error: a Go panic with Go's text (`runtime error: ...`).
pub struct RtErr(pub String);

fn as_int(v: &V) -> i64 {
    match v {
        V::Int(i) => *i,
        V::Bool(b) => *b as i64,
        V::Float(f) => *f as i64,
        _ => 0,
    }
}

fn as_f(v: &V) -> f64 {
    match v {
        V::Float(f) => *f,
        V::Int(i) => *i as f64,
        _ => 0.0,
    }
}

fn as_str(v: &V) -> Arc<str> {
    match v {
        V::Str(s) => s.clone(),
        _ => Arc::from(""),
    }
}

fn binop(op: BinOp, k: Kind, a: &V, b: &V) -> Result<V, RtErr> {
    use BinOp::*;
    Ok(match k {
        Kind::Int { bits, signed } => {
            let (x, y) = (as_int(a), as_int(b));
            let w = |v: i64| V::Int(wrap(v, bits, signed));
            let u64s = !signed && bits == 64;
            match op {
                Add => w(x.wrapping_add(y)),
                Sub => w(x.wrapping_sub(y)),
                Mul => w(x.wrapping_mul(y)),
                Div | Rem => {
                    if y == 0 {
                        return Err(RtErr("runtime error: integer divide by zero".into()));
                    }
                    let r = if u64s {
                        let (x, y) = (x as u64, y as u64);
                        (if op == Div { x / y } else { x % y }) as i64
                    } else if op == Div {
                        x.wrapping_div(y)
                    } else {
                        x.wrapping_rem(y)
                    };
                    w(r)
                }
                And => w(x & y),
                Or => w(x | y),
                Xor => w(x ^ y),
                AndNot => w(x & !y),
                Shl => {
                    if y < 0 {
                        return Err(RtErr("runtime error: negative shift amount".into()));
                    }
                    w(if y >= 64 { 0 } else { x.wrapping_shl(y as u32) })
                }
                Shr => {
                    if y < 0 {
                        return Err(RtErr("runtime error: negative shift amount".into()));
                    }
                    let s = y.min(63) as u32;
                    if signed {
                        w(x >> s)
                    } else if y >= 64 {
                        V::Int(0)
                    } else {
                        w(((x as u64) >> s) as i64)
                    }
                }
                Eq => V::Bool(x == y),
                Ne => V::Bool(x != y),
                Lt | Le | Gt | Ge if u64s => {
                    let (x, y) = (x as u64, y as u64);
                    V::Bool(match op {
                        Lt => x < y,
                        Le => x <= y,
                        Gt => x > y,
                        _ => x >= y,
                    })
                }
                Lt => V::Bool(x < y),
                Le => V::Bool(x <= y),
                Gt => V::Bool(x > y),
                Ge => V::Bool(x >= y),
            }
        }
        Kind::Float32 => {
            // float32 arithmetic: the f64 result of two float32s, rounded to float32
            // (exact for + - * /: an f64 holds their exact result or rounds it once
            // more finely than float32 can).
            let r = binop(op, Kind::Float, a, b)?;
            match r {
                V::Float(f) => V::Float(f as f32 as f64),
                other => other,
            }
        }
        Kind::Float => {
            let (x, y) = (as_f(a), as_f(b));
            match op {
                Add => V::Float(x + y),
                Sub => V::Float(x - y),
                Mul => V::Float(x * y),
                Div => V::Float(x / y),
                Eq => V::Bool(x == y),
                Ne => V::Bool(x != y),
                Lt => V::Bool(x < y),
                Le => V::Bool(x <= y),
                Gt => V::Bool(x > y),
                Ge => V::Bool(x >= y),
                _ => V::Float(f64::NAN),
            }
        }
        Kind::Str => {
            let (x, y) = (as_str(a), as_str(b));
            match op {
                Add => {
                    if x.len() + y.len() > MAX_STR {
                        return Err(RtErr(format!(
                            "runtime error: string concatenation of {} bytes (the explorer's limit is 2^26 bytes)",
                            x.len() + y.len()
                        )));
                    }
                    V::Str(Arc::from(format!("{x}{y}")))
                }
                Eq => V::Bool(x == y),
                Ne => V::Bool(x != y),
                Lt => V::Bool(x < y),
                Le => V::Bool(x <= y),
                Gt => V::Bool(x > y),
                _ => V::Bool(x >= y),
            }
        }
        Kind::Bool | Kind::Other => match op {
            Eq => V::Bool(equal(a, b)),
            Ne => V::Bool(!equal(a, b)),
            _ => V::Nil,
        },
    })
}

/// What the interpreter loop stopped for.
enum Stop {
    Yield(Yield),
    Err(RtErr),
}

impl Gor {
    /// The main goroutine of a new run: fresh package-level variables and channel state.
    pub fn main(prog: Arc<Prog>, f: FuncId, chans: Arc<ChanVals>) -> Gor {
        let globals = Arc::new(
            prog.globals
                .iter()
                .map(|z| Arc::new(Mutex::new(z.clone())))
                .collect(),
        );
        Gor::new(prog, chans, globals, f, vec![], &[])
    }

    pub fn new(
        prog: Arc<Prog>,
        chans: Arc<ChanVals>,
        globals: Arc<Vec<Cell>>,
        f: FuncId,
        args: Vec<V>,
        caps: &[V],
    ) -> Gor {
        let mut g = Gor {
            prog,
            frames: Vec::new(),
            used: 0,
            pending: Pending::None,
            panicking: None,
            recovered: false,
            ps: 0,
            chans,
            globals,
            sel_map: None,
            result: Vec::new(),
            carry_ps: 0,
            goid: 0,
            panic_method_text: None,
            spare: Vec::new(),
            label: None,
            sync_depth: 0,
            prior_panics: Vec::new(),
            repanic: false,
            frame_bytes: 0,
            alloc: 0,
            at_branch: false,
        };
        g.push_frame(f, args, caps, 0, 0, false);
        g
    }

    /// Would gc have inlined a call of `f` here? One level: into a physical frame.
    fn inlined_call(&self, f: FuncId) -> bool {
        self.prog.funcs[f as usize].inlinable
            && self.frames.last().is_some_and(|fr| fr.phys.is_none())
    }

    fn push_frame(
        &mut self,
        f: FuncId,
        args: Vec<V>,
        caps: &[V],
        dst: Reg,
        nret: u32,
        is_defer: bool,
    ) {
        self.push_frame_inl(f, args, caps, dst, nret, is_defer, false)
    }

    #[allow(clippy::too_many_arguments)]
    fn push_frame_inl(
        &mut self,
        f: FuncId,
        args: Vec<V>,
        caps: &[V],
        dst: Reg,
        nret: u32,
        is_defer: bool,
        inline: bool,
    ) {
        let func = &self.prog.funcs[f as usize];
        // The argument vector becomes the frame's registers.
        let mut regs = args;
        regs.reserve(func.nregs as usize);
        regs.resize_with(func.nparams as usize, V::default);
        regs.extend(caps.iter().cloned());
        regs.resize_with(func.nregs as usize, V::default);
        let used_below = self.used;
        let phys = if inline {
            Some(self.frames.len() - 1)
        } else {
            None
        };
        if !inline {
            self.used += func.frame;
        }
        self.frame_bytes += frame_host_bytes(&regs);
        self.frames.push(Frame {
            phys,
            func: f,
            pc: 0,
            regs,
            dst,
            nret,
            defers: Vec::new(),
            returning: None,
            is_defer,
            used_below,
        });
    }

    /// The stack check of a call's prologue: Some(frame) when morestack is needed.
    fn prologue(&self, f: FuncId, cx: &Cx<'_>) -> Option<u64> {
        let func = &self.prog.funcs[f as usize];
        if func.nosplit {
            return None;
        }
        cx.morestack(self.used, func.frame).then_some(func.frame)
    }

    /// Frames for a traceback, innermost first.
    pub fn where_(&self) -> Vec<(String, String)> {
        self.frames
            .iter()
            .rev()
            .map(|fr| {
                let f = &self.prog.funcs[fr.func as usize];
                // `pc` is past the instruction the frame is in (a call, or the op that
                // yielded): its line is that of `pc - 1`, as in `line` (Go's `tracepc`).
                let pc = fr.pc.saturating_sub(1).min(f.lines.len().saturating_sub(1));
                let line = f.lines.get(pc).copied().unwrap_or(0);
                (
                    format!("{}(...)", f.name),
                    format!("{}:{line}", self.prog.file),
                )
            })
            .collect()
    }

    fn deliver(&mut self, cx: &mut Cx<'_>) -> Option<Yield> {
        let pending = std::mem::replace(&mut self.pending, Pending::None);
        let fr = self.frames.last_mut().unwrap();
        match pending {
            Pending::None => {}
            Pending::Lock(id) => {
                if cx.retry {
                    self.pending = Pending::Lock(id);
                    return Some(Yield::Op(Op::Lock(id)));
                }
            }
            Pending::Recv { dst, ok } => {
                let (tok, got) = cx.received.take().unwrap_or((0, false));
                let v = if got { self.chans.take(tok) } else { V::Nil };
                fr.regs[dst as usize] = v;
                if let Some(ok) = ok {
                    fr.regs[ok as usize] = V::Bool(got);
                }
            }
            Pending::Select { dst, val, ok, sent } => {
                let fired = cx.selected.take().unwrap_or(usize::MAX);
                fr.regs[dst as usize] = V::Int(fired as i64);
                for (case, tok) in sent {
                    if case != fired {
                        self.chans.take(tok);
                    }
                }
                if let Some((tok, got)) = cx.received.take() {
                    fr.regs[val as usize] = if got { self.chans.take(tok) } else { V::Nil };
                    fr.regs[ok as usize] = V::Bool(got);
                }
            }
            Pending::Procs { dst, prev } => fr.regs[dst as usize] = V::Int(prev),
        }
        None
    }

    fn run(&mut self, cx: &mut Cx<'_>) -> Yield {
        if let Some(y) = self.deliver(cx) {
            return y;
        }
        // The op this G yielded panicked in the runtime (`close of closed channel`):
        // an ordinary run-time panic here, which a deferred recover may stop.
        if let Some(msg) = cx.panic.take() {
            if let Some(y) = self.start_panic(V::Str(Arc::from(msg)), true) {
                return y;
            }
        }
        // One handle on the code for the whole run (not an atomic increment per step).
        let prog = self.prog.clone();
        let budget_ps = cx.budget_ns.saturating_mul(1000);
        let start_ps = self.ps;
        let end_ps = start_ps.saturating_add(budget_ps);
        self.at_branch = false;
        loop {
            let branched = self.fast(&prog, end_ps);
            if self.ps >= end_ps {
                self.at_branch = branched;
                return Yield::Budget;
            }
            if self.frame_bytes > MAX_HOST_FRAMES {
                return Yield::Fatal {
                    text: format!(
                        "runtime: goroutine stack exceeds 1000000000-byte limit\nfatal error: stack overflow\n\n(the explorer stops a goroutine whose frames hold {} MB of its memory)\nexit status 2",
                        MAX_HOST_FRAMES >> 20
                    ),
                    code: 2,
                };
            }
            match self.step(&prog, cx) {
                Ok(()) => {}
                Err(Stop::Yield(y)) => return y,
                Err(Stop::Err(e)) => {
                    if let Some(y) = self.start_panic(V::Str(Arc::from(e.0.as_str())), true) {
                        return y;
                    }
                }
            }
        }
    }

    /// The hot instructions (constants, moves, 64-bit integer arithmetic and compares,
    /// branches) in a tight loop over the top frame's registers; returns at the first
    /// other instruction (for [`Gor::step`]) or when the budget is spent.
    #[inline]
    fn fast(&mut self, prog: &Prog, end_ps: u64) -> bool {
        let Some(fr) = self.frames.last_mut() else {
            return false;
        };
        let code = &prog.funcs[fr.func as usize].code;
        let regs = &mut fr.regs;
        let mut pc = fr.pc;
        let mut ps = self.ps;
        const I64: Kind = Kind::Int {
            bits: 64,
            signed: true,
        };
        // The budget is checked where control can loop: on taken branches.
        if ps >= end_ps {
            return false;
        }
        let mut branched = false;
        loop {
            match code.get(pc) {
                Some(I::Const(d, V::Int(k))) => {
                    put_int(&mut regs[*d as usize], *k);
                    ps += cost::MOVE;
                }
                Some(I::Move(d, s)) => {
                    if let V::Int(x) = regs[*s as usize] {
                        put_int(&mut regs[*d as usize], x);
                    } else {
                        let v = regs[*s as usize].clone();
                        regs[*d as usize] = v;
                    }
                    ps += cost::MOVE;
                }
                Some(I::Bin(op, I64, d, a, b)) => {
                    let (V::Int(x), V::Int(y)) = (&regs[*a as usize], &regs[*b as usize]) else {
                        break;
                    };
                    let (x, y) = (*x, *y);
                    if !int64_into(*op, x, y, &mut regs[*d as usize]) {
                        break;
                    }
                    ps += cost::ALU;
                }
                Some(I::BinK(op, I64, d, a, V::Int(y))) => {
                    let V::Int(x) = regs[*a as usize] else { break };
                    if !int64_into(*op, x, *y, &mut regs[*d as usize]) {
                        break;
                    }
                    ps += cost::ALU;
                }
                Some(I::JmpUnless(op, a, b, t)) => {
                    let (V::Int(x), V::Int(y)) = (&regs[*a as usize], &regs[*b as usize]) else {
                        break;
                    };
                    ps += cost::BRANCH;
                    if !int_cmp(*op, *x, *y) {
                        pc = *t as usize;
                        if ps >= end_ps {
                            branched = true;
                            break;
                        }
                        continue;
                    }
                }
                Some(I::JmpUnlessK(op, a, y, t)) => {
                    let V::Int(x) = regs[*a as usize] else { break };
                    ps += cost::BRANCH;
                    if !int_cmp(*op, x, *y) {
                        pc = *t as usize;
                        if ps >= end_ps {
                            branched = true;
                            break;
                        }
                        continue;
                    }
                }
                Some(I::Jmp(t)) => {
                    pc = *t as usize;
                    ps += cost::BRANCH;
                    if ps >= end_ps {
                        branched = true;
                        break;
                    }
                    continue;
                }
                Some(I::JmpIf(c, t)) => {
                    ps += cost::BRANCH;
                    if matches!(regs[*c as usize], V::Bool(true)) {
                        pc = *t as usize;
                        if ps >= end_ps {
                            branched = true;
                            break;
                        }
                        continue;
                    }
                }
                Some(I::JmpIfNot(c, t)) => {
                    ps += cost::BRANCH;
                    if !matches!(regs[*c as usize], V::Bool(true)) {
                        pc = *t as usize;
                        if ps >= end_ps {
                            branched = true;
                            break;
                        }
                        continue;
                    }
                }
                _ => break,
            }
            pc += 1;
        }
        fr.pc = pc;
        self.ps = ps;
        branched
    }

    /// Begins unwinding for a panic; returns a Fatal yield if nothing can recover.
    fn start_panic(&mut self, v: V, runtime_err: bool) -> Option<Yield> {
        self.start_panic_with(v, runtime_err, None)
    }

    /// [`Gor::start_panic`]; `method_text` is the value's Error()/String().
    fn start_panic_with(
        &mut self,
        v: V,
        runtime_err: bool,
        method_text: Option<String>,
    ) -> Option<Yield> {
        let v = if runtime_err {
            V::Iface(Arc::new((crate::types::RUNTIME_ERROR, v)))
        } else {
            v
        };
        let mut repanic = false;
        if let Some(old) = self.panicking.take() {
            let text = self.panic_msg(&old);
            if self.recovered && map_key(&old) == map_key(&v) {
                repanic = true;
                self.prior_panics.push((text, " [recovered, repanicked]"));
            } else if !self.repanic {
                let suffix = if self.recovered { " [recovered]" } else { "" };
                self.prior_panics.push((text, suffix));
            }
        }
        self.repanic = repanic;
        self.panic_method_text = method_text;
        self.panicking = Some(v);
        self.recovered = false;
        self.unwind()
    }

    /// Runs the next deferred call of the panicking stack, or ends the program.
    fn unwind(&mut self) -> Option<Yield> {
        loop {
            let Some(fr) = self.frames.last_mut() else {
                let v = self.panicking.take().unwrap_or_default();
                let text = self.panic_text(&v);
                return Some(Yield::Fatal { text, code: 2 });
            };
            if let Some((f, args)) = fr.defers.pop() {
                self.call_value(&f, args, 0, 0, true);
                return None;
            }
            if self.frames.len() == 1 {
                let v = self.panicking.take().unwrap_or_default();
                let text = self.panic_text(&v);
                return Some(Yield::Fatal { text, code: 2 });
            }
            self.pop_frame();
        }
    }

    fn panic_text(&self, v: &V) -> String {
        let lines: Vec<String> = self
            .prior_panics
            .iter()
            .map(|(text, suffix)| format!("panic: {text}{suffix}"))
            .chain((!self.repanic).then(|| format!("panic: {}", self.panic_msg(v))))
            .collect();
        let mut s = lines.join("\n\t");
        s.push_str("\n\ngoroutine ");
        s.push_str(&format!("{} [running]:\n", self.goid_hint()));
        for (f, at) in self.where_() {
            s.push_str(&format!("{f}\n\t{at}\n"));
        }
        s.push_str("exit status 2");
        s
    }

    /// A panic value as Go's `printpanicval` prints it.
    fn panic_msg(&self, v: &V) -> String {
        match v {
            V::Iface(b) if b.0 == crate::types::RUNTIME_ERROR => {
                gofmt::plain(&b.1, &self.prog.types).to_string()
            }
            V::Iface(b) => {
                let t = self.prog.types.get(b.0);
                match (&b.1, t) {
                    (V::Str(s), Ty::Str) => s.to_string(),
                    _ => match self.panic_method_text.clone() {
                        Some(e) => e,
                        None => gofmt::go_syntax(v, &self.prog.types),
                    },
                }
            }
            other => gofmt::plain(other, &self.prog.types).to_string(),
        }
    }

    fn goid_hint(&self) -> String {
        self.goid.max(1).to_string()
    }

    fn pop_frame(&mut self) -> Frame {
        let mut fr = self.frames.pop().unwrap();
        self.used = fr.used_below;
        // Counted before the registers go back to the spare list (counting after left
        // every call's registers counted: a long run of calls, not a deep one, died with
        // "stack overflow" once they added up to MAX_HOST_FRAMES).
        self.frame_bytes = self.frame_bytes.saturating_sub(frame_host_bytes(&fr.regs));
        if self.spare.len() < 64 {
            let mut regs = std::mem::take(&mut fr.regs);
            regs.clear();
            self.spare.push(regs);
        }
        fr
    }

    /// Calls a func value (a closure) with `args`.
    fn call_value(&mut self, f: &V, args: Vec<V>, dst: Reg, nret: u32, is_defer: bool) {
        match f {
            V::Func(c) => {
                let c = c.clone();
                self.push_frame(c.func, args, &c.caps, dst, nret, is_defer);
            }
            _ => {
                self.panicking = Some(V::Iface(Arc::new((
                    crate::types::RUNTIME_ERROR,
                    V::Str(Arc::from(
                        "runtime error: invalid memory address or nil pointer dereference",
                    )),
                ))));
            }
        }
    }

    fn ret(&mut self, vals: Vec<V>) -> Result<(), Stop> {
        let fr = self.frames.last_mut().unwrap();
        if let Some((f, args)) = fr.defers.pop() {
            fr.returning = Some(vals);
            self.call_value(&f, args, 0, 0, true);
            return Ok(());
        }
        let fr = self.pop_frame();
        let was_defer = fr.is_defer;
        if self.frames.is_empty() {
            self.result = vals;
            return Err(Stop::Yield(Yield::Return));
        }
        let caller = self.frames.last_mut().unwrap();
        if was_defer {
            // A deferred call returned: resume the caller's return, or its unwinding.
            if self.panicking.is_some() && !self.recovered {
                if let Some(y) = self.unwind() {
                    return Err(Stop::Yield(y));
                }
                return Ok(());
            }
            if self.recovered {
                // The panic stops here: the frame that deferred the recovering call
                // returns normally (with its current results).
                self.recovered = false;
                self.panicking = None;
                self.prior_panics.clear();
                self.repanic = false;
                let vals = match caller.returning.take() {
                    Some(v) => v,
                    None => {
                        let f = &self.prog.funcs[caller.func as usize];
                        f.results
                            .iter()
                            .map(|&(r, cell)| match (&caller.regs[r as usize], cell) {
                                (V::Ptr(p), true) => load(p),
                                (v, _) => v.clone(),
                            })
                            .collect()
                    }
                };
                return self.ret(vals);
            }
            // The deferred calls may have changed named results (captured, so boxed):
            // the function returns their values now.
            let mut vals = caller.returning.take().unwrap_or_default();
            let f = &self.prog.funcs[caller.func as usize];
            for (i, &(r, cell)) in f.results.iter().enumerate() {
                if let (true, Some(slot), Some(V::Ptr(p))) =
                    (cell, vals.get_mut(i), caller.regs.get(r as usize))
                {
                    *slot = load(p);
                }
            }
            return self.ret(vals);
        }
        let (dst, nret) = (fr.dst, fr.nret);
        for (i, v) in vals.into_iter().enumerate().take(nret as usize) {
            caller.regs[dst as usize + i] = v;
        }
        Ok(())
    }

    fn step(&mut self, prog: &Prog, cx: &mut Cx<'_>) -> Result<(), Stop> {
        let depth = self.frames.len();
        let fr = self.frames.last_mut().unwrap();
        let func = &prog.funcs[fr.func as usize];
        let Some(ins) = func.code.get(fr.pc) else {
            return self.ret(Vec::new());
        };
        let r = &mut fr.regs;
        macro_rules! g {
            ($x:expr) => {
                &r[*$x as usize]
            };
        }
        macro_rules! set {
            ($x:expr, $v:expr) => {{
                let v = $v;
                r[*$x as usize] = v;
            }};
        }
        let err = |s: String| Err(Stop::Err(RtErr(s)));
        fr.pc += 1;
        match ins {
            I::Const(d, v) => {
                set!(d, v.clone());
                self.ps += cost::MOVE;
            }
            I::Move(d, s) => {
                set!(d, g!(s).clone());
                self.ps += cost::MOVE;
            }
            I::Bin(op, k, d, a, b) => {
                let v = binop(*op, *k, g!(a), g!(b)).map_err(Stop::Err)?;
                set!(d, v);
                self.ps += cost::ALU;
            }
            I::BinK(op, k, d, a, c) => {
                let v = binop(*op, *k, g!(a), c).map_err(Stop::Err)?;
                set!(d, v);
                self.ps += cost::ALU;
            }
            I::JmpUnless(op, a, b, t) => {
                let i64k = Kind::Int {
                    bits: 64,
                    signed: true,
                };
                if !matches!(binop(*op, i64k, g!(a), g!(b)), Ok(V::Bool(true))) {
                    fr.pc = *t as usize;
                }
                self.ps += cost::BRANCH;
            }
            I::JmpUnlessK(op, a, k, t) => {
                let i64k = Kind::Int {
                    bits: 64,
                    signed: true,
                };
                if !matches!(binop(*op, i64k, g!(a), &V::Int(*k)), Ok(V::Bool(true))) {
                    fr.pc = *t as usize;
                }
                self.ps += cost::BRANCH;
            }
            I::Neg(k, d, a) => {
                let v = match (k, g!(a)) {
                    (Kind::Float | Kind::Float32, x) => V::Float(-as_f(x)),
                    (Kind::Int { bits, signed }, x) => {
                        V::Int(wrap(as_int(x).wrapping_neg(), *bits, *signed))
                    }
                    (_, x) => x.clone(),
                };
                set!(d, v);
                self.ps += cost::ALU;
            }
            I::Not(d, a) => {
                let v = !matches!(g!(a), V::Bool(true));
                set!(d, V::Bool(v));
                self.ps += cost::ALU;
            }
            I::BitNot(k, d, a) => {
                let v = match k {
                    Kind::Int { bits, signed } => V::Int(wrap(!as_int(g!(a)), *bits, *signed)),
                    _ => V::Nil,
                };
                set!(d, v);
                self.ps += cost::ALU;
            }
            I::Conv(d, s, c) => {
                let x = g!(s).clone();
                let v = match c {
                    Conv::IntToInt { bits, signed } => V::Int(wrap(as_int(&x), *bits, *signed)),
                    Conv::IntToFloat => V::Float(as_int(&x) as f64),
                    Conv::IntToFloat32 => V::Float(as_int(&x) as f32 as f64),
                    Conv::ToFloat32 => V::Float(as_f(&x) as f32 as f64),
                    Conv::FloatToInt { bits, signed } => {
                        V::Int(wrap(as_f(&x) as i64, *bits, *signed))
                    }
                    Conv::IntToStr => {
                        let c = char::from_u32(as_int(&x) as u32).unwrap_or('\u{FFFD}');
                        V::Str(Arc::from(c.to_string()))
                    }
                    Conv::StrToBytes => {
                        let s = as_str(&x);
                        let v: Vec<V> = s.bytes().map(|b| V::Int(b as i64)).collect();
                        slice_of(v)
                    }
                    Conv::StrToRunes => {
                        let s = as_str(&x);
                        let v: Vec<V> = s.chars().map(|c| V::Int(c as i64)).collect();
                        slice_of(v)
                    }
                    Conv::BytesToStr => {
                        let b: Vec<u8> = slice_vals(&x).iter().map(|v| as_int(v) as u8).collect();
                        V::Str(Arc::from(String::from_utf8_lossy(&b).as_ref()))
                    }
                    Conv::RunesToStr => {
                        let s: String = slice_vals(&x)
                            .iter()
                            .map(|v| char::from_u32(as_int(v) as u32).unwrap_or('\u{FFFD}'))
                            .collect();
                        V::Str(Arc::from(s))
                    }
                    Conv::Same => x,
                    Conv::UShiftCount => V::Int(if as_int(&x) < 0 { 64 } else { as_int(&x) }),
                };
                set!(d, v);
                self.ps += cost::ALU;
            }
            I::ToIface(d, s, t) => {
                let v = match g!(s) {
                    V::Iface(b) => V::Iface(b.clone()),
                    x => V::Iface(Arc::new((*t, x.clone()))),
                };
                set!(d, v);
                self.ps += cost::MOVE;
            }
            I::Jmp(t) => {
                fr.pc = *t as usize;
                self.ps += cost::BRANCH;
            }
            I::JmpIf(c, t) => {
                if matches!(g!(c), V::Bool(true)) {
                    fr.pc = *t as usize;
                }
                self.ps += cost::BRANCH;
            }
            I::JmpIfNot(c, t) => {
                if !matches!(g!(c), V::Bool(true)) {
                    fr.pc = *t as usize;
                }
                self.ps += cost::BRANCH;
            }
            I::Load(d, p) => {
                let v = match g!(p) {
                    V::Ptr(p) => load(p),
                    _ => return err(NIL_DEREF.into()),
                };
                set!(d, v);
                self.ps += cost::MEM;
            }
            I::Store(p, s) => {
                match g!(p) {
                    V::Ptr(p) => store(p, g!(s).clone()),
                    _ => return err(NIL_DEREF.into()),
                }
                self.ps += cost::MEM;
            }
            I::Box(d, s) => {
                let v = V::Ptr(Ptr::Cell(Arc::new(Mutex::new(g!(s).clone()))));
                set!(d, v);
                self.ps += cost::ALLOC;
            }
            I::SubPtr(d, p, i) => {
                let v = match g!(p) {
                    V::Ptr(p) => V::Ptr(Ptr::Sub(Arc::new(p.clone()), *i)),
                    _ => return err(NIL_DEREF.into()),
                };
                set!(d, v);
                self.ps += cost::ALU;
            }
            I::ElemPtr(d, s, i) => {
                let idx = as_int(g!(i));
                let v = match g!(s) {
                    V::Slice(sl) => {
                        if idx < 0 || idx as usize >= sl.len {
                            return err(index_err(idx, sl.len));
                        }
                        V::Ptr(sl.arr.elem(sl.off + idx as usize))
                    }
                    V::Ptr(p) => {
                        // &a[i] of an array (through its variable's cell or a pointer):
                        // checked against the array's length (`panicIndex`).
                        let n = with_mut(p, |a| match a {
                            V::Agg(xs) => xs.len(),
                            _ => usize::MAX,
                        });
                        if idx < 0 || idx as usize >= n {
                            return err(index_err(idx, n));
                        }
                        V::Ptr(Ptr::Sub(Arc::new(p.clone()), idx as u32))
                    }
                    V::Nil => return err(index_err(idx, 0)),
                    _ => return err(NIL_DEREF.into()),
                };
                set!(d, v);
                self.ps += cost::ALU;
            }
            I::Field(d, s, i) => {
                let v = match g!(s) {
                    V::Agg(xs) => xs.get(*i as usize).cloned().unwrap_or_default(),
                    V::Ptr(p) => with_mut(p, |a| match a {
                        V::Agg(xs) => xs.get(*i as usize).cloned().unwrap_or_default(),
                        _ => V::Nil,
                    }),
                    V::Nil => return err(NIL_DEREF.into()),
                    _ => V::Nil,
                };
                set!(d, v);
                self.ps += cost::MOVE;
            }
            I::SetField(a, i, s) => {
                let v = g!(s).clone();
                if let V::Agg(xs) = &mut r[*a as usize] {
                    xs[*i as usize] = v;
                }
                self.ps += cost::MOVE;
            }
            I::MakeAgg(d, xs) => {
                let v = V::Agg(xs.iter().map(|x| r[*x as usize].clone()).collect());
                set!(d, v);
                self.ps += cost::MOVE * xs.len() as u64;
            }
            I::Index(d, x, i) => {
                let idx = as_int(g!(i));
                let v = match g!(x) {
                    V::Slice(sl) => {
                        if idx < 0 || idx as usize >= sl.len {
                            return err(index_err(idx, sl.len));
                        }
                        sl.arr.get(sl.off + idx as usize)
                    }
                    V::Agg(xs) => {
                        if idx < 0 || idx as usize >= xs.len() {
                            return err(index_err(idx, xs.len()));
                        }
                        xs[idx as usize].clone()
                    }
                    V::Str(s) => {
                        if idx < 0 || idx as usize >= s.len() {
                            return err(index_err(idx, s.len()));
                        }
                        V::Int(s.as_bytes()[idx as usize] as i64)
                    }
                    V::Ptr(p) => {
                        let got = with_mut(p, |a| match a {
                            V::Agg(xs) if idx >= 0 && (idx as usize) < xs.len() => {
                                Ok(xs[idx as usize].clone())
                            }
                            V::Agg(xs) => Err(xs.len()),
                            _ => Ok(V::Nil),
                        });
                        match got {
                            Ok(v) => v,
                            Err(n) => return err(index_err(idx, n)),
                        }
                    }
                    V::Nil => return err(index_err(idx, 0)),
                    _ => V::Nil,
                };
                set!(d, v);
                self.ps += cost::MEM;
            }
            I::MapIndex(d, ok, m, k, zero) => {
                let (v, found) = match g!(m) {
                    V::Map(mm) => match lock(mm).get(g!(k)) {
                        Some(v) => (v.clone(), true),
                        None => (g!(zero).clone(), false),
                    },
                    _ => (g!(zero).clone(), false),
                };
                set!(d, v);
                if let Some(ok) = ok {
                    set!(ok, V::Bool(found));
                }
                self.ps += cost::MAP;
            }
            I::SetIndex(x, i, s) => {
                let idx = as_int(g!(i));
                let v = g!(s).clone();
                match &mut r[*x as usize] {
                    V::Slice(sl) => {
                        if idx < 0 || idx as usize >= sl.len {
                            return err(index_err(idx, sl.len));
                        }
                        sl.arr.set(sl.off + idx as usize, v);
                    }
                    V::Agg(xs) => {
                        if idx < 0 || idx as usize >= xs.len() {
                            return err(index_err(idx, xs.len()));
                        }
                        xs[idx as usize] = v;
                    }
                    V::Ptr(p) => {
                        let p = p.clone();
                        let n = with_mut(&p, |a| match a {
                            V::Agg(xs) if idx >= 0 && (idx as usize) < xs.len() => {
                                xs[idx as usize] = v;
                                None
                            }
                            V::Agg(xs) => Some(xs.len()),
                            _ => Some(0),
                        });
                        if let Some(n) = n {
                            return err(index_err(idx, n));
                        }
                    }
                    V::Nil => return err(index_err(idx, 0)),
                    _ => {}
                }
                self.ps += cost::MEM;
            }
            I::SetMap(m, k, v) => {
                match g!(m) {
                    V::Map(mm) => lock(mm).set(g!(k).clone(), g!(v).clone()),
                    _ => return err("assignment to entry in nil map".into()),
                }
                self.ps += cost::MAP_SET;
            }
            I::MapDelete(m, k) => {
                if let V::Map(mm) = g!(m) {
                    lock(mm).delete(g!(k));
                }
                self.ps += cost::MAP;
            }
            I::MakeSlice(d, n, c, zero, esize) => {
                let len = as_int(g!(n));
                let cap = c.map(|c| as_int(&r[c as usize])).unwrap_or(len);
                if len < 0 {
                    return err("runtime error: makeslice: len out of range".into());
                }
                if cap < len {
                    return err("runtime error: makeslice: cap out of range".into());
                }
                if cap > 1 << 26 {
                    return err("runtime error: makeslice: len out of range (the explorer's limit is 2^26 elements)".into());
                }
                let z = g!(zero).clone();
                let v = V::Slice(Box::new(Slice {
                    arr: Arr::new(vec![z; cap as usize]),
                    off: 0,
                    len: len as usize,
                    cap: cap as usize,
                }));
                set!(d, v);
                self.alloc += cap as u64 * *esize as u64;
                self.ps += cost::ALLOC + cap as u64 * 100;
            }
            I::MakeMap(d) => {
                set!(d, V::Map(Arc::new(Mutex::new(MapObj::default()))));
                self.ps += cost::ALLOC;
            }
            I::MakeChan(d, c) => {
                let cap = c.map(|c| as_int(&r[c as usize])).unwrap_or(0);
                if cap < 0 {
                    return err("makechan: size out of range".into());
                }
                let id = cx.host.new_chan(cap as usize);
                set!(d, V::Chan(id));
                self.ps += cost::ALLOC;
            }
            I::SliceLit(d, xs) => {
                let v: Vec<V> = xs.iter().map(|x| r[*x as usize].clone()).collect();
                set!(d, slice_of(v));
                self.ps += cost::ALLOC;
            }
            I::Append(d, s, xs, elem) => {
                let add: Vec<V> = xs.iter().map(|x| r[*x as usize].clone()).collect();
                let v = match append(g!(s), add, *elem, &mut self.ps) {
                    Ok(v) => v,
                    Err(e) => return err(e),
                };
                set!(d, v);
            }
            I::AppendSpread(d, s, t, elem) => {
                let add = match g!(t) {
                    V::Str(s) => s.bytes().map(|b| V::Int(b as i64)).collect(),
                    t => slice_vals(t),
                };
                let v = match append(g!(s), add, *elem, &mut self.ps) {
                    Ok(v) => v,
                    Err(e) => return err(e),
                };
                set!(d, v);
            }
            I::Copy(d, dst, src) => {
                let from = match g!(src) {
                    V::Str(s) => s.bytes().map(|b| V::Int(b as i64)).collect(),
                    s => slice_vals(s),
                };
                let n = if let V::Slice(sl) = g!(dst) {
                    let n = from.len().min(sl.len);
                    sl.arr.with(|a| {
                        for (i, v) in from.into_iter().take(n).enumerate() {
                            a[sl.off + i] = v;
                        }
                    });
                    n
                } else {
                    0
                };
                set!(d, V::Int(n as i64));
                self.ps += cost::MEM * n as u64;
            }
            I::Len(d, x) => {
                let n = match g!(x) {
                    V::Slice(s) => s.len,
                    V::Str(s) => s.len(),
                    V::Agg(xs) => xs.len(),
                    V::Map(m) => lock(m).keys.len(),
                    V::Chan(c) => cx.host.chan_len(*c).0,
                    V::Ptr(p) => with_mut(p, |a| match a {
                        V::Agg(xs) => xs.len(),
                        _ => 0,
                    }),
                    _ => 0,
                };
                set!(d, V::Int(n as i64));
                self.ps += cost::ALU;
            }
            I::Cap(d, x) => {
                let n = match g!(x) {
                    V::Slice(s) => s.cap,
                    V::Agg(xs) => xs.len(),
                    V::Chan(c) => cx.host.chan_len(*c).1,
                    _ => 0,
                };
                set!(d, V::Int(n as i64));
                self.ps += cost::ALU;
            }
            I::SliceOp(d, x, lo, hi, max) => {
                let lo = lo.map(|x| as_int(&r[x as usize])).unwrap_or(0);
                let hi_v = hi.map(|x| as_int(&r[x as usize]));
                let max_v = max.map(|x| as_int(&r[x as usize]));
                let xv = g!(x).clone();
                let v = match &xv {
                    V::Str(s) => {
                        let hi = hi_v.unwrap_or(s.len() as i64);
                        if let Err(e) = slice_bounds(lo, hi, None, s.len(), "length") {
                            return err(e);
                        }
                        V::Str(Arc::from(
                            String::from_utf8_lossy(&s.as_bytes()[lo as usize..hi as usize])
                                .as_ref(),
                        ))
                    }
                    V::Slice(sl) => {
                        let hi = hi_v.unwrap_or(sl.len as i64);
                        if let Err(e) = slice_bounds(lo, hi, max_v, sl.cap, "capacity") {
                            return err(e);
                        }
                        let max = max_v.unwrap_or(sl.cap as i64);
                        V::Slice(Box::new(Slice {
                            arr: sl.arr.clone(),
                            off: sl.off + lo as usize,
                            len: (hi - lo) as usize,
                            cap: (max - lo) as usize,
                        }))
                    }
                    V::Ptr(p) => {
                        // An array (its variable's cell, or `p[:]` of a pointer to one):
                        // the slice's backing array is the array itself.
                        let n = with_mut(p, |a| match a {
                            V::Agg(xs) => xs.len(),
                            _ => 0,
                        });
                        let hi = hi_v.unwrap_or(n as i64);
                        if let Err(e) = slice_bounds(lo, hi, max_v, n, "length") {
                            return err(e);
                        }
                        let max = max_v.unwrap_or(n as i64);
                        V::Slice(Box::new(Slice {
                            arr: Arr::Array(Arc::new(p.clone())),
                            off: lo as usize,
                            len: (hi - lo) as usize,
                            cap: (max - lo) as usize,
                        }))
                    }
                    V::Nil => {
                        let hi = hi_v.unwrap_or(0);
                        if let Err(e) = slice_bounds(lo, hi, max_v, 0, "capacity") {
                            return err(e);
                        }
                        V::Nil
                    }
                    _ => xv.clone(),
                };
                set!(d, v);
                self.ps += cost::ALU;
            }
            I::Call { f, args, dst, nret } => {
                let inline = self.inlined_call(*f);
                if !inline {
                    if let Some(frame) = self.prologue(*f, cx) {
                        // morestack: the call runs again when the G resumes.
                        self.frames.last_mut().unwrap().pc -= 1;
                        return Err(Stop::Yield(Yield::Morestack { frame }));
                    }
                }
                let mut a = self.spare.pop().unwrap_or_default();
                let fr = self.frames.last_mut().unwrap();
                a.extend(args.iter().map(|x| fr.regs[*x as usize].clone()));
                self.ps += if inline { cost::MOVE } else { cost::CALL };
                self.push_frame_inl(*f, a, &[], *dst, *nret, false, inline);
            }
            I::CallV { f, args, dst, nret } => {
                let fv = g!(f).clone();
                let V::Func(c) = &fv else {
                    return err(NIL_DEREF.into());
                };
                if let Some(frame) = self.prologue(c.func, cx) {
                    self.frames.last_mut().unwrap().pc -= 1;
                    return Err(Stop::Yield(Yield::Morestack { frame }));
                }
                let fr = self.frames.last_mut().unwrap();
                let a: Vec<V> = args.iter().map(|x| fr.regs[*x as usize].clone()).collect();
                self.ps += cost::CALL;
                self.call_value(&fv, a, *dst, *nret, false);
            }
            I::CallIface {
                recv,
                method,
                args,
                dst,
                nret,
            } => {
                let V::Iface(b) = &g!(recv).clone() else {
                    return err(NIL_DEREF.into());
                };
                let b = b.clone();
                if b.0 == crate::types::RUNTIME_ERROR && &**method == "Error" {
                    // The VM's own errors (runtime errors, fmt.Errorf, strconv's) are
                    // their text.
                    let text = match &b.1 {
                        V::Str(s) => V::Str(s.clone()),
                        v => V::Str(Arc::from(gofmt::plain(v, &prog.types))),
                    };
                    self.ps += cost::CALL;
                    self.set_results(*dst, vec![text]);
                    return Ok(());
                }
                let Some((f, rv)) = prog.method(b.0, &b.1, method) else {
                    return err(format!(
                        "method {method} not found for {}",
                        prog.types.name(b.0)
                    ));
                };
                if let Some(frame) = self.prologue(f, cx) {
                    self.frames.last_mut().unwrap().pc -= 1;
                    return Err(Stop::Yield(Yield::Morestack { frame }));
                }
                let fr = self.frames.last_mut().unwrap();
                let mut a = vec![rv];
                a.extend(args.iter().map(|x| fr.regs[*x as usize].clone()));
                self.ps += cost::CALL + cost::IFACE;
                self.push_frame(f, a, &[], *dst, *nret, false);
            }
            I::Native { n, args, dst, nret } => {
                let a: Vec<V> = args.iter().map(|x| r[*x as usize].clone()).collect();
                let (n, dst, nret) = (*n, *dst, *nret);
                return self.native(n, a, dst, nret, cx);
            }
            I::Ret(xs)
                if xs.len() <= 1
                    && fr.defers.is_empty()
                    && !fr.is_defer
                    && fr.returning.is_none()
                    && depth > 1 =>
            {
                // The common return: no deferred calls, at most one result. The result
                // moves out of the frame's register (the frame is going) straight into
                // the caller's, with no vector of results in between.
                let v = xs.first().map(|x| std::mem::take(&mut r[*x as usize]));
                self.ps += if fr.phys.is_some() {
                    cost::MOVE
                } else {
                    cost::CALL
                };
                let fr = self.pop_frame();
                let caller = self.frames.last_mut().unwrap();
                if let (Some(v), true) = (v, fr.nret > 0) {
                    caller.regs[fr.dst as usize] = v;
                }
                return Ok(());
            }
            I::Ret(xs) => {
                let vals: Vec<V> = xs.iter().map(|x| r[*x as usize].clone()).collect();
                fr.pc -= 1; // a deferred call returns here
                            // An inlined call has no return of its own.
                self.ps += if fr.phys.is_some() {
                    cost::MOVE
                } else {
                    cost::CALL
                };
                return self.ret(vals);
            }
            I::Untuple(s, ds) => {
                if let V::Tuple(xs) = &mut g!(s).clone() {
                    for (d, v) in ds.iter().zip(std::mem::take(xs).into_vec()) {
                        r[*d as usize] = v;
                    }
                }
                self.ps += cost::MOVE;
            }
            I::Closure(d, f, caps) => {
                let c = Closure {
                    func: *f,
                    caps: caps.iter().map(|x| r[*x as usize].clone()).collect(),
                };
                set!(d, V::Func(Arc::new(c)));
                self.ps += cost::ALLOC;
            }
            I::Go { f, args } => {
                let fv = g!(f).clone();
                let V::Func(c) = &fv else {
                    return Err(Stop::Yield(Yield::Fatal {
                        text: "panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation]\n\ngoroutine 1 [running]:\nexit status 2".into(),
                        code: 2,
                    }));
                };
                let a: Vec<V> = args.iter().map(|x| r[*x as usize].clone()).collect();
                let label = match a.first() {
                    Some(V::Str(s)) if !s.is_empty() && s.chars().count() <= 16 => Some(s.clone()),
                    _ => None,
                };
                let mut child = Gor::new(
                    self.prog.clone(),
                    self.chans.clone(),
                    self.globals.clone(),
                    c.func,
                    a,
                    &c.caps,
                );
                child.label = label;
                return Err(Stop::Yield(Yield::Go {
                    code: Box::new(child),
                    entry: c.func,
                    kind: prog.funcs[c.func as usize].go_kind,
                }));
            }
            I::Defer { f, args } => {
                let fv = g!(f).clone();
                let a: Vec<V> = args.iter().map(|x| r[*x as usize].clone()).collect();
                fr.defers.push((fv, a));
                self.ps += cost::CALL;
            }
            I::Recover(d) => {
                // recover() works when called directly by a deferred call while panicking.
                let v = if fr.is_defer && self.panicking.is_some() && !self.recovered {
                    self.recovered = true;
                    self.panicking.clone().unwrap_or_default()
                } else {
                    V::Nil
                };
                let fr = self.frames.last_mut().unwrap();
                fr.regs[*d as usize] = v;
            }
            I::Panic(x) => {
                let mut v = g!(x).clone();
                // Go 1.21+: panic(nil) panics with a *runtime.PanicNilError
                // (`panic.go: gopanic`), so recover never returns nil for it.
                if matches!(v, V::Nil) && self.prog.types.panic_nil != 0 {
                    let zero = V::Agg(Box::new([V::Agg(Box::new([]))]));
                    let p = V::Ptr(Ptr::Cell(Arc::new(Mutex::new(zero))));
                    v = V::Iface(Arc::new((self.prog.types.panic_nil, p)));
                }
                // Go prints a panicking error's Error() (a Stringer's String()).
                let text = self.method_text(&v, cx);
                if let Some(y) = self.start_panic_with(v, false, text) {
                    return Err(Stop::Yield(y));
                }
            }
            I::Send(c, v) => {
                let V::Chan(ch) = g!(c) else {
                    return Err(Stop::Yield(Yield::Op(Op::ParkIdle(
                        gmp_core::WaitReason::ChanSendNilChan,
                    ))));
                };
                let ch = *ch;
                let tok = self.chans.put(g!(v).clone());
                return Err(Stop::Yield(Yield::Op(Op::Send {
                    ch,
                    val: gmp_core::program::Val::Const(tok),
                })));
            }
            I::Recv(d, ok, c) => {
                let V::Chan(ch) = g!(c) else {
                    return Err(Stop::Yield(Yield::Op(Op::ParkIdle(
                        gmp_core::WaitReason::ChanReceiveNilChan,
                    ))));
                };
                let ch = *ch;
                self.pending = Pending::Recv { dst: *d, ok: *ok };
                return Err(Stop::Yield(Yield::Op(Op::Recv { ch })));
            }
            I::Close(c) => {
                let V::Chan(ch) = g!(c) else {
                    return err("close of nil channel".into());
                };
                let ch = *ch;
                return Err(Stop::Yield(Yield::Op(Op::Close { ch })));
            }
            I::Select {
                cases,
                block,
                dst,
                val,
                ok,
            } => {
                let mut cs = Vec::new();
                let mut idx = Vec::new();
                let mut sent = Vec::new();
                for (i, (c, v)) in cases.iter().enumerate() {
                    if let V::Chan(ch) = &r[*c as usize] {
                        let tok = v.map(|v| self.chans.put(r[v as usize].clone()));
                        if let Some(t) = tok {
                            sent.push((i, t));
                        }
                        cs.push((*ch, tok));
                        idx.push(i);
                    }
                }
                if cs.is_empty() {
                    if *block {
                        return Err(Stop::Yield(Yield::Op(Op::BlockForever)));
                    }
                    set!(dst, V::Int(cases.len() as i64));
                    return Ok(());
                }
                // The fired index counts only non-nil cases: map it back.
                self.pending = Pending::Select {
                    dst: *dst,
                    val: *val,
                    ok: *ok,
                    sent,
                };
                let map_back = idx;
                let n = cases.len();
                self.sel_map = Some((map_back, n));
                return Err(Stop::Yield(Yield::Select {
                    cases: cs,
                    block: *block,
                }));
            }
            I::Assert(d, ok, x, t, st) => {
                let v = g!(x).clone();
                let want = prog.types.under(*t);
                let (res, good) = match (&v, want) {
                    (V::Iface(b), Ty::Iface(_)) => (v.clone(), prog.implements(b.0, *t)),
                    (V::Iface(b), _) => (b.1.clone(), b.0 == *t),
                    (_, _) => (V::Nil, false),
                };
                match ok {
                    Some(ok) => {
                        let zero = if good { res } else { prog.types.zero(*t) };
                        set!(d, zero);
                        set!(ok, V::Bool(good));
                    }
                    None if good => set!(d, res),
                    None => return err(prog.assert_err(&v, *t, *st)),
                }
                self.ps += cost::IFACE;
            }
            I::TypeOf(d, x) => {
                let v = match g!(x) {
                    V::Iface(b) => V::Int(b.0 as i64),
                    _ => V::Int(0),
                };
                set!(d, v);
                self.ps += cost::IFACE;
            }
            I::Implements(d, x, t) => {
                let v = match g!(x) {
                    V::Iface(b) => prog.implements(b.0, *t),
                    _ => false,
                };
                set!(d, V::Bool(v));
                self.ps += cost::IFACE;
            }
            I::MapIter(d, m) => {
                let v = match g!(m) {
                    V::Map(mm) => {
                        let mm = lock(mm);
                        let n = mm.keys.len();
                        let start = if n > 0 {
                            (cx.host.rand() % n as u64) as usize
                        } else {
                            0
                        };
                        let mut ks = Vec::with_capacity(n);
                        let mut vs = Vec::with_capacity(n);
                        for j in 0..n {
                            let i = (start + j) % n;
                            ks.push(mm.keys[i].clone());
                            vs.push(mm.vals[i].clone());
                        }
                        V::Tuple(vec![slice_of(ks), slice_of(vs)].into())
                    }
                    _ => V::Tuple(vec![V::Nil, V::Nil].into()),
                };
                set!(d, v);
                self.ps += cost::MAP;
            }
            I::StrNext(d_rune, d_width, s, i) => {
                let s = as_str(g!(s));
                let i = as_int(g!(i)) as usize;
                let (c, w) = match s.get(i..).and_then(|t| t.chars().next()) {
                    Some(c) => (c as i64, c.len_utf8()),
                    None => (0xFFFD, 1),
                };
                set!(d_rune, V::Int(c));
                set!(d_width, V::Int(w as i64));
                self.ps += cost::ALU * 3;
            }
            I::StackAddr(d, slot) => {
                // SP of the physical frame, then its spill area, then the locals of an
                // inlined callee, then the frame's own locals.
                let f = &prog.funcs[fr.func as usize];
                let slot_off = f.slot_off.get(*slot as usize).copied().unwrap_or(0) as u64;
                let phys = fr.phys;
                let own_used = fr.used_below;
                let (pfunc, pused, off) = match phys {
                    Some(p) => {
                        let pf = &self.frames[p];
                        let pfn = &prog.funcs[pf.func as usize];
                        (pfn, pf.used_below, pfn.spill + slot_off)
                    }
                    None => (f, own_used, f.spill + f.inline_area + slot_off),
                };
                let hi = cx.stack_lo + cx.stack_size;
                let sp = hi - (cx.stack_base + pused + pfunc.frame);
                let fr = self.frames.last_mut().unwrap();
                fr.regs[*d as usize] = V::Int((sp + off) as i64);
                self.ps += cost::ALU;
            }
            I::GlobalPtr(d, i) => {
                let p = V::Ptr(Ptr::Cell(self.globals[*i as usize].clone()));
                let fr = self.frames.last_mut().unwrap();
                fr.regs[*d as usize] = p;
            }
            I::NilToZero(d, z) => {
                let fr = self.frames.last_mut().unwrap();
                if matches!(fr.regs[*d as usize], V::Nil) {
                    fr.regs[*d as usize] = z.clone();
                }
            }
            I::Trap(msg) => return err(msg.to_string()),
            I::Nop => {}
        }
        Ok(())
    }
}

/// A 64-bit integer operation written straight into a register: only the payload is stored when the
/// register already holds an int or a bool (the tight loop's case). Building the value
/// whole and copying it in made every iteration wait on a store-to-load forward of the
/// 16-byte temporary (`perf annotate` of `bench/go/loop.go`). `false`: not an int64 op.
#[inline(always)]
fn int64_into(op: BinOp, x: i64, y: i64, slot: &mut V) -> bool {
    let k = match op {
        BinOp::Add => x.wrapping_add(y),
        BinOp::Sub => x.wrapping_sub(y),
        BinOp::Mul => x.wrapping_mul(y),
        BinOp::And => x & y,
        BinOp::Or => x | y,
        BinOp::Xor => x ^ y,
        BinOp::AndNot => x & !y,
        // Division by zero and negative shift counts panic: the slow path says so.
        // Go's MinInt64 / -1 is MinInt64 and its remainder 0, as wrapping_* gives.
        BinOp::Div if y != 0 => x.wrapping_div(y),
        BinOp::Rem if y != 0 => x.wrapping_rem(y),
        BinOp::Shl if y >= 0 => {
            if y >= 64 {
                0
            } else {
                x << y
            }
        }
        BinOp::Shr if y >= 0 => x >> y.min(63),
        BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Eq | BinOp::Ne => {
            let b = int_cmp(op, x, y);
            if let V::Bool(old) = slot {
                *old = b;
            } else {
                put(slot, V::Bool(b));
            }
            return true;
        }
        _ => return false,
    };
    put_int(slot, k);
    true
}

/// Stores an int into a register, writing only the payload when it holds an int.
#[inline(always)]
fn put_int(slot: &mut V, k: i64) {
    if let V::Int(old) = slot {
        *old = k;
    } else {
        put(slot, V::Int(k));
    }
}

#[inline(always)]
fn int_cmp(op: BinOp, x: i64, y: i64) -> bool {
    match op {
        BinOp::Lt => x < y,
        BinOp::Le => x <= y,
        BinOp::Gt => x > y,
        BinOp::Ge => x >= y,
        BinOp::Eq => x == y,
        _ => x != y,
    }
}

/// Stores a scalar into a register: when the old value owns nothing (a scalar or
/// nil), it is overwritten without running its destructor.
#[inline(always)]
fn put(slot: &mut V, v: V) {
    if matches!(slot, V::Int(_) | V::Bool(_) | V::Float(_) | V::Nil) {
        // Safety: those variants own no heap data, so skipping their drop leaks nothing.
        unsafe { std::ptr::write(slot, v) }
    } else {
        *slot = v;
    }
}

pub const NIL_DEREF: &str = "runtime error: invalid memory address or nil pointer dereference";

/// `panicIndex`'s text (`runtime/error.go: boundsError`): a negative index is shown
/// without the length.
fn index_err(i: i64, n: usize) -> String {
    if i < 0 {
        format!("runtime error: index out of range [{i}]")
    } else {
        format!("runtime error: index out of range [{i}] with length {n}")
    }
}

/// The checks gc emits for `x[lo:hi]` and `x[lo:hi:max]`, in its order (the last index
/// against the capacity, then each index against the next), with `boundsError`'s
/// texts; `what` is "length" for strings and arrays, "capacity" for slices. A negative
/// index fails the unsigned comparison that finds it and is shown without the bound.
fn slice_bounds(lo: i64, hi: i64, max: Option<i64>, cap: usize, what: &str) -> Result<(), String> {
    let over = |x: i64, y: i64| x < 0 || x > y;
    let e = |s: String| Err(format!("runtime error: slice bounds out of range {s}"));
    let cap = cap as i64;
    match max {
        Some(max) => {
            if over(max, cap) {
                return e(if max < 0 {
                    format!("[::{max}]")
                } else {
                    format!("[::{max}] with {what} {cap}")
                });
            }
            if over(hi, max) {
                return e(if hi < 0 {
                    format!("[:{hi}:]")
                } else {
                    format!("[:{hi}:{max}]")
                });
            }
            if over(lo, hi) {
                return e(if lo < 0 {
                    format!("[{lo}::]")
                } else {
                    format!("[{lo}:{hi}:]")
                });
            }
        }
        None => {
            if over(hi, cap) {
                return e(if hi < 0 {
                    format!("[:{hi}]")
                } else {
                    format!("[:{hi}] with {what} {cap}")
                });
            }
            if over(lo, hi) {
                return e(if lo < 0 {
                    format!("[{lo}:]")
                } else {
                    format!("[{lo}:{hi}]")
                });
            }
        }
    }
    Ok(())
}

pub fn slice_of(v: Vec<V>) -> V {
    let n = v.len();
    V::Slice(Box::new(Slice {
        arr: Arr::new(v),
        off: 0,
        len: n,
        cap: n,
    }))
}

pub fn slice_vals(v: &V) -> Vec<V> {
    match v {
        V::Slice(s) => s.arr.range(s.off, s.off + s.len),
        V::Agg(xs) => xs.to_vec(),
        _ => vec![],
    }
}

/// What a frame with these registers costs the host, about.
fn frame_host_bytes(regs: &[V]) -> usize {
    std::mem::size_of::<Frame>() + std::mem::size_of_val(regs)
}

/// The most elements a slice may have, and bytes a string (the host's memory is the
/// explorer's; Go's limit is the machine's).
pub const MAX_ELEMS: usize = 1 << 26;
pub const MAX_STR: usize = 1 << 26;

/// The malloc size classes (`internal/runtime/gc/sizeclasses.go`: `SizeClassToSize`),
/// in bytes: a small allocation takes the smallest class that holds it.
const SIZE_CLASSES: [u32; 68] = [
    0, 8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256, 288, 320,
    352, 384, 416, 448, 480, 512, 576, 640, 704, 768, 896, 1024, 1152, 1280, 1408, 1536, 1792,
    2048, 2304, 2688, 3072, 3200, 3456, 4096, 4864, 5376, 6144, 6528, 6784, 6912, 8192, 9472, 9728,
    10240, 10880, 12288, 13568, 14336, 16384, 18432, 19072, 20480, 21760, 24576, 27264, 28672,
    32768,
];

/// `msize.go: roundupsize`: the bytes an allocation of `size` really gets. An object
/// with pointers over 512 bytes (`MinSizeForMallocHeader`) carries an 8-byte header
/// in its span, which the caller does not see; large objects take whole 8 KiB pages.
pub fn roundupsize(size: u64, noscan: bool) -> u64 {
    const MAX_SMALL: u64 = 32768;
    const HEADER: u64 = 8;
    if size <= MAX_SMALL - HEADER {
        let req = if !noscan && size > 512 {
            size + HEADER
        } else {
            size
        };
        let class = SIZE_CLASSES
            .iter()
            .map(|&c| c as u64)
            .find(|&c| c >= req)
            .unwrap_or(MAX_SMALL);
        return class - (req - size);
    }
    const PAGE: u64 = 8192;
    size.checked_add(PAGE - 1).map_or(size, |s| s & !(PAGE - 1))
}

/// `slice.go: nextslicecap` then `growslice`'s rounding to the size class: the new
/// capacity for `need` elements of `esize` bytes (`noscan`: no pointers in them).
pub fn growslice_cap(need: usize, old_cap: usize, esize: u64, noscan: bool) -> usize {
    let mut newcap = old_cap;
    let double = newcap + newcap;
    if need > double {
        newcap = need;
    } else if old_cap < 256 {
        newcap = double;
    } else {
        while newcap < need {
            newcap += (newcap + 3 * 256) >> 2;
        }
    }
    if esize == 0 {
        return need;
    }
    let mem = roundupsize(newcap as u64 * esize, noscan);
    (mem / esize) as usize
}

/// The zero value of `v`'s type, read from its shape (values are always of their
/// type's shape: an int is never nil, a struct is its fields).
fn zero_like(v: &V) -> V {
    match v {
        V::Bool(_) => V::Bool(false),
        V::Int(_) => V::Int(0),
        V::Float(_) => V::Float(0.0),
        V::Str(_) => V::Str(Arc::from("")),
        V::Agg(xs) => V::Agg(xs.iter().map(zero_like).collect()),
        _ => V::Nil,
    }
}

/// An `append`'s element type as the instruction carries it: its size in bytes, the
/// top bit set when it holds pointers (`growslice`'s `noscan` is its absence).
pub const ELEM_HAS_PTRS: u32 = 1 << 31;

/// `append`: in place while capacity lasts, else a new array of `growslice`'s capacity.
fn append(s: &V, add: Vec<V>, elem: u32, ps: &mut u64) -> Result<V, String> {
    let (arr, off, len, cap) = match s {
        V::Slice(sl) => (Some(sl.arr.clone()), sl.off, sl.len, sl.cap),
        _ => (None, 0, 0, 0),
    };
    let need = len + add.len();
    if need > MAX_ELEMS {
        // (Go would run out of memory first, or wrap the length.)
        return Err(format!(
            "runtime error: growslice: len out of range (the explorer's limit is 2^26 elements, this append needs {need})"
        ));
    }
    *ps += cost::APPEND + cost::MEM * add.len() as u64;
    if add.is_empty() {
        return Ok(s.clone());
    }
    if let Some(arr) = &arr {
        if need <= cap {
            arr.with(|a| {
                for (i, v) in add.into_iter().enumerate() {
                    a[off + len + i] = v;
                }
            });
            return Ok(V::Slice(Box::new(Slice {
                arr: arr.clone(),
                off,
                len: need,
                cap,
            })));
        }
    }
    let esize = (elem & !ELEM_HAS_PTRS) as u64;
    let newcap = growslice_cap(need, cap, esize, elem & ELEM_HAS_PTRS == 0);
    let mut v: Vec<V> = match &arr {
        Some(a) => a.range(off, off + len),
        None => Vec::new(),
    };
    let newcap = newcap.min(MAX_ELEMS).max(need);
    // The elements past the length are the element type's zero value: a later
    // `s[:cap(s)]` reads them (the zero of a scalar is not nil).
    let zero = add.first().map_or(V::Nil, zero_like);
    v.extend(add);
    v.resize(newcap, zero);
    *ps += cost::ALLOC + newcap as u64 * 50;
    Ok(V::Slice(Box::new(Slice {
        arr: Arr::new(v),
        off: 0,
        len: need,
        cap: newcap,
    })))
}

/// How deep the VM looks for a method promoted through embedded fields.
const PROMOTE_DEPTH: u32 = 8;

impl Prog {
    /// Is method `m` (of signature `sig`; 0: any) in the method set of `t` (its own, a
    /// pointer type's, or promoted)?
    pub fn has_method(&self, t: TyId, m: &Arc<str>, sig: TyId) -> bool {
        self.own_method(t, m, sig)
            .is_some_and(|ptr| !ptr || matches!(self.types.get(t), Ty::Ptr(_)))
            || self.promotes(t, m, sig, PROMOTE_DEPTH)
    }

    /// `t`'s own method `m` of signature `sig` (0: any): whether its receiver is a pointer.
    fn own_method(&self, t: TyId, m: &Arc<str>, sig: TyId) -> Option<bool> {
        let &(f, ptr) = self.methods.get(&(t, m.clone()))?;
        let fs = self.funcs.get(f as usize).map_or(0, |f| f.sig);
        (sig == 0 || fs == 0 || fs == sig).then_some(ptr)
    }

    /// Is method `m` in the method set of `t` with the signature fmt calls it by
    /// (`Error() string`, `String() string`)?
    pub fn implements_method(&self, t: TyId, m: &Arc<str>) -> bool {
        self.has_method(t, m, self.types.string_method)
    }

    /// A failed `x.(T)`'s panic (`runtime/error.go: TypeAssertionError.Error`): the
    /// static interface type is named for a concrete `T` ("interface" for an interface
    /// `T`), and an interface `T` names the first method (by name) the value lacks.
    pub fn assert_err(&self, v: &V, t: TyId, static_ty: TyId) -> String {
        let want = self.types.name(t);
        let to_iface = matches!(self.types.under(t), Ty::Iface(_));
        let inter = if to_iface || static_ty == 0 {
            "interface".to_string()
        } else {
            self.types.name(static_ty)
        };
        let V::Iface(b) = v else {
            return format!("interface conversion: {inter} is nil, not {want}");
        };
        let have = self.types.name(b.0);
        if let Ty::Iface(ms) = self.types.under(t) {
            let mut ms: Vec<&(Arc<str>, TyId)> = ms.iter().collect();
            ms.sort_by(|a, b| a.0.cmp(&b.0));
            if let Some((m, _)) = ms.iter().find(|(m, sig)| !self.has_method(b.0, m, *sig)) {
                return format!("interface conversion: {have} is not {want}: missing method {m}");
            }
        }
        format!("interface conversion: {inter} is {have}, not {want}")
    }

    /// Does dynamic type `t` have every method of interface `iface`?
    pub fn implements(&self, t: TyId, iface: TyId) -> bool {
        if t == crate::types::RUNTIME_ERROR {
            // The VM's own errors have Error (and runtime.Error's RuntimeError).
            return match self.types.under(iface) {
                Ty::Iface(ms) => ms
                    .iter()
                    .all(|(m, _)| matches!(&**m, "Error" | "RuntimeError")),
                _ => false,
            };
        }
        match self.types.under(iface) {
            Ty::Iface(ms) => ms.iter().all(|(m, sig)| self.has_method(t, m, *sig)),
            _ => false,
        }
    }

    /// Does a struct type `t` (or `*t`) get method `m` from an embedded field?
    fn promotes(&self, t: TyId, m: &Arc<str>, sig: TyId, depth: u32) -> bool {
        if depth == 0 {
            return false;
        }
        let st = match self.types.under(t) {
            Ty::Ptr(e) => *e,
            _ => t,
        };
        let Ty::Struct(fields) = self.types.under(st) else {
            return false;
        };
        fields.iter().filter(|f| f.2).any(|(_, ft, _)| {
            self.own_method(*ft, m, sig).is_some()
                || matches!(self.types.under(*ft), Ty::Iface(ms)
                    if ms.iter().any(|(n, s)| n == m && (sig == 0 || *s == sig)))
                || self.promotes(*ft, m, sig, depth - 1)
        })
    }

    /// Method `m` of value `v` of dynamic type `t`: its own, or the shallowest one an
    /// embedded field (a struct, a pointer, an interface) promotes. Gives the function
    /// and the receiver to pass it.
    pub fn method(&self, t: TyId, v: &V, m: &Arc<str>) -> Option<(FuncId, V)> {
        (0..=PROMOTE_DEPTH).find_map(|d| self.method_at(t, v, None, m, d))
    }

    /// [`Prog::method`] at exactly `depth` embeddings; `addr` is where `v` lives, if
    /// known (a pointer-receiver method of an embedded value gets the field's address).
    fn method_at(
        &self,
        t: TyId,
        v: &V,
        addr: Option<Ptr>,
        m: &Arc<str>,
        depth: u32,
    ) -> Option<(FuncId, V)> {
        let (t, v, addr) = match (self.types.get(t), v) {
            (Ty::Ptr(e), V::Ptr(p)) => {
                if depth == 0 {
                    if let Some(&(f, ptr)) = self.methods.get(&(t, m.clone())) {
                        return Some((f, if ptr { v.clone() } else { load(p) }));
                    }
                }
                (*e, load(p), Some(p.clone()))
            }
            (Ty::Ptr(_), _) => return None,
            _ => (t, v.clone(), addr),
        };
        if depth == 0 {
            let &(f, ptr) = self.methods.get(&(t, m.clone()))?;
            let recv = match (ptr, addr) {
                (true, Some(p)) => V::Ptr(p),
                (true, None) => V::Ptr(Ptr::Cell(Arc::new(Mutex::new(v)))),
                (false, _) => v,
            };
            return Some((f, recv));
        }
        let Ty::Struct(fields) = self.types.under(t) else {
            return None;
        };
        let V::Agg(xs) = &v else { return None };
        fields
            .iter()
            .enumerate()
            .filter(|(_, f)| f.2)
            .find_map(|(i, (_, ft, _))| {
                let fv = xs.get(i)?;
                match (self.types.under(*ft), fv) {
                    (Ty::Iface(_), V::Iface(b)) => self.method_at(b.0, &b.1, None, m, depth - 1),
                    (Ty::Iface(_), _) => None,
                    _ => {
                        let fa = addr.clone().map(|p| Ptr::Sub(Arc::new(p), i as u32));
                        self.method_at(*ft, fv, fa, m, depth - 1)
                    }
                }
            })
    }
}

impl GCode for Gor {
    fn resume(&mut self, cx: &mut Cx<'_>) -> Yield {
        if let Some((map, n)) = self.sel_map.take() {
            if let Some(i) = cx.selected {
                cx.selected = Some(map.get(i).copied().unwrap_or(n));
            }
        }
        self.goid = cx.goid;
        let before = self.ps;
        let y = self.run(cx);
        // Charge whole ns; keep the remainder for next time.
        let spent = self.ps - before + self.carry_ps;
        cx.used_ns = spent / 1000;
        self.carry_ps = spent % 1000;
        cx.alloc_bytes = std::mem::take(&mut self.alloc);
        y
    }
    fn clone_code(&self, f: &mut gmp_core::fork::Forker) -> Box<dyn GCode> {
        self.fork(f)
    }
    fn host_bytes(&self) -> usize {
        self.frame_bytes
    }
    fn stack_used(&self) -> u64 {
        self.used
    }
    fn traceback(&self) -> Vec<(String, String)> {
        self.where_()
    }
    fn depth(&self) -> usize {
        self.frames.len()
    }
    fn label(&self) -> Option<Arc<str>> {
        self.label.clone()
    }
    fn line(&self) -> u32 {
        // The innermost frame of the program's own code: a G inside fmt.Println or
        // wg.Wait (the explorer's std, written in Go) is at the line that called it.
        self.frames
            .iter()
            .rev()
            .find(|fr| self.prog.funcs[fr.func as usize].name.starts_with("main."))
            .or(self.frames.last())
            .map(|fr| {
                let f = &self.prog.funcs[fr.func as usize];
                // Stopped at a taken branch: at its target, the next line it runs.
                let top = std::ptr::eq(fr, self.frames.last().unwrap_or(fr));
                if self.at_branch && top {
                    if let Some(&l) = f.lines.get(fr.pc).filter(|&&l| l > 0) {
                        return l;
                    }
                }
                match f.lines.get(fr.pc.saturating_sub(1)).copied().unwrap_or(0) {
                    // Not started yet (or an instruction without a line): the next
                    // line it will run.
                    0 => f.lines[fr.pc.min(f.lines.len())..]
                        .iter()
                        .copied()
                        .find(|&l| l > 0)
                        .unwrap_or(0),
                    l => l,
                }
            })
            .unwrap_or(0)
    }
}

/// CPU a `String`/`Error` method run by [`Gor::call_sync`] may use (1 ms).
pub const SYNC_BUDGET_NS: u64 = 1_000_000;
/// How deep `String`/`Error` methods run by [`Gor::call_sync`] may nest.
pub const SYNC_DEPTH: u32 = 32;

impl Gor {
    /// Runs method `f` on `recv` to completion inside this goroutine (a `String()` or
    /// `Error()` that fmt calls). It may not block: if it tries, the text says so. It
    /// runs on the host's stack within one resume, so it is bounded: at most
    /// [`SYNC_BUDGET_NS`] of CPU (a `String` that loops forever would hang the host) and
    /// [`SYNC_DEPTH`] nested calls (a `String` that formats its own receiver recurses
    /// until Go's stack overflows, and would overflow the host's first).
    fn call_sync(&mut self, f: FuncId, recv: V, cx: &mut Cx<'_>) -> String {
        if self.sync_depth >= SYNC_DEPTH {
            return format!(
                "%!v(PANIC=String method: the explorer nests String/Error calls at most {SYNC_DEPTH} deep)"
            );
        }
        let mut g = Gor::new(
            self.prog.clone(),
            self.chans.clone(),
            self.globals.clone(),
            f,
            vec![recv],
            &[],
        );
        g.goid = self.goid;
        g.sync_depth = self.sync_depth + 1;
        let budget = cx.budget_ns;
        cx.budget_ns = SYNC_BUDGET_NS;
        let y = g.run(cx);
        cx.budget_ns = budget;
        self.ps += g.ps;
        match y {
            Yield::Return => match g.result.first() {
                Some(V::Str(s)) => s.to_string(),
                _ => String::new(),
            },
            Yield::Budget => {
                "%!v(PANIC=String method: the explorer runs String/Error methods for at most 1ms of CPU)"
                    .into()
            }
            _ => {
                "%!v(PANIC=String method: the explorer runs String/Error methods without blocking)"
                    .into()
            }
        }
    }

    /// The text of a value's `Error()` or `String()` method, if its type has one.
    fn method_text(&mut self, v: &V, cx: &mut Cx<'_>) -> Option<String> {
        let V::Iface(b) = v else { return None };
        if b.0 == crate::types::RUNTIME_ERROR {
            return None;
        }
        if self.prog.types.name(b.0) == "time.Duration" {
            return Some(gofmt::duration(as_int(&b.1)));
        }
        let (f, recv) = self.fmt_method(b.0, &b.1)?;
        Some(self.call_sync(f, recv, cx))
    }

    fn fmt_args(&mut self, v: &V, cx: &mut Cx<'_>) -> Vec<gofmt::Arg> {
        slice_vals(v)
            .into_iter()
            .map(|x| {
                let method_text = self.method_text(&x, cx);
                match x {
                    V::Iface(ref b) => {
                        let shown = match method_text {
                            Some(_) => None,
                            None => self.shown(b.0, &b.1, 0, cx),
                        };
                        gofmt::Arg {
                            ty: b.0,
                            v: b.1.clone(),
                            method_text,
                            shown,
                        }
                    }
                    other => gofmt::Arg {
                        ty: 0,
                        v: other,
                        method_text,
                        shown: None,
                    },
                }
            })
            .collect()
    }

    /// The `Error()`/`String()` method a value of type `t` has in its method set (a
    /// pointer-receiver method only for a pointer type), as fmt's `handleMethods` finds it.
    fn fmt_method(&self, t: TyId, v: &V) -> Option<(FuncId, V)> {
        if t == crate::types::RUNTIME_ERROR || t == crate::types::NIL_TYPE {
            return None;
        }
        for m in ["Error", "String"] {
            let m: Arc<str> = Arc::from(m);
            if !self.prog.implements_method(t, &m) {
                continue;
            }
            if let Some(found) = self.prog.method(t, v, &m) {
                return Some(found);
            }
        }
        None
    }

    /// `v` (of type `t`) as `%v` prints it below the top level: fmt's `printValue` calls
    /// `Error()`/`String()` on every element, map key and value and exported field that
    /// has one (`depth > 0 && CanInterface()`), so those are replaced by their text (a
    /// value of the VM's text type). `None` when nothing below has such a method.
    fn shown(&mut self, t: TyId, v: &V, depth: u32, cx: &mut Cx<'_>) -> Option<V> {
        if depth > 8 {
            return None;
        }
        if depth > 0 {
            if let V::Iface(b) = v {
                return self.shown(b.0, &b.1, depth, cx);
            }
            if !matches!(v, V::Nil) || matches!(self.prog.types.get(t), Ty::Ptr(_)) {
                if let Some((f, recv)) = self.fmt_method(t, v) {
                    let text = self.call_sync(f, recv, cx);
                    return Some(V::Iface(Arc::new((
                        crate::types::FORMATTED,
                        V::Str(Arc::from(text)),
                    ))));
                }
            }
        }
        let under = self.prog.types.under(t).clone();
        match (&under, v) {
            (Ty::Slice(e), V::Slice(_)) | (Ty::Array(_, e), V::Agg(_)) => {
                let xs = slice_vals(v);
                let mut out: Option<Vec<V>> = None;
                for (i, x) in xs.iter().enumerate() {
                    if let Some(nx) = self.shown(*e, x, depth + 1, cx) {
                        out.get_or_insert_with(|| xs.clone())[i] = nx;
                    }
                }
                let out = out?;
                Some(match v {
                    V::Agg(_) => V::Agg(out.into_boxed_slice()),
                    _ => slice_of(out),
                })
            }
            (Ty::Struct(fs), V::Agg(xs)) => {
                let mut out: Option<Vec<V>> = None;
                for (i, (name, ft, _)) in fs.iter().enumerate() {
                    // An unexported field cannot be interfaced: no methods below it.
                    if !name.starts_with(|c: char| c.is_uppercase()) {
                        continue;
                    }
                    let Some(x) = xs.get(i) else { continue };
                    if let Some(nx) = self.shown(*ft, x, depth + 1, cx) {
                        out.get_or_insert_with(|| xs.to_vec())[i] = nx;
                    }
                }
                Some(V::Agg(out?.into_boxed_slice()))
            }
            (Ty::Map(kt, et), V::Map(m)) => {
                let (keys, vals) = {
                    let m = lock(m);
                    (m.keys.clone(), m.vals.clone())
                };
                let mut changed = false;
                let mut nm = MapObj::default();
                for (k, x) in keys.into_iter().zip(vals) {
                    let nk = self.shown(*kt, &k, depth + 1, cx);
                    let nx = self.shown(*et, &x, depth + 1, cx);
                    changed |= nk.is_some() || nx.is_some();
                    // Keys keep their own order (fmt sorts by the key, not its text).
                    nm.keys.push(nk.unwrap_or(k));
                    nm.vals.push(nx.unwrap_or(x));
                }
                changed.then(|| V::Map(Arc::new(Mutex::new(nm))))
            }
            (Ty::Ptr(e), V::Ptr(p)) if depth == 0 => {
                let inner = load(p);
                let ni = self.shown(*e, &inner, depth + 1, cx)?;
                Some(V::Ptr(Ptr::Cell(Arc::new(Mutex::new(ni)))))
            }
            _ => None,
        }
    }

    /// The text of a fmt call: `Print`/`Sprint`, `Println`/`Sprintln`, or a format.
    fn fmt_text(&mut self, n: Native, a: &[V], cx: &mut Cx<'_>) -> String {
        use Native::*;
        match n {
            Print | Sprint => {
                let args = self.fmt_args(&a[0], cx);
                gofmt::sprint(&args, &self.prog.types)
            }
            Println | Sprintln => {
                let args = self.fmt_args(&a[0], cx);
                gofmt::sprintln(&args, &self.prog.types)
            }
            _ => {
                let args = self.fmt_args(&a[1], cx);
                let format = match a.first() {
                    Some(V::Str(f)) => f.clone(),
                    _ => Arc::from(""),
                };
                gofmt::sprintf_w(&format, &args, &self.prog.types, n == Errorf)
            }
        }
    }

    fn set_results(&mut self, dst: Reg, vals: impl IntoIterator<Item = V>) {
        let fr = self.frames.last_mut().unwrap();
        for (i, v) in vals.into_iter().enumerate() {
            if let Some(slot) = fr.regs.get_mut(dst as usize + i) {
                *slot = v;
            }
        }
    }

    /// A sync object's runtime id, made on first use (`sync.Mutex`'s zero value works).
    fn obj_id(&mut self, p: &V, make: impl FnOnce() -> u32) -> Result<u32, Stop> {
        let V::Ptr(p) = p else {
            return Err(Stop::Err(RtErr(NIL_DEREF.into())));
        };
        Ok(with_mut(p, |v| match v {
            V::Agg(xs) => match xs.first() {
                Some(V::Int(id)) if *id > 0 => (*id - 1) as u32,
                _ => {
                    let id = make();
                    xs[0] = V::Int(id as i64 + 1);
                    id
                }
            },
            _ => make(),
        }))
    }

    fn native(
        &mut self,
        n: Native,
        a: Vec<V>,
        dst: Reg,
        _nret: u32,
        cx: &mut Cx<'_>,
    ) -> Result<(), Stop> {
        use Native::*;
        let y = |op: Op| Err(Stop::Yield(Yield::Op(op)));
        let s = |i: usize| as_str(a.get(i).unwrap_or(&V::Nil));
        let int = |i: usize| as_int(a.get(i).unwrap_or(&V::Nil));
        let nil_err = V::Nil;
        self.ps += cost::CALL;
        match n {
            Println | Print | Printf => {
                let text = self.fmt_text(n, &a, cx);
                self.ps += cost::FMT;
                let len = text.len() as i64;
                self.set_results(dst, [V::Int(len), nil_err]);
                y(Op::Write { fd: 1, text })
            }
            Sprintf | Sprint | Sprintln | Errorf => {
                let text = self.fmt_text(n, &a, cx);
                self.ps += cost::FMT;
                self.set_results(dst, [V::Str(Arc::from(text))]);
                Ok(())
            }
            BuiltinPrint | BuiltinPrintln => {
                let parts: Vec<String> = a
                    .iter()
                    .map(|v| gofmt::plain(v, &self.prog.types))
                    .collect();
                let text = if n == BuiltinPrintln {
                    format!("{}\n", parts.join(" "))
                } else {
                    parts.concat()
                };
                y(Op::Write { fd: 2, text })
            }
            Gosched => y(Op::Gosched),
            Gomaxprocs => {
                let want = int(0);
                if want <= 0 {
                    self.set_results(dst, [V::Int(cx.host.gomaxprocs() as i64)]);
                    return Ok(());
                }
                self.pending = Pending::Procs {
                    dst,
                    prev: cx.host.gomaxprocs() as i64,
                };
                y(Op::SetMaxProcs(want.min(1024) as u32))
            }
            NumGoroutine => {
                self.set_results(dst, [V::Int(cx.host.num_goroutine() as i64)]);
                Ok(())
            }
            NumCpu => {
                self.set_results(dst, [V::Int(cx.host.ncpu() as i64)]);
                Ok(())
            }
            Gc => y(Op::Gc),
            LockOSThread | UnlockOSThread => Ok(()),
            Stack => {
                let text = format!("goroutine {} [running]:\n", cx.goid);
                if let Some(V::Slice(sl)) = a.first() {
                    let n = text.len().min(sl.len);
                    sl.arr.with(|arr| {
                        for (i, b) in text.bytes().take(n).enumerate() {
                            arr[sl.off + i] = V::Int(b as i64);
                        }
                    });
                    self.set_results(dst, [V::Int(n as i64)]);
                }
                Ok(())
            }
            WgAdd | WgDone | WgWait => {
                let id = self.obj_id(&a[0], || cx.host.new_waitgroup())?;
                match n {
                    WgAdd => y(Op::WgAdd(id, int(1))),
                    WgDone => y(Op::WgDone(id)),
                    _ => y(Op::WgWait(id)),
                }
            }
            MutexLock | MutexUnlock => {
                let id = self.obj_id(&a[0], || cx.host.new_mutex())?;
                if n == MutexLock {
                    self.pending = Pending::Lock(id);
                    y(Op::Lock(id))
                } else {
                    y(Op::Unlock(id))
                }
            }
            Sleep => {
                let d = int(0);
                if d <= 0 {
                    return Ok(());
                }
                // At most 2^60 ns (36 years): the core adds it to the clock.
                y(Op::Sleep(d.min(1 << 60) as u64))
            }
            Nanotime => {
                self.ps += cost::CLOCK;
                self.set_results(dst, [V::Int(cx.now)]);
                Ok(())
            }
            Now => {
                self.set_results(dst, [V::Agg(vec![V::Int(cx.now)].into())]);
                Ok(())
            }
            DurationString => {
                self.set_results(dst, [V::Str(Arc::from(gofmt::duration(int(0))))]);
                Ok(())
            }
            Exit => y(Op::Exit(int(0) as i32)),
            Repeat => {
                if int(1) < 0 {
                    return Err(Stop::Err(RtErr("strings: negative Repeat count".into())));
                }
                let r = s(0).repeat((int(1) as usize).min(1 << 24));
                self.ps += cost::STR;
                self.set_results(dst, [V::Str(Arc::from(r))]);
                Ok(())
            }
            Join => {
                let parts: Vec<String> = slice_vals(&a[0])
                    .iter()
                    .map(|v| as_str(v).to_string())
                    .collect();
                self.set_results(dst, [V::Str(Arc::from(parts.join(&*s(1))))]);
                Ok(())
            }
            Contains | HasPrefix | HasSuffix => {
                let (x, p) = (s(0), s(1));
                let r = match n {
                    Contains => x.contains(&*p),
                    HasPrefix => x.starts_with(&*p),
                    _ => x.ends_with(&*p),
                };
                self.set_results(dst, [V::Bool(r)]);
                Ok(())
            }
            ToUpper | ToLower | TrimSpace => {
                let x = s(0);
                let r = match n {
                    ToUpper => x.to_uppercase(),
                    ToLower => x.to_lowercase(),
                    _ => x.trim().to_string(),
                };
                self.set_results(dst, [V::Str(Arc::from(r))]);
                Ok(())
            }
            Split => {
                let (x, sep) = (s(0), s(1));
                let parts: Vec<V> = if sep.is_empty() {
                    x.chars()
                        .map(|c| V::Str(Arc::from(c.to_string())))
                        .collect()
                } else {
                    x.split(&*sep).map(|p| V::Str(Arc::from(p))).collect()
                };
                self.set_results(dst, [slice_of(parts)]);
                Ok(())
            }
            Index => {
                let r = s(0).find(&*s(1)).map(|i| i as i64).unwrap_or(-1);
                self.set_results(dst, [V::Int(r)]);
                Ok(())
            }
            AtomicAdd | AtomicAdd32 | AtomicLoad | AtomicStore | AtomicSwap | AtomicCas => {
                // One step on the variable's cell, under its lock: indivisible under
                // real threads too.
                let V::Ptr(p) = &a[0] else {
                    return Err(Stop::Err(RtErr(NIL_DEREF.into())));
                };
                self.ps += cost::MEM * 4;
                let r = with_mut(p, |v| {
                    let cur = as_int(v);
                    match n {
                        AtomicAdd => {
                            *v = V::Int(cur.wrapping_add(int(1)));
                            as_int(v)
                        }
                        AtomicAdd32 => {
                            *v = V::Int((cur as i32).wrapping_add(int(1) as i32) as i64);
                            as_int(v)
                        }
                        AtomicLoad => cur,
                        AtomicStore => {
                            *v = V::Int(int(1));
                            0
                        }
                        AtomicSwap => {
                            *v = V::Int(int(1));
                            cur
                        }
                        _ => {
                            if cur == int(1) {
                                *v = V::Int(int(2));
                                1
                            } else {
                                0
                            }
                        }
                    }
                });
                let out = match n {
                    AtomicCas => V::Bool(r == 1),
                    _ => V::Int(r),
                };
                self.set_results(dst, [out]);
                Ok(())
            }
            RandInt63 => {
                let v = (cx.host.rand() >> 1) as i64;
                self.set_results(dst, [V::Int(v)]);
                Ok(())
            }
            MinFloat | MaxFloat => {
                // `min`/`max` (builtin.go): a NaN operand makes the result NaN; of -0
                // and +0, min is -0 and max +0.
                let (x, y) = (as_f(&a[0]), as_f(&a[1]));
                let r = if x.is_nan() || y.is_nan() {
                    f64::NAN
                } else if n == MinFloat {
                    if x < y || (x == y && x.is_sign_negative()) {
                        x
                    } else {
                        y
                    }
                } else if x > y || (x == y && x.is_sign_positive()) {
                    x
                } else {
                    y
                };
                self.set_results(dst, [V::Float(r)]);
                Ok(())
            }
            Clear => {
                match &a[0] {
                    V::Map(m) => {
                        let mut m = lock(m);
                        self.ps += cost::MAP * m.keys.len() as u64 / 8;
                        *m = MapObj::default();
                    }
                    V::Slice(sl) => {
                        let z = a.get(1).cloned().unwrap_or_default();
                        sl.arr.with(|xs| {
                            for x in &mut xs[sl.off..sl.off + sl.len] {
                                *x = z.clone();
                            }
                        });
                        self.ps += cost::MEM * sl.len as u64 / 8;
                    }
                    _ => {}
                }
                Ok(())
            }
            RandIntn => {
                let n = int(0);
                if n <= 0 {
                    return Err(Stop::Err(RtErr("invalid argument to Intn".into())));
                }
                let v = (cx.host.rand() % n as u64) as i64;
                self.set_results(dst, [V::Int(v)]);
                Ok(())
            }
            SysRead => y(Op::Syscall(int(0).clamp(0, 1 << 60) as u64)),
            NetRead => y(Op::NetRead(int(0).clamp(0, 1 << 60) as u64)),
            Accept => y(Op::Accept),
            SlowFile | SlowPeer => {
                // The structs of std/os.go (`os.File`) and std/net.go (`net.TCPConn`),
                // field by field.
                let d = V::Int(int(0).max(0));
                let fields = if n == SlowFile {
                    vec![V::Str(Arc::from("slow")), d, V::Bool(false), V::Bool(false)]
                } else {
                    vec![
                        d,
                        V::Bool(false),
                        V::Bool(false),
                        V::Bool(false),
                        V::Str(Arc::from("127.0.0.1:40000")),
                        V::Str(Arc::from("127.0.0.1:40001")),
                    ]
                };
                self.ps += cost::ALLOC;
                let p = V::Ptr(Ptr::Cell(Arc::new(Mutex::new(V::Agg(fields.into())))));
                self.set_results(dst, [p]);
                Ok(())
            }
            TakeRequests => {
                let r = cx.host.take_requests();
                self.set_results(dst, r.iter().map(|&n| V::Int(n as i64)));
                Ok(())
            }
            Itoa => {
                self.ps += cost::STR;
                self.set_results(dst, [V::Str(Arc::from(int(0).to_string()))]);
                Ok(())
            }
            Atoi => {
                let x = s(0);
                let r = match x.parse::<i64>() {
                    Ok(v) => vec![V::Int(v), V::Nil],
                    Err(e) => {
                        // Go's ParseInt: out of range gives the nearest int and says so.
                        use std::num::IntErrorKind::{NegOverflow, PosOverflow};
                        let (v, why) = match e.kind() {
                            PosOverflow => (i64::MAX, "value out of range"),
                            NegOverflow => (i64::MIN, "value out of range"),
                            _ => (0, "invalid syntax"),
                        };
                        vec![
                            V::Int(v),
                            V::Iface(Arc::new((
                                crate::types::RUNTIME_ERROR,
                                V::Str(Arc::from(format!(
                                    "strconv.Atoi: parsing {}: {why}",
                                    gofmt_quote(&x)
                                ))),
                            ))),
                        ]
                    }
                };
                self.set_results(dst, r);
                Ok(())
            }
        }
    }
}

fn gofmt_quote(s: &str) -> String {
    format!("{s:?}")
}
