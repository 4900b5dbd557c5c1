//! Calls: static, through func values and interfaces, natives, `go`/`defer` thunks,
//! arguments (variadics, spreads), method receivers, conversions and builtins.

use super::*;

impl<'a> Compiler<'a> {
    /// Compiles a call for its value(s): returns the first result register (results
    /// are consecutive).
    pub(super) fn multi(&mut self, e: &Expr, n: u32) -> R<Reg> {
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
    pub(super) fn call_parts(&mut self, e: &Expr) -> R<(Reg, Vec<Reg>)> {
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
            // `pkg.F`, or a func-valued field (`go x.f()`: the value of `x.f` now).
            (Expr::Selector(_), _) => match self
                .cx
                .infos
                .iter()
                .find_map(|ti| ti.selections.get(&c.func.id()))
            {
                None => self.selector_func(&c.func).is_some(),
                Some(sel) => matches!(sel.kind(), SelectionKind::FieldVal),
            },
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
    pub(super) fn thunk(&mut self, e: &Expr, has_recv: bool, nargs: usize) -> R<FuncId> {
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

    pub(super) fn is_method_call(&self, f: &Expr) -> bool {
        self.cx
            .infos
            .iter()
            .find_map(|ti| ti.selections.get(&f.id()))
            .map(|s| matches!(s.kind(), SelectionKind::MethodVal))
            .unwrap_or(false)
    }

    /// The generic function an instantiation `F[int]` / `pkg.F[K, V]` instantiates
    /// (its base expression), if `e` is one.
    pub(super) fn inst_base<'e>(&self, e: &'e Expr) -> Option<&'e Expr> {
        let base = match e {
            Expr::Index(ix) => &ix.expr,
            Expr::IndexList(ix) => &ix.expr,
            _ => return None,
        };
        let raw = self.cx.tv(base)?.typ;
        self.cx.tc.types[raw]
            .try_as_signature()
            .filter(|s| !s.tparams().is_empty())
            .map(|_| base)
    }

    pub(super) fn ident_func(&self, f: &Expr) -> Option<FuncId> {
        let f = self.inst_base(f).unwrap_or(f);
        let Expr::Ident(id) = f else { return None };
        let o = self.obj_of(*id)?;
        if !matches!(self.cx.tc.lobjs[o].entity_type(), EntityType::Func(_)) {
            return None;
        }
        self.func_of(o, Some(*id))
    }

    pub(super) fn selector_func(&self, f: &Expr) -> Option<FuncId> {
        let f = self.inst_base(f).unwrap_or(f);
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
        self.func_of(o, Some(s.sel))
    }

    pub(super) fn selector_native(&self, f: &Expr) -> Option<Native> {
        let Expr::Selector(s) = f else { return None };
        let o = self.obj_of(s.sel)?;
        let lo = &self.cx.tc.lobjs[o];
        if !matches!(lo.entity_type(), EntityType::Func(_))
            || self.func_of(o, Some(s.sel)).is_some()
        {
            return None;
        }
        natives()
            .get(format!("{}.{}", self.pkg_path(o), lo.name()).as_str())
            .copied()
    }

    pub(super) fn ident_native(&self, f: &Expr) -> Option<Native> {
        let Expr::Ident(id) = f else { return None };
        let o = self.obj_of(*id)?;
        let lo = &self.cx.tc.lobjs[o];
        if !matches!(lo.entity_type(), EntityType::Func(_)) || self.func_of(o, Some(*id)).is_some()
        {
            return None;
        }
        natives()
            .get(format!("{}.{}", self.pkg_path(o), lo.name()).as_str())
            .copied()
    }

    /// A method selected on a value of type parameter type, in an instance: the
    /// method the type argument has of that name, with its own path (None if the
    /// receiver's type is no type parameter, or outside an instance).
    pub(super) fn concrete_selection(
        &self,
        s: &ast::SelectorExpr,
        sel: &go_types::Selection,
    ) -> Option<go_types::Selection> {
        self.sub.as_ref()?;
        let raw = self.cx.tv(&s.expr)?.typ;
        if !matches!(self.cx.tc.types[raw], Type::TypeParam(_)) {
            return None;
        }
        let ct = self.sub(raw);
        let lo = &self.cx.tc.lobjs[sel.obj()];
        match go_types::lookup::lookup_field_or_method(ct, false, lo.pkg(), lo.name(), self.cx.tc) {
            go_types::lookup::LookupResult::Entry(o, idx, indirect) => {
                Some(go_types::Selection::new(
                    SelectionKind::MethodVal,
                    Some(ct),
                    o,
                    idx,
                    indirect,
                    self.cx.tc,
                ))
            }
            _ => None,
        }
    }

    pub(super) fn method_ptr_recv(&self, m: ObjKey) -> bool {
        match self.otyp(m).map(|t| &self.cx.tc.types[t]) {
            Some(Type::Signature(sig)) => sig
                .recv()
                .and_then(|r| self.otyp(r))
                .map(|t| self.is_ptr(t))
                .unwrap_or(false),
            _ => false,
        }
    }

    /// Evaluates a call's arguments, converting each to its parameter type and packing
    /// the variadic tail into a slice.
    pub(super) fn call_args(&mut self, c: &ast::CallExpr, ftype: TypeKey) -> R<Vec<Reg>> {
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
                let from = self.otyp(*v);
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

    pub(super) fn sig(&self, ftype: TypeKey) -> Option<(Vec<TypeKey>, bool)> {
        let Type::Signature(s) = self.tk(self.under(ftype)) else {
            return None;
        };
        let Type::Tuple(p) = self.tk(s.params()) else {
            return None;
        };
        Some((
            p.vars().iter().map(|v| self.otyp(*v).unwrap()).collect(),
            s.variadic(),
        ))
    }

    pub(super) fn nresults(&self, ftype: TypeKey) -> u32 {
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
    pub(super) fn call(&mut self, e: &Expr, want: u32) -> R<Reg> {
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
                    // a method of a type parameter's value: the type argument's
                    let sel = self.concrete_selection(s, &sel).unwrap_or(sel);
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
                    if let Some(f) = self.func_of(m, None) {
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
                    && self.func_of(o, Some(s.sel)).is_none()
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
    pub(super) fn recv_type(&self, s: &ast::SelectorExpr, sel: &go_types::Selection) -> TypeKey {
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
    pub(super) fn method_receiver(
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

    pub(super) fn conversion(&mut self, c: &ast::CallExpr, to: TypeKey, line: u32) -> R<Reg> {
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
            (
                Ty::Int {
                    bits: 64,
                    signed: false,
                },
                Ty::Float,
            ) => Conv::UintToFloat,
            (
                Ty::Int {
                    bits: 64,
                    signed: false,
                },
                Ty::Float32,
            ) => Conv::UintToFloat32,
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

    pub(super) fn builtin(
        &mut self,
        b: go_types::Builtin,
        c: &ast::CallExpr,
        e: &Expr,
        line: u32,
    ) -> R<Reg> {
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
                let elem = vm::RawKind::elem_code(&self.types, ety);
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
                        let code = vm::RawKind::elem_code(&self.types, ety);
                        self.emit(I::MakeSlice(d, n, cap, zr, code), line);
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
                // The key is assigned to the map's key type: a concrete value becomes
                // the interface a map[I]V holds (else it is another key).
                let mt = self.type_of(&c.args[0]);
                let k = match self.tk(self.under(mt)) {
                    Type::Map(mm) => {
                        let kt = mm.key();
                        let from = self.tv(&c.args[1]).map(|t| t.typ);
                        self.convert_implicit(k, from, kt, line)
                    }
                    _ => k,
                };
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
