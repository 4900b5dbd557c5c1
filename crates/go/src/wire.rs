//! A compiled program as bytes, and back: what lets the page run a Go program without
//! carrying the front end. The built-in programs are compiled when the page is built
//! (`web/build.rs`) and the page decodes them; a learner's own program is compiled by
//! the page's second module (`web/compiler`), which hands the page these bytes.
//!
//! The format is private to one build of the explorer (the encoder and the decoder are
//! always this file at the same commit): a magic word and version, a table of the
//! strings (each written once, shared as one `Arc<str>` after decoding), then the
//! program. Integers are LEB128 (signed ones zigzagged), floats their 8 bytes.
//! Decoding checks every length, tag and string index it reads, and how deep constants
//! nest, and says where it stopped: bad bytes are an error, not a panic. The indices a
//! program holds (registers, functions, types, jump targets) are taken as the compiler
//! wrote them: the bytes only ever come from this build's own front end (`web/build.rs`
//! or the compiler module), never from a link or a file a learner gives.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::lint::{Lint, LintKind};
use crate::types::{Ty, Types};
use crate::vm::{BinOp, Conv, Func, Kind, Native, Prog, I, V};
use crate::{Diag, GoProgram};

const MAGIC: &[u8; 4] = b"gmpP";
/// Bumped when the layout changes (a stale table then fails loudly, not wrongly).
const VERSION: u8 = 1;

