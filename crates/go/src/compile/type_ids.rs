//! Go types as the VM's type ids, and their names as the running program prints them
//! (`%T`, panics): `Compiler::ty`, `rt_name`, kinds and zero values.

use super::*;

impl<'a> Compiler<'a> {
    /// Is `k` a complex type (the VM has no complex values: such code is refused)?
    pub(super) fn is_complex(&self, mut k: TypeKey) -> bool {
        for _ in 0..16 {
            match self.tk(k) {
                Type::Basic(b) => {
                    return matches!(
                        b.typ(),
                        BasicType::Complex64 | BasicType::Complex128 | BasicType::UntypedComplex
                    )
                }
                Type::Named(n) => k = n.underlying(),
                _ => return false,
            }
        }
        false
    }

    pub(super) fn ty(&mut self, k: TypeKey) -> TyId {
        let k = self.sub(k);
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
            // only in a generic declaration that is not compiled as it is
            Type::TypeParam(_) | Type::Union(_) => Ty::Invalid,
            Type::Tuple(t) => {
                let vs: Vec<ObjKey> = t.vars().clone();
                let ts = vs
                    .iter()
                    .map(|v| {
                        let t = self.otyp(*v).unwrap();
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

    pub(super) fn type_name(&self, k: TypeKey) -> String {
        let k = self.sub(k);
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
    pub(super) fn rt_name(&self, k: TypeKey) -> String {
        let k = self.sub(k);
        let mut out = String::new();
        self.rt_name_into(k, &mut out, 0);
        out
    }

    pub(super) fn rt_name_into(&self, k: TypeKey, out: &mut String, depth: u32) {
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
                    // reflect names an instance with its type arguments, without
                    // spaces: `main.Pair[string,int]`
                    if !n.targs().is_empty() {
                        out.push('[');
                        for (i, a) in n.targs().iter().enumerate() {
                            if i > 0 {
                                out.push(',');
                            }
                            self.rt_name_into(*a, out, depth + 1);
                        }
                        out.push(']');
                    }
                }
                None => out.push_str("?"),
            },
            Type::TypeParam(tp) => out.push_str(tc.lobjs[tp.obj()].name()),
            Type::Union(_) => out.push_str("?"),
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

    pub(super) fn kind(&mut self, k: TypeKey) -> Kind {
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

    pub(super) fn zero(&mut self, k: TypeKey) -> V {
        let t = self.ty(k);
        self.types.zero(t)
    }
}
