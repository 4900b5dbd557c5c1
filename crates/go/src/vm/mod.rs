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
mod methods;
mod natives;
mod raw;
mod run;
mod slices;
mod step;

// The parts' items, for each other (`use super::*`) and, the public ones, for the crate.
#[allow(unused_imports)]
use methods::*;
pub use natives::*;
pub use raw::*;
use run::*;
pub use slices::*;
use step::*;

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
            Arr::Raw(_) => {}
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
        Ptr::Raw(..) => {}
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
    /// An element of a backing array of scalars ([`RawArr`]).
    Raw(RawRef, usize),
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
    /// Scalars held as their bytes (`raw.rs`).
    Raw(RawRef),
}

impl Arr {
    pub fn new(v: Vec<V>) -> Arr {
        Arr::Vec(Arc::new(Mutex::new(v)))
    }

    /// `f` on the elements `lo..hi` of the backing array, as values (a raw array's
    /// are decoded for `f` and written back after it: for the rare paths; the common
    /// ones take a raw array as it is).
    pub fn with_range<R>(&self, lo: usize, hi: usize, f: impl FnOnce(&mut [V]) -> R) -> R {
        match self {
            Arr::Vec(a) => {
                let mut a = lock(a);
                let hi = hi.min(a.len());
                f(&mut a[lo.min(hi)..hi])
            }
            Arr::Array(p) => with_mut(p, |v| match v {
                V::Agg(xs) => {
                    let hi = hi.min(xs.len());
                    f(&mut xs[lo.min(hi)..hi])
                }
                _ => f(&mut []),
            }),
            Arr::Raw(a) => {
                let mut a = lock(a);
                let mut vs = a.decode(lo, hi);
                let r = f(&mut vs);
                a.encode(lo, &vs);
                r
            }
        }
    }

    #[inline]
    pub fn get(&self, i: usize) -> V {
        match self {
            Arr::Vec(a) => lock(a).get(i).cloned().unwrap_or_default(),
            Arr::Raw(a) => lock(a).get(i),
            Arr::Array(_) => {
                self.with_range(i, i + 1, |xs| xs.first().cloned().unwrap_or_default())
            }
        }
    }

    #[inline]
    pub fn set(&self, i: usize, v: V) {
        match self {
            Arr::Vec(a) => {
                if let Some(slot) = lock(a).get_mut(i) {
                    *slot = v;
                }
            }
            Arr::Raw(a) => lock(a).set(i, &v),
            Arr::Array(_) => self.with_range(i, i + 1, |xs| {
                if let Some(slot) = xs.first_mut() {
                    *slot = v;
                }
            }),
        }
    }

    /// Elements `i..j` swapped (`reflectlite.Swapper`).
    pub fn swap(&self, i: usize, j: usize) {
        match self {
            Arr::Raw(a) => {
                let mut a = lock(a);
                let (x, y) = (a.get(i), a.get(j));
                a.set(i, &y);
                a.set(j, &x);
            }
            _ => {
                let (lo, hi) = (i.min(j), i.max(j));
                self.with_range(lo, hi + 1, |xs| {
                    if hi - lo < xs.len() {
                        xs.swap(0, hi - lo)
                    }
                })
            }
        }
    }

    /// Elements `lo..hi` = `z` (`clear`).
    pub fn fill(&self, lo: usize, hi: usize, z: &V) {
        match self {
            Arr::Raw(a) => {
                let mut a = lock(a);
                let hi = hi.min(a.len());
                if lo < hi {
                    a.span_mut(lo, hi).fill(0);
                }
            }
            _ => self.with_range(lo, hi, |xs| {
                for x in xs {
                    *x = z.clone();
                }
            }),
        }
    }

    /// A pointer to element `i`.
    pub fn elem(&self, i: usize) -> Ptr {
        match self {
            Arr::Vec(a) => Ptr::Elem(a.clone(), i),
            Arr::Array(p) => Ptr::Sub(p.clone(), i as u32),
            Arr::Raw(a) => Ptr::Raw(a.clone(), i),
        }
    }

    /// Elements `lo..hi`, copied.
    pub fn range(&self, lo: usize, hi: usize) -> Vec<V> {
        match self {
            Arr::Raw(a) => lock(a).decode(lo, hi),
            _ => self.with_range(lo, hi, |xs| xs.to_vec()),
        }
    }

    /// The address of the backing array (slices that share one compare equal here).
    pub fn addr(&self) -> usize {
        match self {
            Arr::Vec(a) => Arc::as_ptr(a) as *const u8 as usize,
            Arr::Array(p) => ptr_addr(p),
            Arr::Raw(a) => Arc::as_ptr(a) as *const u8 as usize,
        }
    }
}