/// A source's fingerprint (64-bit FNV-1a of its bytes): how the page finds the program
/// compiled at build time for the text it is about to run.
pub fn fingerprint(src: &str) -> u64 {
    src.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// What the compiler module returns: a program, or go build's errors.
pub fn encode_result(r: &Result<Arc<GoProgram>, Vec<Diag>>) -> Vec<u8> {
    let mut w = W::default();
    match r {
        Ok(p) => {
            w.u(0);
            w.program(p);
        }
        Err(d) => {
            w.u(1);
            w.u(d.len() as u64);
            for d in d {
                w.u(d.line.into());
                w.u(d.col.into());
                w.s(&d.msg);
            }
        }
    }
    w.finish()
}

/// The compiled program or the compile errors in `bytes` (from [`encode_result`]).
pub fn decode_result(bytes: &[u8]) -> Result<Result<GoProgram, Vec<Diag>>, String> {
    let mut r = R::new(bytes)?;
    let out = match r.u()? {
        0 => Ok(r.program()?),
        1 => {
            let n = r.len()?;
            let mut ds = Vec::with_capacity(n);
            for _ in 0..n {
                ds.push(Diag {
                    line: r.u32()?,
                    col: r.u32()?,
                    msg: r.s()?.to_string(),
                });
            }
            Err(ds)
        }
        t => return Err(r.bad(&format!("result tag {t}"))),
    };
    r.end()?;
    Ok(out)
}

/// A compiled program as bytes.
pub fn encode(p: &GoProgram) -> Vec<u8> {
    let mut w = W::default();
    w.program(p);
    w.finish()
}

/// The program [`encode`] wrote.
pub fn decode(bytes: &[u8]) -> Result<GoProgram, String> {
    let mut r = R::new(bytes)?;
    let p = r.program()?;
    r.end()?;
    Ok(p)
}

#[derive(Default)]
struct W {
    out: Vec<u8>,
    strs: Vec<Arc<str>>,
    index: HashMap<Arc<str>, u64>,
}

impl W {
    fn u(&mut self, mut v: u64) {
        loop {
            let b = (v & 0x7f) as u8;
            v >>= 7;
            if v == 0 {
                self.out.push(b);
                return;
            }
            self.out.push(b | 0x80);
        }
    }
    fn i(&mut self, v: i64) {
        self.u(((v << 1) ^ (v >> 63)) as u64);
    }
    fn b(&mut self, v: bool) {
        self.out.push(v as u8);
    }
    fn s(&mut self, s: &str) {
        let i = match self.index.get(s) {
            Some(&i) => i,
            None => {
                let a: Arc<str> = s.into();
                let i = self.strs.len() as u64;
                self.strs.push(a.clone());
                self.index.insert(a, i);
                i
            }
        };
        self.u(i);
    }
    fn regs(&mut self, rs: &[u32]) {
        self.u(rs.len() as u64);
        for &r in rs {
            self.u(r.into());
        }
    }
    fn opt(&mut self, r: Option<u32>) {
        // 0 is none, r + 1 is register r.
        self.u(r.map_or(0, |r| u64::from(r) + 1));
    }

    /// The header and string table, then what was written.
    fn finish(self) -> Vec<u8> {
        let mut head = W::default();
        head.out.extend_from_slice(MAGIC);
        head.out.push(VERSION);
        head.u(self.strs.len() as u64);
        for s in &self.strs {
            head.u(s.len() as u64);
            head.out.extend_from_slice(s.as_bytes());
        }
        head.out.extend_from_slice(&self.out);
        head.out
    }

    fn program(&mut self, p: &GoProgram) {
        let prog = &p.prog;
        self.u(p.entry.into());
        self.u(prog.init.into());
        self.u(prog.main.into());
        self.s(&prog.file);
        self.u(prog.types.tys.len() as u64);
        for (t, name) in prog.types.tys.iter().zip(&prog.types.names) {
            self.ty(t);
            self.s(name);
        }
        // Sorted, so one program always gives the same bytes.
        let mut methods: Vec<_> = prog.methods.iter().collect();
        methods.sort_by(|a, b| a.0.cmp(b.0));
        self.u(methods.len() as u64);
        for ((ty, name), (f, ptr)) in methods {
            self.u((*ty).into());
            self.s(name);
            self.u((*f).into());
            self.b(*ptr);
        }
        self.u(prog.globals.len() as u64);
        for g in &prog.globals {
            self.v(g);
        }
        self.u(prog.funcs.len() as u64);
        for f in &prog.funcs {
            self.func(f);
        }
        self.u(p.lints.len() as u64);
        for l in &p.lints {
            self.u(LintKind::ALL.iter().position(|k| *k == l.kind).unwrap_or(0) as u64);
            self.u(l.line.into());
            self.u(l.col.into());
            self.u(l.end.into());
            self.s(&l.func);
            self.s(&l.about);
        }
    }

    fn ty(&mut self, t: &Ty) {
        match t {
            Ty::Invalid => self.u(0),
            Ty::Bool => self.u(1),
            Ty::Int { bits, signed } => {
                self.u(2);
                self.u((*bits).into());
                self.b(*signed);
            }
            Ty::Float => self.u(3),
            Ty::Float32 => self.u(16),
            Ty::Str => self.u(4),
            Ty::UnsafePtr => self.u(5),
            Ty::Slice(e) => {
                self.u(6);
                self.u((*e).into());
            }
            Ty::Array(n, e) => {
                self.u(7);
                self.u(*n);
                self.u((*e).into());
            }
            Ty::Map(k, v) => {
                self.u(8);
                self.u((*k).into());
                self.u((*v).into());
            }
            Ty::Chan(e) => {
                self.u(9);
                self.u((*e).into());
            }
            Ty::Ptr(e) => {
                self.u(10);
                self.u((*e).into());
            }
            Ty::Struct(fields) => {
                self.u(11);
                self.u(fields.len() as u64);
                for (name, t, embedded) in fields {
                    self.s(name);
                    self.u((*t).into());
                    self.b(*embedded);
                }
            }
            Ty::Func => self.u(12),
            Ty::Iface(ms) => {
                self.u(13);
                self.u(ms.len() as u64);
                for (m, sig) in ms {
                    self.s(m);
                    self.u((*sig).into());
                }
            }
            Ty::Named(name, u) => {
                self.u(14);
                self.s(name);
                self.u((*u).into());
            }
            Ty::Tuple(ts) => {
                self.u(15);
                self.regs(ts);
            }
        }
    }

    /// A constant: the values the compiler puts in code and package-level zero values.
    fn v(&mut self, v: &V) {
        match v {
            V::Nil => self.u(0),
            V::Bool(b) => {
                self.u(1);
                self.b(*b);
            }
            V::Int(i) => {
                self.u(2);
                self.i(*i);
            }
            V::Float(f) => {
                self.u(3);
                self.out.extend_from_slice(&f.to_le_bytes());
            }
            V::Str(s) => {
                self.u(4);
                self.s(s);
            }
            V::Agg(xs) | V::Tuple(xs) => {
                self.u(if matches!(v, V::Agg(_)) { 5 } else { 6 });
                self.u(xs.len() as u64);
                for x in xs.iter() {
                    self.v(x);
                }
            }
            V::Chan(c) => {
                self.u(7);
                self.u((*c).into());
            }
            // The compiler makes these only at run time; a constant that is one is a
            // bug of the compiler, which the round-trip tests would show.
            V::Ptr(_) | V::Slice(_) | V::Map(_) | V::Func(_) | V::Iface(_) => {
                panic!("wire: a run-time value in compiled code: {v:?}")
            }
        }
    }

    fn func(&mut self, f: &Func) {
        self.s(&f.name);
        self.u(f.nparams.into());
        self.u(f.nregs.into());
        self.u(f.ncaps.into());
        self.u(f.frame);
        self.b(f.nosplit);
        self.regs(&f.slot_off);
        self.u(f.locals);
        self.u(f.spill);
        self.u(f.inline_area);
        self.b(f.inlinable);
        self.regs(&f.static_calls);
        self.u(f.other_calls.into());
        self.u(f.results.len() as u64);
        for &(r, cell) in &f.results {
            self.u(r.into());
            self.b(cell);
        }
        self.u(f.go_kind as u64);
        self.u(f.sig.into());
        self.u(f.code.len() as u64);
        // Lines as deltas from the previous instruction's: mostly 0 or 1.
        let mut line = 0i64;
        for (pc, ins) in f.code.iter().enumerate() {
            let l = f.lines.get(pc).copied().unwrap_or(0) as i64;
            self.i(l - line);
            line = l;
            self.ins(ins);
        }
    }

    fn op(&mut self, o: BinOp) {
        self.u(BIN_OPS.iter().position(|x| *x == o).unwrap_or(0) as u64);
    }
    fn kind(&mut self, k: Kind) {
        match k {
            Kind::Int { bits, signed } => {
                self.u(0);
                self.u(bits.into());
                self.b(signed);
            }
            Kind::Float => self.u(1),
            Kind::Float32 => self.u(5),
            Kind::Str => self.u(2),
            Kind::Bool => self.u(3),
            Kind::Other => self.u(4),
        }
    }
    fn conv(&mut self, c: Conv) {
        let (tag, int) = match c {
            Conv::IntToInt { bits, signed } => (0, Some((bits, signed))),
            Conv::IntToFloat => (1, None),
            Conv::FloatToInt { bits, signed } => (2, Some((bits, signed))),
            Conv::IntToStr => (3, None),
            Conv::StrToBytes => (4, None),
            Conv::BytesToStr => (5, None),
            Conv::StrToRunes => (6, None),
            Conv::RunesToStr => (7, None),
            Conv::Same => (8, None),
            Conv::UShiftCount => (9, None),
            Conv::IntToFloat32 => (10, None),
            Conv::ToFloat32 => (11, None),
            Conv::UintToFloat => (12, None),
            Conv::UintToFloat32 => (13, None),
        };
        self.u(tag);
        if let Some((bits, signed)) = int {
            self.u(bits.into());
            self.b(signed);
        }
    }
    fn call(&mut self, args: &[u32], dst: u32, nret: u32) {
        self.regs(args);
        self.u(dst.into());
        self.u(nret.into());
    }

    fn ins(&mut self, ins: &I) {
        use I::*;
        macro_rules! r {
            ($($x:expr),*) => {{ $( self.u(u64::from(*$x)); )* }};
        }
        match ins {
            Const(d, v) => {
                self.u(0);
                r!(d);
                self.v(v);
            }
            Move(d, s) => {
                self.u(1);
                r!(d, s);
            }
            Bin(o, k, d, a, b) => {
                self.u(2);
                self.op(*o);
                self.kind(*k);
                r!(d, a, b);
            }
            BinK(o, k, d, a, v) => {
                self.u(3);
                self.op(*o);
                self.kind(*k);
                r!(d, a);
                self.v(v);
            }
            JmpUnless(o, a, b, to) => {
                self.u(4);
                self.op(*o);
                r!(a, b, to);
            }
            JmpUnlessK(o, a, k, to) => {
                self.u(5);
                self.op(*o);
                r!(a);
                self.i(*k);
                r!(to);
            }
            Neg(k, d, s) => {
                self.u(6);
                self.kind(*k);
                r!(d, s);
            }
            Not(d, s) => {
                self.u(7);
                r!(d, s);
            }
            BitNot(k, d, s) => {
                self.u(8);
                self.kind(*k);
                r!(d, s);
            }
            Conv(d, s, c) => {
                self.u(9);
                r!(d, s);
                self.conv(*c);
            }
            ToIface(d, s, t) => {
                self.u(10);
                r!(d, s, t);
            }
            Jmp(to) => {
                self.u(11);
                r!(to);
            }
            JmpIf(c, to) => {
                self.u(12);
                r!(c, to);
            }
            JmpIfNot(c, to) => {
                self.u(13);
                r!(c, to);
            }
            Load(d, p) => {
                self.u(14);
                r!(d, p);
            }
            Store(p, s) => {
                self.u(15);
                r!(p, s);
            }
            Box(d, s) => {
                self.u(16);
                r!(d, s);
            }
            SubPtr(d, p, i) => {
                self.u(17);
                r!(d, p, i);
            }
            ElemPtr(d, s, i) => {
                self.u(18);
                r!(d, s, i);
            }
            Field(d, a, i) => {
                self.u(19);
                r!(d, a, i);
            }
            SetField(a, i, s) => {
                self.u(20);
                r!(a, i, s);
            }
            MakeAgg(d, xs) => {
                self.u(21);
                r!(d);
                self.regs(xs);
            }
            Index(d, x, i) => {
                self.u(22);
                r!(d, x, i);
            }
            MapIndex(d, ok, m, k, z) => {
                self.u(23);
                r!(d);
                self.opt(*ok);
                r!(m, k, z);
            }
            SetIndex(x, i, v) => {
                self.u(24);
                r!(x, i, v);
            }
            SetMap(m, k, v) => {
                self.u(25);
                r!(m, k, v);
            }
            MapDelete(m, k) => {
                self.u(26);
                r!(m, k);
            }
            MakeSlice(d, len, cap, zero, size) => {
                self.u(27);
                r!(d, len);
                self.opt(*cap);
                r!(zero, size);
            }
            MakeMap(d) => {
                self.u(28);
                r!(d);
            }
            MakeChan(d, size) => {
                self.u(29);
                r!(d);
                self.opt(*size);
            }
            SliceLit(d, xs) => {
                self.u(30);
                r!(d);
                self.regs(xs);
            }
            Append(d, s, xs, e) => {
                self.u(31);
                r!(d, s);
                self.regs(xs);
                self.u((*e).into());
            }
            AppendSpread(d, s, t, e) => {
                self.u(32);
                r!(d, s, t, e);
            }
            Copy(d, a, b) => {
                self.u(33);
                r!(d, a, b);
            }
            Len(d, s) => {
                self.u(34);
                r!(d, s);
            }
            Cap(d, s) => {
                self.u(35);
                r!(d, s);
            }
            SliceOp(d, s, lo, hi, max) => {
                self.u(36);
                r!(d, s);
                self.opt(*lo);
                self.opt(*hi);
                self.opt(*max);
            }
            Call { f, args, dst, nret } => {
                self.u(37);
                r!(f);
                self.call(args, *dst, *nret);
            }
            CallV { f, args, dst, nret } => {
                self.u(38);
                r!(f);
                self.call(args, *dst, *nret);
            }
            CallIface {
                recv,
                method,
                args,
                dst,
                nret,
            } => {
                self.u(39);
                r!(recv);
                self.s(method);
                self.call(args, *dst, *nret);
            }
            Native { n, args, dst, nret } => {
                self.u(40);
                self.u(crate::vm::Native::ALL
                    .iter()
                    .position(|x| x == n)
                    .unwrap_or(0) as u64);
                self.call(args, *dst, *nret);
            }
            Ret(rs) => {
                self.u(41);
                self.regs(rs);
            }
            Untuple(s, rs) => {
                self.u(42);
                r!(s);
                self.regs(rs);
            }
            Closure(d, f, caps) => {
                self.u(43);
                r!(d, f);
                self.regs(caps);
            }
            Go { f, args } => {
                self.u(44);
                r!(f);
                self.regs(args);
            }
            Defer { f, args } => {
                self.u(45);
                r!(f);
                self.regs(args);
            }
            Recover(d) => {
                self.u(46);
                r!(d);
            }
            Panic(v) => {
                self.u(47);
                r!(v);
            }
            Send(c, v) => {
                self.u(48);
                r!(c, v);
            }
            Recv(d, ok, c) => {
                self.u(49);
                r!(d);
                self.opt(*ok);
                r!(c);
            }
            Close(c) => {
                self.u(50);
                r!(c);
            }
            Select {
                cases,
                block,
                dst,
                val,
                ok,
            } => {
                self.u(51);
                self.u(cases.len() as u64);
                for (c, v) in cases {
                    r!(c);
                    self.opt(*v);
                }
                self.b(*block);
                r!(dst, val, ok);
            }
            Assert(d, ok, x, t, s) => {
                self.u(52);
                r!(d);
                self.opt(*ok);
                r!(x, t, s);
            }
            TypeOf(d, x) => {
                self.u(53);
                r!(d, x);
            }
            Implements(d, x, t) => {
                self.u(54);
                r!(d, x, t);
            }
            MapIter(d, m) => {
                self.u(55);
                r!(d, m);
            }
            StrNext(a, b, c, d) => {
                self.u(56);
                r!(a, b, c, d);
            }
            StackAddr(d, slot) => {
                self.u(57);
                r!(d, slot);
            }
            GlobalPtr(d, i) => {
                self.u(58);
                r!(d, i);
            }
            NilToZero(d, v) => {
                self.u(59);
                r!(d);
                self.v(v);
            }
            Trap(msg) => {
                self.u(60);
                self.s(msg);
            }
            Nop => self.u(61),
        }
    }
}

const BIN_OPS: [BinOp; 17] = {
    use BinOp::*;
    [
        Add, Sub, Mul, Div, Rem, And, Or, Xor, AndNot, Shl, Shr, Eq, Ne, Lt, Le, Gt, Ge,
    ]
};

struct R<'a> {
    bytes: &'a [u8],
    at: usize,
    strs: Vec<Arc<str>>,
    /// How many aggregate constants the one being read is inside.
    depth: u32,
}

