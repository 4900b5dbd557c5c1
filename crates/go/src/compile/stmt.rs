//! Statements: blocks, declarations, assignments, branches and labels, `for` and
//! `range`, `switch` and type switches, `select`.

use super::*;

impl<'a> Compiler<'a> {
    pub(super) fn block(&mut self, b: &ast::BlockStmt) -> R<()> {
        for s in &b.list {
            self.stmt(s)?;
        }
        Ok(())
    }

    pub(super) fn stmt(&mut self, s: &Stmt) -> R<()> {
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
            Stmt::Defer(_) if self.f().rangefunc.is_some() => {
                Err(self.unsupported(pos, "defer in the body of a range over a function"))
            }
            Stmt::Defer(d) => {
                let (f, args) = self.call_parts(&d.call)?;
                self.emit(I::Defer { f, args }, line);
                Ok(())
            }
            Stmt::Return(r) if self.f().rangefunc.is_some() => {
                // in a range over a function's body: the values go to the loop's
                // cells, and the loop returns once the iterator has
                let rf = self.f().rangefunc.clone().unwrap();
                let rts = rf.result_tys.clone();
                let mut regs = Vec::new();
                if r.results.len() == 1 && rts.len() > 1 {
                    let d = self.multi(&r.results[0], rts.len() as u32)?;
                    regs.extend((0..rts.len() as u32).map(|i| d + i));
                } else {
                    for (e, t) in r.results.iter().zip(rts.iter()) {
                        regs.push(self.expr_to(e, *t)?);
                    }
                }
                if !r.results.is_empty() {
                    for (k, v) in rf.results.iter().zip(regs) {
                        let Some(LV::Ptr(c)) = self.lookup_local(*k) else {
                            unreachable!()
                        };
                        self.emit(I::Store(c, v), line);
                    }
                }
                self.rangefunc_leave(&rf, 2, line);
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

    pub(super) fn expr_stmt(&mut self, e: &Expr) -> R<()> {
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

    pub(super) fn local_decl(&mut self, d: &ast::Decl) -> R<()> {
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
                                    let t = o.and_then(|o| self.otyp(o));
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
    pub(super) fn define(&mut self, n: IdentKey, v: Option<Reg>, line: u32) -> R<()> {
        let Some(o) = self.obj_of(n) else {
            return Ok(());
        };
        if self.cx.ast.idents[n].name == "_" {
            return Ok(());
        }
        let t = self.otyp(o).unwrap();
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

    pub(super) fn assign(&mut self, a: &ast::AssignStmt, line: u32) -> R<()> {
        let tok = a.token.clone();
        if tok == Token::DEFINE || tok == Token::ASSIGN {
            let define = tok == Token::DEFINE;
            // The spec's two phases: first the operands of the left side's index
            // expressions and indirections (`a[i()]`, `p.f`), then the right side, in
            // the usual order; then the assignments, left to right (`i, x[i] = 1, 2`
            // stores to the old x[i]).
            let mut lvs: Vec<LhsPlan> = Vec::new();
            if !define {
                // The operands need copies only where something could change them
                // before their store: a call or receive on the right, or a variable
                // assigned on the left (`i, x[i] = ...`). `a[i] = a[i] + 1` and the
                // swap `a[i], a[j] = a[j], a[i]` go without.
                let ast = self.cx.ast;
                let mut effects = a
                    .lhs
                    .iter()
                    .any(|l| matches!(l, Expr::Ident(id) if ast.idents[*id].name != "_"));
                for r in &a.rhs {
                    walk_expr(
                        r,
                        &mut |e, _| {
                            effects |= matches!(e, Expr::Call(_))
                                || matches!(e, Expr::Unary(u) if u.op == Token::ARROW)
                        },
                        ast,
                    );
                }
                for l in &a.lhs {
                    lvs.push(self.lhs_operands(l, effects, line)?);
                }
            }
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
            for (i, (l, v)) in a.lhs.iter().zip(vals).enumerate() {
                if let Some(plan) = lvs.get(i) {
                    if !matches!(plan, LhsPlan::Var) {
                        self.lhs_store(plan, v, line);
                        continue;
                    }
                }
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

    /// An assignment's phase one for `e`: the operands of its index expression or
    /// indirection (the map and key, the slice or array and index, the pointer or
    /// struct a field is selected from), evaluated now and copied, so neither the
    /// right side nor an earlier assignment of the same statement changes them; the
    /// checks (bounds, nil) are the store's, in phase two ([`Compiler::lhs_store`]).
    fn lhs_operands(&mut self, e: &Expr, copies: bool, line: u32) -> R<LhsPlan> {
        let copy = |c: &mut Self, r: Reg| {
            if !copies {
                return r;
            }
            let d = c.reg();
            c.emit(I::Move(d, r), line);
            d
        };
        Ok(match e {
            Expr::Paren(p) => return self.lhs_operands(&p.expr, copies, line),
            Expr::Index(ix) => {
                let xt = self.type_of(&ix.expr);
                match self.tk(self.under(xt)) {
                    Type::Map(m) => {
                        let key = m.key();
                        let mr = self.expr(&ix.expr)?;
                        let mr = copy(self, mr);
                        let k = self.expr_to(&ix.index, key)?;
                        LhsPlan::Map(mr, copy(self, k))
                    }
                    Type::Slice(_) => {
                        let b = self.expr(&ix.expr)?;
                        let b = copy(self, b);
                        let i = self.expr(&ix.index)?;
                        LhsPlan::SliceElem(b, copy(self, i))
                    }
                    Type::Pointer(_) => {
                        let b = self.expr(&ix.expr)?;
                        let b = copy(self, b);
                        let i = self.expr(&ix.index)?;
                        LhsPlan::Elem(b, copy(self, i))
                    }
                    _ => {
                        let b = self.addr(&ix.expr)?;
                        let i = self.expr(&ix.index)?;
                        LhsPlan::Elem(b, copy(self, i))
                    }
                }
            }
            Expr::Selector(s) => {
                let sel = self
                    .cx
                    .infos
                    .iter()
                    .find_map(|ti| ti.selections.get(&e.id()))
                    .cloned();
                match sel {
                    Some(sel) if matches!(sel.kind(), SelectionKind::FieldVal) => {
                        let xt = self.type_of(&s.expr);
                        let b = if self.is_ptr(xt) {
                            let p = self.expr(&s.expr)?;
                            copy(self, p)
                        } else {
                            self.addr(&s.expr)?
                        };
                        LhsPlan::Field(b, xt, sel.indices().clone())
                    }
                    // A package's variable (pkg.V).
                    _ => LhsPlan::Var,
                }
            }
            Expr::Star(s) => {
                let p = self.expr(&s.expr)?;
                LhsPlan::Deref(copy(self, p))
            }
            _ => LhsPlan::Var,
        })
    }

    /// Phase two of an assignment planned by [`Compiler::lhs_operands`]: the store.
    fn lhs_store(&mut self, plan: &LhsPlan, v: Reg, line: u32) {
        match plan {
            LhsPlan::Var => {}
            LhsPlan::Map(m, k) => {
                self.emit(I::SetMap(*m, *k, v), line);
            }
            LhsPlan::Elem(b, i) => {
                let d = self.reg();
                self.emit(I::ElemPtr(d, *b, *i), line);
                self.emit(I::Store(d, v), line);
            }
            // ElemPtr and Store in one instruction, at their cost (no pointer made).
            LhsPlan::SliceElem(b, i) => {
                self.emit(I::SetIndex(*b, *i, v), line);
            }
            LhsPlan::Field(b, xt, idx) => {
                let p = self.field_path(*b, *xt, idx, line);
                self.emit(I::Store(p, v), line);
            }
            LhsPlan::Deref(p) => {
                self.emit(I::Store(*p, v), line);
            }
        }
    }

    pub(super) fn lhs_type(&self, e: &Expr) -> Option<TypeKey> {
        if let Expr::Ident(id) = e {
            if self.cx.ast.idents[*id].name == "_" {
                return None;
            }
            let o = self.obj_of(*id)?;
            return self.otyp(o);
        }
        self.tv(e).map(|t| t.typ)
    }

    pub(super) fn branch(&mut self, b: &ast::BranchStmt, line: u32) -> R<()> {
        let label = b.label.map(|l| self.cx.ast.idents[l].name.clone());
        let target = |f: &FnCx, want_loop: bool| -> Option<usize> {
            f.loops.iter().rposition(|l| match &label {
                Some(n) => l.label.as_deref() == Some(n),
                None => !want_loop || l.is_loop,
            })
        };
        // in a range over a function's body: a branch to the loop itself or outside it
        if self.f().rangefunc.is_some() && matches!(b.token, Token::BREAK | Token::CONTINUE) {
            let want_loop = b.token == Token::CONTINUE;
            if target(self.f(), want_loop).is_none() {
                let rf = self.f().rangefunc.clone().unwrap();
                let cont = b.token == Token::CONTINUE;
                return match &label {
                    None => {
                        if cont {
                            let t = self.konst(V::Bool(true), line);
                            self.emit(I::Ret(vec![t]), line);
                        } else {
                            self.rangefunc_leave(&rf, 1, line);
                        }
                        Ok(())
                    }
                    Some(l) => self.rangefunc_branch(l, cont, line),
                };
            }
        }
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

    pub(super) fn push_loop(&mut self, is_loop: bool) {
        let label = self.f().pending_label.take();
        self.f().loops.push(LoopCx {
            label,
            breaks: vec![],
            conts: vec![],
            is_loop,
        });
    }

    pub(super) fn pop_loop(&mut self, cont_target: u32) {
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
    pub(super) fn fresh_iteration_vars(&mut self, init: &Option<Stmt>, line: u32) {
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

    pub(super) fn for_stmt(&mut self, st: &ast::ForStmt, line: u32) -> R<()> {
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

    pub(super) fn range_var(&mut self, e: &Option<Expr>, define: bool, v: Reg, line: u32) -> R<()> {
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

    pub(super) fn range_stmt(&mut self, st: &ast::RangeStmt, line: u32) -> R<()> {
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
            Type::Signature(_) => return self.range_func(st, x, line),
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

    /// `for k, v := range seq { body }` over a function (Go 1.23): the body is
    /// compiled as the yield function `seq` is called with (gc's rangefunc rewrite):
    /// continue returns true; break, return and a labelled branch out set the loop's
    /// state, return false, and are carried out once `seq` returns. Calling yield
    /// again after it returned false is the runtime's panic.
    pub(super) fn range_func(&mut self, st: &ast::RangeStmt, seq: Reg, line: u32) -> R<()> {
        let define = st.token == Token::DEFINE;
        let own_label = self.f().pending_label.take();
        let st_key = self.synth();
        let zero = self.konst(V::Int(0), line);
        let cell = self.reg();
        self.emit(I::Box(cell, zero), line);
        self.f().locals.insert(
            st_key,
            Local {
                reg: cell,
                boxed: true,
            },
        );
        // the returned values' cells: the function's that holds the outermost loop
        let (results, result_tys) = match self.f().rangefunc.clone() {
            Some(rf) => (rf.results, rf.result_tys),
            None => {
                let tys = self.f().result_tys.clone();
                let mut keys = vec![];
                for &t in &tys {
                    let k = self.synth();
                    let z = self.zero(t);
                    let zr = self.konst(z, line);
                    let c = self.reg();
                    self.emit(I::Box(c, zr), line);
                    self.f().locals.insert(
                        k,
                        Local {
                            reg: c,
                            boxed: true,
                        },
                    );
                    keys.push(k);
                }
                (keys, tys)
            }
        };
        // the labels a branch in the body may name outside it
        let mut labels = self
            .f()
            .rangefunc
            .as_ref()
            .map(|rf| rf.labels.clone())
            .unwrap_or_default();
        if let Some(l) = self
            .f()
            .rangefunc
            .as_ref()
            .and_then(|rf| rf.own_label.clone())
        {
            labels.push(l);
        }
        let here_labels: Vec<String> = self
            .f()
            .loops
            .iter()
            .filter_map(|l| l.label.clone())
            .collect();
        labels.extend(here_labels);
        // the yield function
        let id = self.funcs.len() as FuncId;
        let outer = self.f();
        outer.nlits += 1;
        let name = format!("{}-range{}", outer.name, outer.nlits);
        self.funcs.push(vm::Func {
            name: name.clone(),
            ..Default::default()
        });
        self.stack.push(FnCx {
            name,
            scanned: true,
            rangefunc: Some(RangeFuncCx {
                state: st_key,
                results: results.clone(),
                result_tys: result_tys.clone(),
                labels: labels.clone(),
                own_label: own_label.clone(),
            }),
            ..FnCx::default()
        });
        self.f().result_tys = vec![];
        let np = [&st.key, &st.val].iter().filter(|k| k.is_some()).count();
        let yt = {
            let xt = self.type_of(&st.expr);
            let Type::Signature(s) = self.tk(self.under(xt)) else {
                unreachable!()
            };
            let Type::Tuple(p) = self.tk(s.params()) else {
                unreachable!()
            };
            self.otyp(p.vars()[0]).unwrap()
        };
        let nyield = match self.tk(self.under(yt)) {
            Type::Signature(s) => match self.tk(s.params()) {
                Type::Tuple(p) => p.vars().len(),
                _ => 0,
            },
            _ => 0,
        };
        let params: Vec<Reg> = (0..nyield).map(|_| self.reg()).collect();
        let _ = np;
        // yield after the loop was left: the runtime's panic
        let sc = match self.lookup_local(st_key) {
            Some(LV::Ptr(r)) => r,
            _ => unreachable!(),
        };
        let sv = self.reg();
        self.emit(I::Load(sv, sc), line);
        let int = Kind::Int {
            bits: 64,
            signed: true,
        };
        let zero = self.konst(V::Int(0), line);
        let c = self.reg();
        self.emit(I::Bin(BinOp::Eq, int, c, sv, zero), line);
        let ok = self.emit(I::JmpIf(c, 0), line);
        self.emit(
            I::Trap(
                "runtime error: range function continued iteration after function for loop body returned false"
                    .into(),
            ),
            line,
        );
        let h = self.here();
        self.patch(ok, h);
        if let Some(&k) = params.first() {
            self.range_var(&st.key, define, k, line)?;
        }
        if let Some(&v) = params.get(1) {
            self.range_var(&st.val, define, v, line)?;
        }
        self.block(&st.body)?;
        let t = self.konst(V::Bool(true), line);
        self.emit(I::Ret(vec![t]), line);
        let fc = self.stack.last().unwrap();
        if fc.gotos.iter().any(|(_, n)| !fc.labels.contains_key(n)) {
            return Err(self.unsupported(
                st.for_pos,
                "a goto out of the body of a range over a function",
            ));
        }
        let caps = self.f().caps.clone();
        let ncaps = caps.len() as u32;
        let placeholders: Vec<Reg> = caps.iter().map(|o| self.f().locals[o].reg).collect();
        remap_caps(self.f(), nyield as u32, &placeholders);
        self.finish(id, nyield as u32, ncaps);
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
        let yf = self.reg();
        self.emit(I::Closure(yf, id, cap_regs), line);
        let dst = self.reg();
        self.emit(
            I::CallV {
                f: seq,
                args: vec![yf],
                dst,
                nret: 0,
            },
            line,
        );
        // carry out what ended the loop
        let sv = self.reg();
        self.emit(I::Load(sv, cell), line);
        let mut codes: Vec<(i64, Option<(String, bool)>)> = vec![(2, None)];
        for (i, l) in labels.iter().enumerate() {
            codes.push((3 + 2 * i as i64, Some((l.clone(), false))));
            codes.push((4 + 2 * i as i64, Some((l.clone(), true))));
        }
        for (code, what) in codes {
            let k = self.konst(V::Int(code), line);
            let c = self.reg();
            self.emit(I::Bin(BinOp::Eq, int, c, sv, k), line);
            let skip = self.emit(I::JmpIfNot(c, 0), line);
            match what {
                None => self.rangefunc_return(&results, line)?,
                Some((label, cont)) => self.rangefunc_branch(&label, cont, line)?,
            }
            let h = self.here();
            self.patch(skip, h);
        }
        Ok(())
    }

    /// The function returns with the values in `results` (the outermost range
    /// loop's cells); from a yield function, by passing it on to the loop around.
    fn rangefunc_return(&mut self, results: &[ObjKey], line: u32) -> R<()> {
        if let Some(rf) = self.f().rangefunc.clone() {
            self.rangefunc_leave(&rf, 2, line);
            return Ok(());
        }
        let mut regs = vec![];
        for k in results {
            let Some(LV::Ptr(c)) = self.lookup_local(*k) else {
                unreachable!()
            };
            let d = self.reg();
            self.emit(I::Load(d, c), line);
            regs.push(d);
        }
        // named results see the returned values (for deferred functions)
        let named = self.f().results.clone();
        for (i, nr) in named.iter().enumerate() {
            if nr & BOXED_RESULT != 0 {
                self.emit(I::Store(nr & !BOXED_RESULT, regs[i]), line);
            }
        }
        self.emit(I::Ret(regs), line);
        Ok(())
    }

    /// A labelled branch out of a yield function's body, carried out where the loop
    /// it names is: here, or passed on to the loop around.
    fn rangefunc_branch(&mut self, label: &str, cont: bool, line: u32) -> R<()> {
        if let Some(i) = self
            .f()
            .loops
            .iter()
            .rposition(|l| l.label.as_deref() == Some(label))
        {
            let j = self.emit(I::Jmp(0), line);
            if cont {
                self.f().loops[i].conts.push(j);
            } else {
                self.f().loops[i].breaks.push(j);
            }
            return Ok(());
        }
        let rf = self
            .f()
            .rangefunc
            .clone()
            .expect("a label outside is a yield function's");
        if rf.own_label.as_deref() == Some(label) {
            if cont {
                let t = self.konst(V::Bool(true), line);
                self.emit(I::Ret(vec![t]), line);
            } else {
                self.rangefunc_leave(&rf, 1, line);
            }
            return Ok(());
        }
        let i = rf.labels.iter().position(|l| l == label).unwrap();
        self.rangefunc_leave(&rf, 3 + 2 * i as i64 + cont as i64, line);
        Ok(())
    }

    /// Leaves a yield function: the loop's state becomes `code`, and yield returns
    /// false.
    fn rangefunc_leave(&mut self, rf: &RangeFuncCx, code: i64, line: u32) {
        let Some(LV::Ptr(c)) = self.lookup_local(rf.state) else {
            unreachable!()
        };
        let k = self.konst(V::Int(code), line);
        self.emit(I::Store(c, k), line);
        let f = self.konst(V::Bool(false), line);
        self.emit(I::Ret(vec![f]), line);
    }

    pub(super) fn switch(&mut self, st: &ast::SwitchStmt, line: u32) -> R<()> {
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

    pub(super) fn type_switch(&mut self, st: &ast::TypeSwitchStmt, line: u32) -> R<()> {
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
                let t = self.otyp(obj).unwrap();
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
    pub(super) fn bind_reg(&mut self, o: ObjKey, r: Reg, v: Reg, boxed: bool, line: u32) {
        self.emit(if boxed { I::Box(r, v) } else { I::Move(r, v) }, line);
        self.f().locals.insert(o, Local { reg: r, boxed });
    }

    pub(super) fn implicit_of(&self, c: &Rc<ast::CaseClause>) -> Option<ObjKey> {
        let id = Stmt::Case(c.clone()).id();
        self.cx
            .infos
            .iter()
            .find_map(|ti| ti.implicits.get(&id).copied())
    }

    pub(super) fn bind_obj(&mut self, o: ObjKey, v: Reg, line: u32) {
        let t = self.otyp(o).unwrap();
        let r = self.reg();
        let boxed = self.escaping.contains(&o) || self.is_aggregate(t);
        self.bind_reg(o, r, v, boxed, line);
    }

    pub(super) fn select(&mut self, st: &ast::SelectStmt, line: u32) -> R<()> {
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
}
