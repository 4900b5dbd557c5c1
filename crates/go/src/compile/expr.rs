//! Expressions: lvalues and addresses, constants, operators, function literals,
//! composite literals, selectors, method values and expressions.

use super::*;

impl<'a> Compiler<'a> {
    pub(super) fn lvalue(&mut self, e: &Expr) -> R<LV> {
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

    pub(super) fn lookup_local(&mut self, o: ObjKey) -> Option<LV> {
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

    pub(super) fn capture(&mut self, depth: usize, o: ObjKey, _outer: Reg) -> Reg {
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

    pub(super) fn lv_load(&mut self, lv: &LV, line: u32) -> Reg {
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

    pub(super) fn lv_store(&mut self, lv: &LV, v: Reg, line: u32) {
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
    pub(super) fn addr(&mut self, e: &Expr) -> R<Reg> {
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
                let p = if self.is_ptr(xt) {
                    self.expr(&s.expr)?
                } else {
                    self.addr(&s.expr)?
                };
                let idx = sel.indices().clone();
                Ok(self.field_path(p, xt, &idx, line))
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

    /// The address of the field a selection's `indices` name, from `p` (the operand's
    /// address, or the operand itself when `xt` is a pointer), through embedded
    /// pointers.
    pub(super) fn field_path(&mut self, mut p: Reg, xt: TypeKey, idx: &[usize], line: u32) -> Reg {
        let mut t = if self.is_ptr(xt) {
            self.elem_of_ptr(xt)
        } else {
            xt
        };
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
        p
    }

    /// A receive from a closed channel delivers the element type's zero value.
    pub(super) fn zero_after_recv(&mut self, d: Reg, ch: &Expr, line: u32) {
        let ct = self.type_of(ch);
        if let Type::Chan(c) = self.tk(self.under(ct)) {
            let z = self.zero(c.elem());
            if !matches!(z, V::Nil) {
                self.emit(I::NilToZero(d, z), line);
            }
        }
    }

    /// A variable, or a field or element of one (`&e` is legal and cheap).
    pub(super) fn addressable(&self, e: &Expr) -> bool {
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

    pub(super) fn field_type(&self, t: TypeKey, i: usize) -> TypeKey {
        match self.tk(self.under(t)) {
            Type::Struct(s) => self.cx.tc.lobjs[s.fields()[i]].typ().unwrap(),
            _ => t,
        }
    }

    // ---------------------------------------------------------- expressions

    /// `e` converted to type `to` (interface boxing where Go converts implicitly).
    pub(super) fn expr_to(&mut self, e: &Expr, to: TypeKey) -> R<Reg> {
        let v = self.expr(e)?;
        let from = self.tv(e).map(|t| t.typ);
        Ok(self.convert_implicit(v, from, to, self.line_of(e.pos(self.cx.ast))))
    }

    pub(super) fn convert_implicit(
        &mut self,
        v: Reg,
        from: Option<TypeKey>,
        to: TypeKey,
        line: u32,
    ) -> Reg {
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

    pub(super) fn const_value(&mut self, tv: &TV, line: u32) -> Option<V> {
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

    pub(super) fn expr(&mut self, e: &Expr) -> R<Reg> {
        let pos = e.pos(self.cx.ast);
        let line = self.line_of(pos);
        if let Some(tv) = self.tv(e) {
            if self.is_complex(tv.typ) {
                return Err(self.unsupported(pos, "a complex number (complex64, complex128)"));
            }
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
                        let f = self.func_of(o, Some(*id)).ok_or_else(|| {
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
            // an instantiated generic function as a value: its instance
            Expr::Index(_) | Expr::IndexList(_) if self.inst_base(e).is_some() => {
                let b = self.inst_base(e).unwrap().clone();
                self.expr(&b)
            }
            Expr::IndexList(_) => Err(self.unsupported(pos, "this instantiation")),
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

    pub(super) fn binary(&mut self, b: &ast::BinaryExpr, line: u32) -> R<Reg> {
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

    pub(super) fn type_of_bin(&self, b: &ast::BinaryExpr) -> TypeKey {
        self.type_of(&b.expr_a)
    }

    pub(super) fn func_lit(&mut self, fl: &ast::FuncLit, line: u32) -> R<Reg> {
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

    pub(super) fn composite(&mut self, e: &Expr, cl: &ast::CompositeLit, line: u32) -> R<Reg> {
        let t = self.type_of(e);
        self.composite_of(t, cl, line)
    }

    /// A composite literal of type `t`; a pointer type is an element's elided `&T{...}`
    /// (`[]*T{{1}}`, `map[string]*T{"a": {1}}`): the literal of `T`, in a new cell.
    fn composite_of(&mut self, t: TypeKey, cl: &ast::CompositeLit, line: u32) -> R<Reg> {
        let ut = self.under(t);
        if let Type::Pointer(p) = self.tk(ut) {
            let base = p.base();
            let v = self.composite_of(base, cl, line)?;
            let d = self.reg();
            self.emit(I::Box(d, v), line);
            return Ok(d);
        }
        match self.tk(ut) {
            Type::Struct(s) => {
                let fields: Vec<ObjKey> = s.fields().clone();
                let mut regs = Vec::new();
                for f in &fields {
                    let ft = self.otyp(*f).unwrap();
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
                for (idx, ve) in self.indexed_elements(cl, line) {
                    if idx < n {
                        regs[idx] = self.elem_lit(&ve, et)?;
                    }
                }
                let d = self.reg();
                self.emit(I::MakeAgg(d, regs), line);
                Ok(d)
            }
            Type::Slice(s) => {
                // Elements at their indices (`[]int{5: 1, 2}` has length 7), the rest
                // the zero value.
                let et = s.elem();
                let mut at: Vec<Option<Reg>> = Vec::new();
                for (idx, ve) in self.indexed_elements(cl, line) {
                    let ve = self.elem_lit(&ve, et)?;
                    if at.len() <= idx {
                        at.resize(idx + 1, None);
                    }
                    at[idx] = Some(ve);
                }
                let zr = if at.iter().any(|r| r.is_none()) {
                    let z = self.zero(et);
                    Some(self.konst(z, line))
                } else {
                    None
                };
                let regs: Vec<Reg> = at.into_iter().map(|r| r.or(zr).unwrap()).collect();
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

    /// An array or slice literal's elements with their indices: a key sets the index,
    /// the elements after it follow it (`[]int{5: 1, 2}` is 1 at 5 and 2 at 6).
    fn indexed_elements(&mut self, cl: &ast::CompositeLit, line: u32) -> Vec<(usize, Expr)> {
        let mut out = Vec::new();
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
            out.push((idx, ve));
            idx += 1;
        }
        out
    }

    /// An element of a composite literal (may elide its type: `{1, 2}`, `&{...}`).
    pub(super) fn elem_lit(&mut self, e: &Expr, t: TypeKey) -> R<Reg> {
        if let Expr::CompositeLit(cl) = e {
            if self.is_ptr(t) {
                // An elided `&T{...}`: the literal of the element's base type, boxed.
                return self.composite_of(t, cl, self.line_of(e.pos(self.cx.ast)));
            }
        }
        self.expr_to(e, t)
    }

    pub(super) fn selector(&mut self, e: &Expr, s: &ast::SelectorExpr, line: u32) -> R<Reg> {
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
                    if let Some(f) = self.func_of(o, Some(s.sel)) {
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

    /// A function of the compiler's own making, `name`: `nparams` parameters (and
    /// `ncaps` captured values after them), a body that `call` makes from those
    /// registers and the results' first register, returning the call's `nret` results.
    fn wrapper(
        &mut self,
        name: String,
        nparams: u32,
        ncaps: u32,
        nret: u32,
        line: u32,
        call: impl FnOnce(&mut Self, &[Reg], Reg) -> I,
    ) -> FuncId {
        let id = self.funcs.len() as FuncId;
        self.funcs.push(vm::Func {
            name: name.clone(),
            ..Default::default()
        });
        self.stack.push(FnCx {
            name,
            scanned: true,
            ..FnCx::default()
        });
        let regs: Vec<Reg> = (0..nparams + ncaps).map(|_| self.reg()).collect();
        let dst = self.reg();
        for _ in 1..nret.max(1) {
            self.reg();
        }
        let ins = call(self, &regs, dst);
        match &ins {
            I::Call { f, .. } => self.f().static_calls.push(*f),
            _ => self.f().other_calls += 1,
        }
        self.f().has_call = true;
        self.emit(ins, line);
        self.emit(I::Ret((dst..dst + nret).collect()), line);
        self.finish(id, nparams, ncaps);
        id
    }

    /// `x.M` as a value: a closure over the receiver, evaluated (and, for a value
    /// receiver, copied) now, as Go's method value `main.T.M-fm` is.
    pub(super) fn method_value(
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
        let sig = self.otyp(m).unwrap();
        let (np, nret) = (
            self.sig(sig).map_or(0, |s| s.0.len()) as u32,
            self.nresults(sig),
        );
        let target = if self.is_iface(rt) {
            None
        } else {
            Some(self.func_of(m, None).ok_or_else(|| {
                self.unsupported(pos, &format!("the method value {name} of a library type"))
            })?)
        };
        let fname = format!("{}.{}-fm", self.type_name(self.base_type(xt)), name);
        // The receiver is the closure's one captured value, after the parameters.
        let id = self.wrapper(fname, np, 1, nret, line, |_, regs, dst| {
            let (params, cap) = (&regs[..np as usize], regs[np as usize]);
            match target {
                Some(f) => {
                    let mut args = vec![cap];
                    args.extend(params);
                    I::Call { f, args, dst, nret }
                }
                None => I::CallIface {
                    recv: cap,
                    method: name,
                    args: params.to_vec(),
                    dst,
                    nret,
                },
            }
        });
        let d = self.reg();
        self.emit(I::Closure(d, id, vec![recv]), line);
        Ok(d)
    }

    /// `T.M` or `(*T).M` as a value: a function of the receiver then the method's
    /// parameters (the method itself where the receiver is passed as it is declared;
    /// else a wrapper that dereferences it, or calls through the interface).
    pub(super) fn method_expr(&mut self, e: &Expr, sel: &go_types::Selection, line: u32) -> R<Reg> {
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
        let target = self.func_of(m, None);
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
        let sig = self.otyp(m).unwrap();
        let (np, nret) = (
            self.sig(sig).map_or(0, |s| s.0.len()) as u32,
            self.nresults(sig),
        );
        let fname = format!("{}.{}", self.type_name(t), name);
        let id = self.wrapper(fname, np + 1, 0, nret, line, |c, regs, dst| {
            let (recv, params) = (regs[0], &regs[1..]);
            match target {
                Some(f) if !iface => {
                    // (*T).M of a value method: the method gets *p.
                    let r = c.reg();
                    c.emit(I::Load(r, recv), line);
                    let mut args = vec![r];
                    args.extend(params);
                    I::Call { f, args, dst, nret }
                }
                _ => I::CallIface {
                    recv,
                    method: name,
                    args: params.to_vec(),
                    dst,
                    nret,
                },
            }
        });
        let d = self.reg();
        self.emit(I::Closure(d, id, vec![]), line);
        Ok(d)
    }

    /// A library function the VM implements (`strings.ToUpper`) as a value: a function
    /// that makes the native call with its parameters.
    pub(super) fn native_value(&mut self, o: ObjKey, n: Native, line: u32) -> Reg {
        let sig = self.otyp(o).unwrap();
        let (np, nret) = (
            self.sig(sig).map_or(0, |s| s.0.len()) as u32,
            self.nresults(sig),
        );
        let id = self.wrapper(self.qual_name(o), np, 0, nret, line, |_, regs, dst| {
            I::Native {
                n,
                args: regs.to_vec(),
                dst,
                nret,
            }
        });
        let d = self.reg();
        self.emit(I::Closure(d, id, vec![]), line);
        d
    }

    pub(super) fn base_type(&self, t: TypeKey) -> TypeKey {
        if self.is_ptr(t) {
            self.elem_of_ptr(t)
        } else {
            t
        }
    }
}