/// Deeper aggregate constants than this are bad bytes (the compiler's are a few deep;
/// two bytes a level would otherwise overflow the stack).
const MAX_DEPTH: u32 = 200;

impl<'a> R<'a> {
    fn new(bytes: &'a [u8]) -> Result<R<'a>, String> {
        if bytes.len() < 5 || &bytes[..4] != MAGIC {
            return Err("not a compiled GMP Explorer program".into());
        }
        if bytes[4] != VERSION {
            return Err(format!(
                "a compiled program of format {}, not {VERSION} (from another build of the explorer)",
                bytes[4]
            ));
        }
        let mut r = R {
            bytes,
            at: 5,
            strs: vec![],
            depth: 0,
        };
        let n = r.len()?;
        for _ in 0..n {
            let len = r.len()?;
            let end = r.at.checked_add(len).filter(|&e| e <= bytes.len());
            let end = end.ok_or_else(|| r.bad("a string past the end"))?;
            let s =
                std::str::from_utf8(&bytes[r.at..end]).map_err(|_| r.bad("a string not UTF-8"))?;
            r.strs.push(s.into());
            r.at = end;
        }
        Ok(r)
    }
    fn bad(&self, what: &str) -> String {
        format!("compiled program: {what} at byte {}", self.at)
    }
    fn end(&self) -> Result<(), String> {
        if self.at == self.bytes.len() {
            Ok(())
        } else {
            Err(self.bad("bytes after the end"))
        }
    }
    fn byte(&mut self) -> Result<u8, String> {
        let b = *self.bytes.get(self.at).ok_or_else(|| self.bad("the end"))?;
        self.at += 1;
        Ok(b)
    }
    fn u(&mut self) -> Result<u64, String> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            v |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err(self.bad("an integer of more than 64 bits"))
    }
    fn i(&mut self) -> Result<i64, String> {
        let u = self.u()?;
        Ok(((u >> 1) as i64) ^ -((u & 1) as i64))
    }
    fn u32(&mut self) -> Result<u32, String> {
        let u = self.u()?;
        u32::try_from(u).map_err(|_| self.bad("a number over 32 bits"))
    }
    fn u8(&mut self) -> Result<u8, String> {
        let u = self.u()?;
        u8::try_from(u).map_err(|_| self.bad("a number over 8 bits"))
    }
    /// A count of things still to read: each takes at least a byte, so a count past the
    /// end is refused before anything is allocated for it.
    fn len(&mut self) -> Result<usize, String> {
        let n = self.u()?;
        if n > (self.bytes.len() - self.at) as u64 {
            return Err(self.bad("a count past the end"));
        }
        Ok(n as usize)
    }
    fn b(&mut self) -> Result<bool, String> {
        match self.byte()? {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(self.bad("a bool not 0 or 1")),
        }
    }
    fn s(&mut self) -> Result<Arc<str>, String> {
        let i = self.u()?;
        self.strs
            .get(i as usize)
            .cloned()
            .ok_or_else(|| self.bad("a string index past the table"))
    }
    fn regs(&mut self) -> Result<Vec<u32>, String> {
        let n = self.len()?;
        (0..n).map(|_| self.u32()).collect()
    }
    fn opt(&mut self) -> Result<Option<u32>, String> {
        Ok(match self.u()? {
            0 => None,
            r => Some(u32::try_from(r - 1).map_err(|_| self.bad("a register over 32 bits"))?),
        })
    }