#[derive(Debug)]
pub struct Closure {
    pub func: FuncId,
    pub caps: Box<[V]>,
}

/// A Go map: entries in insertion order with an index; iteration starts at a random
/// entry as Go's does (`mapiterinit` picks a random bucket and offset). The index holds
/// entry numbers only (4 bytes a slot), found by the hash of the entry's key.
#[derive(Debug, Default)]
pub struct MapObj {
    pub keys: Vec<V>,
    pub vals: Vec<V>,
    index: hashbrown::HashTable<u32>,
}

/// A fast hash of a map key (Go's maps are keyed by `memhash`/`strhash` with a
/// per-map seed; no caller sees this hash, only the entries' order, which is random).
#[inline]
fn key_hash(k: &MapKey) -> u64 {
    use std::hash::{Hash, Hasher};
    struct Fx(u64);
    impl Hasher for Fx {
        fn write(&mut self, bytes: &[u8]) {
            let mut chunks = bytes.chunks_exact(8);
            for c in &mut chunks {
                self.write_u64(u64::from_le_bytes(c.try_into().unwrap()));
            }
            let mut last = [0u8; 8];
            let rest = chunks.remainder();
            last[..rest.len()].copy_from_slice(rest);
            self.write_u64(u64::from_le_bytes(last) ^ rest.len() as u64);
        }
        fn write_u64(&mut self, x: u64) {
            self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
        fn write_u8(&mut self, x: u8) {
            self.write_u64(x as u64)
        }
        fn write_usize(&mut self, x: usize) {
            self.write_u64(x as u64)
        }
        fn write_i64(&mut self, x: i64) {
            self.write_u64(x as u64)
        }
        fn finish(&self) -> u64 {
            // murmur3's fmix64: every input bit reaches the top bits hashbrown uses.
            let mut h = self.0;
            h ^= h >> 33;
            h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
            h ^= h >> 33;
            h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
            h ^ (h >> 33)
        }
    }
    let mut h = Fx(0);
    k.hash(&mut h);
    h.finish()
}

/// `v`'s key is `k` (without building `v`'s key for the common kinds).
#[inline]
fn key_is(v: &V, k: &MapKey) -> bool {
    match (v, k) {
        (V::Int(a), MapKey::Int(b)) => a == b,
        (V::Str(a), MapKey::Str(b)) => a == b,
        (V::Bool(a), MapKey::Bool(b)) => a == b,
        (V::Float(a), MapKey::Float(b)) => !a.is_nan() && map_key(v) == MapKey::Float(*b),
        (V::Int(_) | V::Str(_) | V::Bool(_) | V::Float(_), _) => false,
        _ => map_key(v) == *k,
    }
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

#[inline]
pub fn map_key(v: &V) -> MapKey {
    match v {
        V::Nil => MapKey::Nil,
        V::Bool(b) => MapKey::Bool(*b),
        V::Int(i) => MapKey::Int(*i),
        // +0 and -0 are one key (`f64hash` hashes both as 0); a NaN is found by no
        // lookup (`key_is`), so each NaN assigned is a new entry, as in Go.
        V::Float(f) => MapKey::Float(if *f == 0.0 { 0 } else { f.to_bits() }),
        V::Str(s) => MapKey::Str(s.clone()),
        v => composite_key(v),
    }
}

#[cold]
fn composite_key(v: &V) -> MapKey {
    match v {
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
        Ptr::Raw(a, i) => Arc::as_ptr(a) as *const u8 as usize + i * lock(a).kind.width(),
    }
}

impl MapObj {
    /// A map of these entries (distinct keys).
    pub fn from_entries(keys: Vec<V>, vals: Vec<V>) -> MapObj {
        let mut m = MapObj {
            keys,
            vals,
            index: hashbrown::HashTable::new(),
        };
        let MapObj { keys, index, .. } = &mut m;
        index.reserve(keys.len(), |&i| key_hash(&map_key(&keys[i as usize])));
        for (i, k) in keys.iter().enumerate() {
            index.insert_unique(key_hash(&map_key(k)), i as u32, |_| unreachable!());
        }
        m
    }

    fn find(&self, mk: &MapKey) -> Option<usize> {
        let keys = &self.keys;
        self.index
            .find(key_hash(mk), |&i| key_is(&keys[i as usize], mk))
            .map(|&i| i as usize)
    }

    pub fn get(&self, k: &V) -> Option<&V> {
        self.find(&map_key(k)).map(|i| &self.vals[i])
    }

    pub fn set(&mut self, k: V, v: V) {
        let mk = map_key(&k);
        match self.find(&mk) {
            Some(i) => self.vals[i] = v,
            None => {
                let n = self.keys.len() as u32;
                let MapObj { keys, index, .. } = self;
                index.insert_unique(key_hash(&mk), n, |&i| key_hash(&map_key(&keys[i as usize])));
                self.keys.push(k);
                self.vals.push(v);
            }
        }
    }

    pub fn delete(&mut self, k: &V) {
        let mk = map_key(k);
        let keys = &self.keys;
        let Ok(e) = self
            .index
            .find_entry(key_hash(&mk), |&i| key_is(&keys[i as usize], &mk))
        else {
            return;
        };
        let (i, _) = e.remove();
        let i = i as usize;
        let last = self.keys.len() - 1;
        if i < last {
            // The last entry moves to `i`: its slot in the index says so.
            let lk = map_key(&self.keys[last]);
            if let Some(slot) = self.index.find_mut(key_hash(&lk), |&j| j as usize == last) {
                *slot = i as u32;
            }
        }
        self.keys.swap_remove(i);
        self.vals.swap_remove(i);
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
    /// `write(2)` of bytes to stdout or stderr (`os.File.Write`).
    SysWrite,
    /// A network read whose data arrives in the given ns: parks on the netpoller.
    NetRead,
    /// `net.TCPListener.Accept`: parks on the netpoller until a request is pending.
    Accept,
    /// `gmp/explorer`: a slow file, a slow peer, the pending requests.
    SlowFile,
    SlowPeer,
    TakeRequests,
    /// `math`: the bits of a float and back, and Sqrt (correctly rounded, as Go's
    /// SQRTSD; the other functions are Go, bit-exact with Go's on amd64).
    Float64bits,
    Float64frombits,
    Float32bits,
    Float32frombits,
    Sqrt,
    /// `strconv`: FormatFloat's decimal formats, and a decimal float's correctly
    /// rounded value.
    FormatFloat,
    ParseFloat,
    /// `sort.Slice`'s reflection: a slice's length, and swapping two of its elements.
    SliceLen,
    SliceSwap,
    /// `errors.As`'s reflection (storing an error where the target points if its
    /// type fits) and `errors.Is`'s (is a dynamic type comparable).
    ErrorsAssignTo,
    Comparable,
    /// `time.now`'s wall clock: Unix seconds and nanoseconds.
    Walltime,
    /// `unicode`: a rune's classes and cases (crate::unicode).
    IsLetter,
    IsDigit,
    IsNumber,
    IsUpper,
    IsLower,
    IsTitle,
    IsPunct,
    IsSpace,
    IsControl,
    IsGraphic,
    IsPrint,
    IsMark,
    IsSymbol,
    RuneToUpper,
    RuneToLower,
    RuneToTitle,
    SimpleFold,
    /// `time`'s runtime timers (`runtime/time.go`): a timer object (feeding a channel,
    /// or starting `f`), `timer.modify` (NewTimer, Reset) and `timer.stop`.
    TimerNew,
    TimerModify,
    TimerStop,
    /// `sync.Cond`'s `notifyList` (`runtime/sema.go`): a ticket, waiting for it,
    /// waking the oldest waiter or all.
    NotifyListAdd,
    NotifyListWait,
    NotifyListNotifyOne,
    NotifyListNotifyAll,
    /// `sync.RWMutex` on the runtime's object; TryLock of a Mutex and an RWMutex.
    RwLock,
    RwUnlock,
    RwRLock,
    RwRUnlock,
    MutexTryLock,
    RwTryLock,
    RwTryRLock,
    /// `runtime.Goexit`: run the deferred calls, then end the goroutine.
    Goexit,
    /// `sync.Pool`'s Get (without New) and Put: per-P caches and the victim cache,
    /// in one indivisible step each (Go's run pinned to the P).
    PoolGet,
    PoolPut,
    /// `sync.Map`: one operation (its number), and a copy of the entries for Range.
    MapOp,
    MapEntries,
    /// `atomic.AddUint32` (wrapping at 32 bits, unsigned).
    AtomicAddU32,
    /// Whether two interface values hold the same dynamic type (`atomic.Value`).
    SameType,
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
    /// A `uint64` (its bits held in an i64) to float64 / float32: 2^63 and over are
    /// positive.
    UintToFloat,
    UintToFloat32,
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
    /// `Lock` (and `RLock`) may have to be yielded again (`lockSlow` loops).
    Retry(Op),
    /// An op whose result the runtime hands back (a timer's Stop or Reset): a bool.
    Result(Reg),
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
    /// `runtime.Goexit` is running the deferred calls (`recover` returns nil).
    goexiting: bool,
    /// Where the current panic began: the frames its traceback shows.
    panic_where: Vec<(String, String)>,
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
    vals: Mutex<gmp_core::hash::IntMap<i64, V>>,
    /// `time.Local`, for the `time.Time` values timers send (set when a timer is made).
    time_loc: Mutex<V>,
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
        match gmp_core::code::token_time(t) {
            Some(when) => self.time_at(when),
            None => self.vals.lock().unwrap().remove(&t).unwrap_or_default(),
        }
    }

    /// The `time.Time` a timer sends for the instant `when` it was due (`sendTime`:
    /// `Now().Add(-delta)`): the wall clock then, with that monotonic reading, in Local
    /// (`std/time.go`'s `Time` layout: sec since year 1, nsec, hasMono, mono, loc).
    fn time_at(&self, when: i64) -> V {
        const UNIX_TO_ABS: i64 = 62_135_596_800;
        let ns = natives::WALL_START_NS + when;
        let (sec, nsec) = (ns.div_euclid(1_000_000_000), ns.rem_euclid(1_000_000_000));
        let loc = lock(&self.time_loc).clone();
        V::Agg(
            vec![
                V::Int(sec + UNIX_TO_ABS),
                V::Int(nsec),
                V::Bool(true),
                V::Int(when),
                loc,
            ]
            .into(),
        )
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

pub fn load(p: &Ptr) -> V {
    match p {
        Ptr::Cell(c) => lock(c).clone(),
        Ptr::Elem(a, i) => lock(a).get(*i).cloned().unwrap_or_default(),
        Ptr::Raw(a, i) => lock(a).get(*i),
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
        Ptr::Raw(a, i) => {
            let mut a = lock(a);
            let mut v = a.get(*i);
            f(&mut v);
            a.set(*i, &v);
        }
    }
}

pub fn store(p: &Ptr, v: V) {
    match p {
        Ptr::Raw(a, i) => lock(a).set(*i, &v),
        _ => with_mut(p, |slot| *slot = v),
    }
}

/// The dynamic type that makes `a == b` panic (`efaceeq`: equal dynamic types whose
/// values Go cannot compare, `comparing uncomparable type []int`), anywhere inside.
pub fn uncomparable_pair(a: &V, b: &V, types: &Types) -> Option<TyId> {
    // Only interfaces hold a dynamic type (structs may hold interfaces).
    if !matches!((a, b), (V::Iface(_), V::Iface(_)) | (V::Agg(_), V::Agg(_))) {
        return None;
    }
    let mut work = vec![(a, b)];
    while let Some(pair) = work.pop() {
        match pair {
            (V::Iface(x), V::Iface(y)) if x.0 == y.0 => {
                if !types.comparable(x.0) {
                    return Some(x.0);
                }
                work.push((&x.1, &y.1));
            }
            (V::Agg(x), V::Agg(y)) => work.extend(x.iter().zip(y.iter())),
            _ => {}
        }
    }
    None
}

/// The dynamic type that makes `v` unusable as a map key (`hash of unhashable type`).
pub fn unhashable(v: &V, types: &Types) -> Option<TyId> {
    // The common keys (integers, strings) without a walk.
    if !matches!(v, V::Iface(_) | V::Agg(_)) {
        return None;
    }
    let mut work = vec![v];
    while let Some(v) = work.pop() {
        match v {
            V::Iface(x) => {
                if !types.comparable(x.0) {
                    return Some(x.0);
                }
                work.push(&x.1);
            }
            V::Agg(xs) => work.extend(xs.iter()),
            _ => {}
        }
    }
    None
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

/// A float converted to an integer as amd64 does it (Go leaves values out of range to
/// the implementation): CVTTSD2SQ truncates, and gives 0x8000000000000000 for NaN and
/// what does not fit an int64; a uint64 of 2^63 or more is converted less 2^63 with
/// the top bit set again (ssagen's uint64Tofloat's inverse, float64ToUint64).
fn float_to_int(f: f64, bits: u8, signed: bool) -> i64 {
    const TWO63: f64 = 9_223_372_036_854_775_808.0;
    let cvttsd2sq = |f: f64| {
        if f.is_nan() || !(-TWO63..TWO63).contains(&f) {
            i64::MIN
        } else {
            f as i64
        }
    };
    if bits == 64 && !signed && f >= TWO63 {
        return cvttsd2sq(f - TWO63) ^ i64::MIN;
    }
    wrap(cvttsd2sq(f), bits, signed)
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
                    if crate::heap::would_exceed(x.len() + y.len()) {
                        return Err(RtErr(crate::heap::out_of_memory(x.len() + y.len())));
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