    fn program(&mut self) -> Result<GoProgram, String> {
        let entry = self.u32()?;
        let init = self.u32()?;
        let main = self.u32()?;
        let file = self.s()?.to_string();
        let n = self.len()?;
        let mut types = Types::default();
        for _ in 0..n {
            types.tys.push(self.ty()?);
            types.names.push(self.s()?.to_string());
        }
        let n = self.len()?;
        let mut methods = HashMap::with_capacity(n);
        for _ in 0..n {
            let ty = self.u32()?;
            let name = self.s()?;
            let f = self.u32()?;
            let ptr = self.b()?;
            methods.insert((ty, name), (f, ptr));
        }
        let n = self.len()?;
        let globals = (0..n).map(|_| self.v()).collect::<Result<_, _>>()?;
        let n = self.len()?;
        let funcs: Vec<Func> = (0..n).map(|_| self.func()).collect::<Result<_, _>>()?;
        let n = self.len()?;
        let mut lints = Vec::with_capacity(n);
        for _ in 0..n {
            let kind = *LintKind::ALL
                .get(self.u()? as usize)
                .ok_or_else(|| self.bad("a lint kind"))?;
            lints.push(Lint {
                kind,
                line: self.u32()?,
                col: self.u32()?,
                end: self.u32()?,
                func: self.s()?.to_string(),
                about: self.s()?.to_string(),
            });
        }
        types.index();
        let nf = funcs.len() as u32;
        if entry >= nf || init >= nf || main >= nf {
            return Err(self.bad("an entry function past the functions"));
        }
        Ok(GoProgram {
            prog: Arc::new(Prog {
                funcs,
                types,
                methods,
                globals,
                init,
                main,
                file,
            }),
            last_run: Mutex::new(None),
            entry,
            lints,
        })
    }

    fn ty(&mut self) -> Result<Ty, String> {
        Ok(match self.u()? {
            0 => Ty::Invalid,
            1 => Ty::Bool,
            2 => Ty::Int {
                bits: self.u8()?,
                signed: self.b()?,
            },
            3 => Ty::Float,
            16 => Ty::Float32,
            4 => Ty::Str,
            5 => Ty::UnsafePtr,
            6 => Ty::Slice(self.u32()?),
            7 => Ty::Array(self.u()?, self.u32()?),
            8 => Ty::Map(self.u32()?, self.u32()?),
            9 => Ty::Chan(self.u32()?),
            10 => Ty::Ptr(self.u32()?),
            11 => {
                let n = self.len()?;
                let mut fs = Vec::with_capacity(n);
                for _ in 0..n {
                    fs.push((self.s()?, self.u32()?, self.b()?));
                }
                Ty::Struct(fs)
            }
            12 => Ty::Func,
            13 => {
                let n = self.len()?;
                let mut ms = Vec::with_capacity(n);
                for _ in 0..n {
                    ms.push((self.s()?, self.u32()?));
                }
                Ty::Iface(ms)
            }
            14 => Ty::Named(self.s()?.to_string(), self.u32()?),
            15 => Ty::Tuple(self.regs()?),
            t => return Err(self.bad(&format!("type tag {t}"))),
        })
    }

    fn v(&mut self) -> Result<V, String> {
        Ok(match self.u()? {
            0 => V::Nil,
            1 => V::Bool(self.b()?),
            2 => V::Int(self.i()?),
            3 => {
                let end = self.at + 8;
                let b = self
                    .bytes
                    .get(self.at..end)
                    .ok_or_else(|| self.bad("a float past the end"))?;
                let f = f64::from_le_bytes(b.try_into().unwrap_or([0; 8]));
                self.at = end;
                V::Float(f)
            }
            4 => V::Str(self.s()?),
            t @ (5 | 6) => {
                if self.depth == MAX_DEPTH {
                    return Err(self.bad("constants nested too deep"));
                }
                let n = self.len()?;
                self.depth += 1;
                let xs = (0..n).map(|_| self.v()).collect::<Result<Box<[V]>, _>>();
                self.depth -= 1;
                let xs = xs?;
                if t == 5 {
                    V::Agg(xs)
                } else {
                    V::Tuple(xs)
                }
            }
            7 => V::Chan(self.u32()?),
            t => return Err(self.bad(&format!("value tag {t}"))),
        })
    }

    fn func(&mut self) -> Result<Func, String> {
        let mut f = Func {
            name: self.s()?.to_string(),
            nparams: self.u32()?,
            nregs: self.u32()?,
            ncaps: self.u32()?,
            frame: self.u()?,
            nosplit: self.b()?,
            slot_off: self.regs()?,
            locals: self.u()?,
            spill: self.u()?,
            inline_area: self.u()?,
            inlinable: self.b()?,
            static_calls: self.regs()?,
            other_calls: self.u32()?,
            ..Func::default()
        };
        let n = self.len()?;
        for _ in 0..n {
            f.results.push((self.u32()?, self.b()?));
        }
        f.go_kind = gmp_core::GKind::from_u8(self.u8()?);
        f.sig = self.u32()?;
        let n = self.len()?;
        f.code.reserve(n);
        f.lines.reserve(n);
        let mut line = 0i64;
        for _ in 0..n {
            line += self.i()?;
            f.lines
                .push(u32::try_from(line).map_err(|_| self.bad("a line out of range"))?);
            f.code.push(self.ins()?);
        }
        Ok(f)
    }

    fn op(&mut self) -> Result<BinOp, String> {
        let i = self.u()? as usize;
        BIN_OPS
            .get(i)
            .copied()
            .ok_or_else(|| self.bad("an operator"))
    }
    fn kind(&mut self) -> Result<Kind, String> {
        Ok(match self.u()? {
            0 => Kind::Int {
                bits: self.u8()?,
                signed: self.b()?,
            },
            1 => Kind::Float,
            5 => Kind::Float32,
            2 => Kind::Str,
            3 => Kind::Bool,
            4 => Kind::Other,
            _ => return Err(self.bad("an operand kind")),
        })
    }
    fn conv(&mut self) -> Result<Conv, String> {
        Ok(match self.u()? {
            0 => Conv::IntToInt {
                bits: self.u8()?,
                signed: self.b()?,
            },
            1 => Conv::IntToFloat,
            2 => Conv::FloatToInt {
                bits: self.u8()?,
                signed: self.b()?,
            },
            3 => Conv::IntToStr,
            4 => Conv::StrToBytes,
            5 => Conv::BytesToStr,
            6 => Conv::StrToRunes,
            7 => Conv::RunesToStr,
            8 => Conv::Same,
            9 => Conv::UShiftCount,
            10 => Conv::IntToFloat32,
            11 => Conv::ToFloat32,
            12 => Conv::UintToFloat,
            13 => Conv::UintToFloat32,
            _ => return Err(self.bad("a conversion")),
        })
    }

    fn ins(&mut self) -> Result<I, String> {
        macro_rules! r {
            () => {
                self.u32()?
            };
        }
        Ok(match self.u()? {
            0 => I::Const(r!(), self.v()?),
            1 => I::Move(r!(), r!()),
            2 => I::Bin(self.op()?, self.kind()?, r!(), r!(), r!()),
            3 => I::BinK(self.op()?, self.kind()?, r!(), r!(), self.v()?),
            4 => I::JmpUnless(self.op()?, r!(), r!(), r!()),
            5 => I::JmpUnlessK(self.op()?, r!(), self.i()?, r!()),
            6 => I::Neg(self.kind()?, r!(), r!()),
            7 => I::Not(r!(), r!()),
            8 => I::BitNot(self.kind()?, r!(), r!()),
            9 => I::Conv(r!(), r!(), self.conv()?),
            10 => I::ToIface(r!(), r!(), r!()),
            11 => I::Jmp(r!()),
            12 => I::JmpIf(r!(), r!()),
            13 => I::JmpIfNot(r!(), r!()),
            14 => I::Load(r!(), r!()),
            15 => I::Store(r!(), r!()),
            16 => I::Box(r!(), r!()),
            17 => I::SubPtr(r!(), r!(), r!()),
            18 => I::ElemPtr(r!(), r!(), r!()),
            19 => I::Field(r!(), r!(), r!()),
            20 => I::SetField(r!(), r!(), r!()),
            21 => I::MakeAgg(r!(), self.regs()?),
            22 => I::Index(r!(), r!(), r!()),
            23 => I::MapIndex(r!(), self.opt()?, r!(), r!(), r!()),
            24 => I::SetIndex(r!(), r!(), r!()),
            25 => I::SetMap(r!(), r!(), r!()),
            26 => I::MapDelete(r!(), r!()),
            27 => I::MakeSlice(r!(), r!(), self.opt()?, r!(), r!()),
            28 => I::MakeMap(r!()),
            29 => I::MakeChan(r!(), self.opt()?),
            30 => I::SliceLit(r!(), self.regs()?),
            31 => I::Append(r!(), r!(), self.regs()?, self.u32()?),
            32 => I::AppendSpread(r!(), r!(), r!(), r!()),
            33 => I::Copy(r!(), r!(), r!()),
            34 => I::Len(r!(), r!()),
            35 => I::Cap(r!(), r!()),
            36 => I::SliceOp(r!(), r!(), self.opt()?, self.opt()?, self.opt()?),
            37 => I::Call {
                f: r!(),
                args: self.regs()?,
                dst: r!(),
                nret: r!(),
            },
            38 => I::CallV {
                f: r!(),
                args: self.regs()?,
                dst: r!(),
                nret: r!(),
            },
            39 => I::CallIface {
                recv: r!(),
                method: self.s()?,
                args: self.regs()?,
                dst: r!(),
                nret: r!(),
            },
            40 => I::Native {
                n: *Native::ALL
                    .get(self.u()? as usize)
                    .ok_or_else(|| self.bad("a native function"))?,
                args: self.regs()?,
                dst: r!(),
                nret: r!(),
            },
            41 => I::Ret(self.regs()?),
            42 => I::Untuple(r!(), self.regs()?),
            43 => I::Closure(r!(), r!(), self.regs()?),
            44 => I::Go {
                f: r!(),
                args: self.regs()?,
            },
            45 => I::Defer {
                f: r!(),
                args: self.regs()?,
            },
            46 => I::Recover(r!()),
            47 => I::Panic(r!()),
            48 => I::Send(r!(), r!()),
            49 => I::Recv(r!(), self.opt()?, r!()),
            50 => I::Close(r!()),
            51 => {
                let n = self.len()?;
                let mut cases = Vec::with_capacity(n);
                for _ in 0..n {
                    cases.push((r!(), self.opt()?));
                }
                I::Select {
                    cases,
                    block: self.b()?,
                    dst: r!(),
                    val: r!(),
                    ok: r!(),
                }
            }
            52 => I::Assert(r!(), self.opt()?, r!(), r!(), r!()),
            53 => I::TypeOf(r!(), r!()),
            54 => I::Implements(r!(), r!(), r!()),
            55 => I::MapIter(r!(), r!()),
            56 => I::StrNext(r!(), r!(), r!(), r!()),
            57 => I::StackAddr(r!(), r!()),
            58 => I::GlobalPtr(r!(), r!()),
            59 => I::NilToZero(r!(), self.v()?),
            60 => I::Trap(self.s()?),
            61 => I::Nop,
            t => return Err(self.bad(&format!("instruction tag {t}"))),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A constant nested a million deep (two bytes a level) is refused, not a stack
    /// overflow.
    #[test]
    fn deep_constants_are_bad_bytes() {
        let mut b = MAGIC.to_vec();
        b.push(VERSION);
        b.push(0); // no strings
        for _ in 0..1_000_000 {
            b.extend_from_slice(&[5, 1]); // an aggregate of one ...
        }
        b.push(0); // ... of nil, at the bottom
        let mut r = R::new(&b).unwrap();
        let e = r.v().unwrap_err();
        assert!(e.contains("nested too deep"), "{e}");
        // As deep as allowed still reads.
        let mut ok = MAGIC.to_vec();
        ok.extend_from_slice(&[VERSION, 0]);
        for _ in 0..MAX_DEPTH {
            ok.extend_from_slice(&[5, 1]);
        }
        ok.push(0);
        assert!(R::new(&ok).unwrap().v().is_ok());
    }
}
