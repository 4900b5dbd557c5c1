// gmp: generics (Go 1.18): type parameter lists, constraints and their type sets,
// instantiation, constraint satisfaction and function argument type inference.
// Written for GMP Explorer after the rules of the Go spec and the behaviour of
// go/types 1.27 (decl.go: collectTypeParams, bound; instantiate.go: verify,
// implements; infer.go, unify.go; typeset.go), not ported from it.

use super::super::lookup;
use super::super::objects::{ObjKey, ScopeKey, TypeKey};
use super::super::operand::{Operand, OperandMode};
use super::super::subst::{self, SubstMap};
use super::super::typ::{self, Type};
use super::super::universe::ExprKind;
use super::check::{Checker, FilesContext};
use crate::SourceRead;
use go_parser::ast::{Expr, FieldList, Node};
use go_parser::{IdentKey, Pos, Token};
use std::collections::HashMap;

/// How a type argument is unified with a parameter's type: at the top of an
/// argument (`Assign`: a named type matches an unnamed one of its underlying type,
/// a bidirectional channel a directional one) or inside a type (`Exact`).
#[derive(Clone, Copy, PartialEq)]
enum Unify {
    Assign,
    Exact,
}

impl<'a, S: SourceRead> Checker<'a, S> {
    /// Declares the type parameters of `list` in scope `skey`, then checks their
    /// constraints (which may refer to any of them): the TypeParam types, in order.
    pub fn collect_type_params(
        &mut self,
        skey: ScopeKey,
        list: &FieldList,
        fctx: &mut FilesContext<S>,
    ) -> Vec<TypeKey> {
        let mut tparams = vec![];
        let mut per_field = vec![];
        for fkey in list.list.iter() {
            let field = &self.ast_objs.fields[*fkey];
            let names = field.names.clone();
            let mut these = vec![];
            for name in names {
                let ident = self.ast_ident(name);
                let (pos, n) = (ident.pos, ident.name.clone());
                let obj = self.tc_objs.new_type_name(pos, Some(self.pkg), n, None);
                let tp = self.tc_objs.new_t_type_param(obj, tparams.len());
                self.lobj_mut(obj).set_type(Some(tp));
                let scope_pos = self.scope(skey).pos();
                self.declare(skey, Some(name), obj, scope_pos);
                tparams.push(tp);
                these.push(tp);
            }
            per_field.push((*fkey, these));
        }
        let saved = self.octx.scope;
        self.octx.scope = Some(skey);
        for (fkey, these) in per_field {
            let e = self.ast_objs.fields[fkey].typ.clone();
            let bound = self.bound(&e, fctx);
            for tp in these {
                self.otype_mut(tp)
                    .try_as_type_param_mut()
                    .unwrap()
                    .set_constraint(bound);
            }
        }
        self.octx.scope = saved;
        tparams
    }

    /// A type parameter's constraint (go/types: bound): an interface, or a type or
    /// union written as one, made an implicit interface (`[T ~int | string]`).
    fn bound(&mut self, e: &Expr, fctx: &mut FilesContext<S>) -> TypeKey {
        let is_elem = match e {
            Expr::Unary(u) => u.op == Token::TILDE,
            Expr::Binary(b) => b.op == Token::OR,
            _ => false,
        };
        let t = if is_elem {
            self.embedded_elem_type(e, fctx)
        } else {
            self.type_expr(e, fctx)
        };
        if t == self.invalid_type() {
            return self.implicit_iface(vec![]);
        }
        if let Type::TypeParam(_) = self.otype(t) {
            let pos = e.pos(self.ast_objs);
            let td = self.new_dis(&t);
            self.error(pos, format!("cannot use a type parameter as constraint: {}", td));
            return self.implicit_iface(vec![]);
        }
        if typ::is_interface(t, self.tc_objs) {
            t
        } else {
            self.implicit_iface(vec![t])
        }
    }

    /// An implicit interface embedding `elems` (a constraint written as a type).
    fn implicit_iface(&mut self, elems: Vec<TypeKey>) -> TypeKey {
        let t = self.tc_objs.new_t_interface(vec![], elems);
        let i = self.otype(t).try_as_interface().unwrap();
        i.set_implicit(true);
        i.complete(self.tc_objs);
        t
    }

    /// The type of an interface's embedded element: an interface, a union of terms
    /// (`~int | string`), or a type (one term).
    pub fn embedded_elem_type(&mut self, e: &Expr, fctx: &mut FilesContext<S>) -> TypeKey {
        let mut terms = vec![];
        self.union_terms_of(e, &mut terms, fctx);
        if terms.len() == 1 && !terms[0].0 {
            return terms[0].1;
        }
        self.tc_objs.new_t_union(terms)
    }

    fn union_terms_of(
        &mut self,
        e: &Expr,
        out: &mut Vec<(bool, TypeKey)>,
        fctx: &mut FilesContext<S>,
    ) {
        match e {
            Expr::Binary(b) if b.op == Token::OR => {
                self.union_terms_of(&b.expr_a, out, fctx);
                self.union_terms_of(&b.expr_b, out, fctx);
            }
            Expr::Paren(p) => self.union_terms_of(&p.expr, out, fctx),
            Expr::Unary(u) if u.op == Token::TILDE => {
                let t = self.type_expr(&u.expr, fctx);
                if t == self.invalid_type() {
                    return;
                }
                let under = typ::underlying_type(t, self.tc_objs);
                if let Type::TypeParam(_) = self.otype(t) {
                    let pos = u.expr.pos(self.ast_objs);
                    let td = self.new_dis(&t);
                    self.error(pos, format!("term cannot be a type parameter: {}", td));
                    return;
                }
                if under != t {
                    let pos = u.expr.pos(self.ast_objs);
                    let (td, ud) = (self.new_dis(&t), self.new_dis(&under));
                    self.error(
                        pos,
                        format!("invalid use of ~ (underlying type of {} is {})", td, ud),
                    );
                    return;
                }
                out.push((true, t));
            }
            _ => {
                let t = self.type_expr(e, fctx);
                if t == self.invalid_type() {
                    return;
                }
                if let Type::TypeParam(_) = self.otype(t) {
                    let pos = e.pos(self.ast_objs);
                    let td = self.new_dis(&t);
                    self.error(pos, format!("term cannot be a type parameter: {}", td));
                    return;
                }
                out.push((false, t));
            }
        }
    }

    /// The specific types of an interface's type set and its comparability, from
    /// its embedded elements (the intersection of their sets).
    pub fn compute_type_set(&mut self, itype: TypeKey) {
        let embeds = self.otype_interface(itype).embeddeds().clone();
        let mut terms: Option<Vec<(bool, TypeKey)>> = None;
        let mut comparable = false;
        for e in embeds {
            let (et, ec) = match self.otype(e).underlying_val(self.tc_objs) {
                Type::Interface(ei) => {
                    let t = ei.terms().clone();
                    (t, ei.is_comparable_set())
                }
                _ => (Some(typ::union_terms(e, self.tc_objs)), false),
            };
            comparable |= ec;
            if let Some(et) = et {
                terms = Some(match terms {
                    None => et,
                    Some(t) => typ::intersect_terms(&t, &et, self.tc_objs),
                });
            }
        }
        let i = self.otype_interface(itype);
        i.set_terms(terms);
        if comparable {
            i.set_comparable(true);
        }
    }

    /// The type (or the type parameter's core type) to look into for an operation
    /// on a value of type `t`: `t`'s underlying type, or for a type parameter its
    /// core type, if it has one (go/types: coreType).
    pub fn core_type(&self, t: TypeKey) -> Option<TypeKey> {
        match self.otype(t) {
            Type::TypeParam(tp) => tp.core_type(self.tc_objs),
            _ => Some(typ::underlying_type(t, self.tc_objs)),
        }
    }

    /// `T[A, B]` as a type: the instance of generic type T (checked, or reported).
    pub fn instantiated_type(
        &mut self,
        base: &Expr,
        args: &[Expr],
        def: Option<TypeKey>,
        fctx: &mut FilesContext<S>,
    ) -> Option<TypeKey> {
        let mut x = Operand::new();
        match base {
            Expr::Ident(i) => self.ident(&mut x, *i, def, true, fctx),
            Expr::Selector(s) => self.selector(&mut x, s, fctx),
            _ => {
                let pos = base.pos(self.ast_objs);
                let ed = self.new_dis(base);
                self.error(pos, format!("{} is not a generic type", ed));
                return None;
            }
        }
        match x.mode {
            OperandMode::TypeExpr => {}
            OperandMode::Invalid => return None,
            _ => {
                let xd = self.new_dis(&x);
                self.error(xd.pos(), format!("{} is not a type", xd));
                return None;
            }
        }
        let gt = x.typ.unwrap();
        let tparams = match self.otype(gt).try_as_named() {
            Some(n) if !n.tparams().is_empty() && n.orig().is_none() => n.tparams().clone(),
            _ => {
                let pos = base.pos(self.ast_objs);
                let td = self.new_dis(&gt);
                self.error(pos, format!("{} is not a generic type", td));
                return None;
            }
        };
        let mut targs = vec![];
        for a in args {
            let t = self.type_expr(a, fctx);
            if t == self.invalid_type() {
                return None;
            }
            targs.push(t);
        }
        let pos = base.pos(self.ast_objs);
        if targs.len() != tparams.len() {
            let qual = if targs.len() < tparams.len() {
                "not enough"
            } else {
                "too many"
            };
            let td = self.new_dis(&gt);
            let at = if targs.len() > tparams.len() {
                args[tparams.len()].pos(self.ast_objs)
            } else {
                pos
            };
            self.error(
                at,
                format!(
                    "{} type arguments for type {}: have {}, want {}",
                    qual,
                    td,
                    targs.len(),
                    tparams.len()
                ),
            );
            return None;
        }
        let inst = subst::instantiate_named(self.tc_objs, gt, targs.clone());
        if let Some(id) = base_ident(base) {
            self.result.instances.insert(id, (targs.clone(), inst));
        }
        // The constraints are checked once every type involved is complete (a
        // type may be instantiated while its own declaration is checked).
        let arg_pos: Vec<Pos> = args.iter().map(|a| a.pos(self.ast_objs)).collect();
        let f = move |checker: &mut Checker<S>, fctx: &mut FilesContext<S>| {
            checker.verify(&tparams, &targs, &arg_pos, fctx);
        };
        fctx.later(Box::new(f));
        Some(inst)
    }

    /// Checks that each type argument satisfies its type parameter's constraint
    /// (with the type arguments substituted for the type parameters); reports the
    /// first that does not.
    pub fn verify(
        &mut self,
        tparams: &[TypeKey],
        targs: &[TypeKey],
        pos: &[Pos],
        fctx: &mut FilesContext<S>,
    ) -> bool {
        let smap = subst::subst_map(tparams, targs);
        for (i, &tp) in tparams.iter().enumerate() {
            let c = match self.otype(tp).try_as_type_param() {
                Some(d) => d.constraint(),
                None => continue,
            };
            let c = subst::subst(self.tc_objs, c, &smap);
            if let Err(cause) = self.implements(targs[i], c, true, fctx) {
                let p = pos.get(i).or(pos.last()).copied().unwrap_or(0);
                self.error(p, cause);
                return false;
            }
        }
        true
    }

    /// Whether type `v` implements interface `t` (satisfies it, as a type argument,
    /// if `constraint`); the reason if not, worded as go/types words it.
    pub fn implements(
        &mut self,
        v: TypeKey,
        t: TypeKey,
        constraint: bool,
        fctx: &mut FilesContext<S>,
    ) -> Result<(), String> {
        let invalid = self.invalid_type();
        if v == invalid || t == invalid {
            return Ok(());
        }
        let verb = if constraint { "satisfy" } else { "implement" };
        let tu = typ::underlying_type(t, self.tc_objs);
        let ti = match self.otype(tu).try_as_interface() {
            Some(i) => i,
            None => {
                let td = self.new_dis(&t);
                return Err(format!("{} is not an interface", td));
            }
        };
        ti.complete(self.tc_objs);
        let t_terms = ti.terms().clone();
        let t_comparable = ti.is_comparable_set();
        let t_methods = ti.all_methods().as_ref().map_or(0, |m| m.len());
        if t_terms.is_none() && !t_comparable && t_methods == 0 {
            return Ok(());
        }
        // v's own type set, when v is an interface or a type parameter
        let v_set: Option<(Option<Vec<(bool, TypeKey)>>, bool)> = match self.otype(v) {
            Type::TypeParam(tp) => match tp.iface(self.tc_objs) {
                Some(i) => {
                    i.complete(self.tc_objs);
                    let t = i.terms().clone();
                    Some((t, i.is_comparable_set()))
                }
                None => Some((None, false)),
            },
            _ => match self.otype(v).underlying_val(self.tc_objs) {
                Type::Interface(i) => {
                    i.complete(self.tc_objs);
                    let t = i.terms().clone();
                    Some((t, i.is_comparable_set()))
                }
                _ => None,
            },
        };
        if let Some((Some(vt), _)) = &v_set {
            if vt.is_empty() {
                return Ok(());
            }
        }
        if let Some(ts) = &t_terms {
            if ts.is_empty() {
                let vd = self.new_dis(&v);
                return Err(format!("cannot {} {} (empty type set)", verb, vd));
            }
        }
        let (vd, td) = (self.new_dis(&v).to_string(), self.new_dis(&t).to_string());
        // v must have t's methods
        if t_methods > 0 {
            if let Some((m, wrong)) = lookup::missing_method(v, tu, true, self, fctx) {
                let mname = self.lobj(m).name().clone();
                let why = if wrong {
                    format!("(wrong type for method {})", mname)
                } else {
                    format!("(missing method {})", mname)
                };
                return Err(format!("{} does not {} {} {}", vd, verb, td, why));
            }
        }
        let comparability = |c: &Self| -> Result<(), String> {
            if !t_comparable {
                return Ok(());
            }
            let ok = match &v_set {
                // a type parameter: its own type set must be comparable
                Some((terms, vc)) if matches!(c.otype(v), Type::TypeParam(_)) => {
                    *vc || terms.as_ref().is_some_and(|ts| {
                        !ts.is_empty() && ts.iter().all(|&(_, x)| typ::comparable(x, c.tc_objs))
                    })
                }
                // an ordinary interface satisfies comparable as a constraint (spec
                // comparability, Go 1.20)
                Some(_) => constraint,
                None => typ::comparable(v, c.tc_objs),
            };
            if ok {
                Ok(())
            } else {
                Err(format!("{} does not {} comparable", vd, verb))
            }
        };
        let t_terms = match t_terms {
            None => return comparability(self),
            Some(ts) => ts,
        };
        if let Some((v_terms, _)) = &v_set {
            // every type of v's set must be in t's
            let subset = match v_terms {
                None => false,
                Some(vt) => vt.iter().all(|&(tilde, x)| {
                    t_terms.iter().any(|&(ttilde, y)| {
                        if ttilde {
                            typ::identical(
                                typ::underlying_type(x, self.tc_objs),
                                typ::underlying_type(y, self.tc_objs),
                                self.tc_objs,
                            )
                        } else {
                            !tilde && typ::identical(x, y, self.tc_objs)
                        }
                    })
                }),
            };
            if !subset {
                return Err(format!("{} does not {} {}", vd, verb, td));
            }
            return comparability(self);
        }
        if !typ::in_terms(v, &Some(t_terms.clone()), self.tc_objs) {
            // V is in ~t but not in t: suggest the ~
            let alt = t_terms.iter().find(|&&(tilde, x)| {
                !tilde
                    && typ::underlying_type(x, self.tc_objs) == x
                    && typ::identical(typ::underlying_type(v, self.tc_objs), x, self.tc_objs)
            });
            let list = self.terms_string(&t_terms);
            return Err(match alt {
                Some(&(_, x)) => format!(
                    "{} does not {} {} (possibly missing ~ for {} in {})",
                    vd,
                    verb,
                    td,
                    self.new_dis(&x),
                    td
                ),
                None => format!("{} does not {} {} ({} missing in {})", vd, verb, td, vd, list),
            });
        }
        comparability(self)
    }

    fn terms_string(&self, terms: &[(bool, TypeKey)]) -> String {
        terms
            .iter()
            .map(|&(tilde, t)| format!("{}{}", if tilde { "~" } else { "" }, self.new_dis(&t)))
            .collect::<Vec<_>>()
            .join(" | ")
    }

    /// The type arguments of a call of a generic function whose signature has
    /// type parameters `tparams` and parameters `params` (a tuple), given the
    /// explicit type arguments `targs` and the arguments: function argument type
    /// inference, then the constraints' core types, then the default types of
    /// untyped arguments (go/types: infer). Reports what cannot be inferred.
    pub fn infer(
        &mut self,
        pos: Pos,
        tparams: &[TypeKey],
        targs: &[TypeKey],
        ptypes: &[TypeKey],
        args: &[Operand],
        _fctx: &mut FilesContext<S>,
    ) -> Option<Vec<TypeKey>> {
        let n = tparams.len();
        if targs.len() == n {
            return Some(targs.to_vec());
        }
        if args.iter().any(|a| a.invalid()) {
            return None;
        }
        let mut u = Unifier {
            tparams: tparams.to_vec(),
            handles: (0..n).map(|i| targs.get(i).copied()).collect(),
            depth: 0,
        };
        let mut untyped = vec![];
        for (i, arg) in args.iter().enumerate() {
            let Some(&pt) = ptypes.get(i) else { break };
            let at = arg.typ.unwrap();
            if !self.mentions(tparams, pt) {
                continue;
            }
            if typ::is_typed(at, self.tc_objs) {
                if !u.unify(self, pt, at, Unify::Assign) {
                    let (ad, pd) = (self.new_dis(&at).to_string(), self.new_dis(&pt).to_string());
                    let ed = arg.expr.as_ref().map(|e| self.new_dis(e).to_string()).unwrap_or_default();
                    let inferred = u.inferred_subst(self, pt);
                    let msg = match inferred {
                        Some(it) if it != pt => format!(
                            "type {} of {} does not match inferred type {} for {}",
                            ad,
                            ed,
                            self.new_dis(&it),
                            pd
                        ),
                        _ => format!("type {} of {} does not match {}", ad, ed, pd),
                    };
                    self.error(arg.pos(self.ast_objs), msg);
                    return None;
                }
            } else if self.index_of(tparams, pt).is_some() && !arg.is_nil(self.tc_objs.universe()) {
                untyped.push(i);
            }
        }
        // the constraints' core types
        loop {
            let before = u.unknowns();
            for (i, &tp) in tparams.iter().enumerate() {
                let (core, single, tilde) = self.core_term(tp);
                let Some(core) = core else { continue };
                match u.handles[i] {
                    Some(tx) => {
                        if !u.unify(self, tx, core, Unify::Exact) && !u.unify_under(self, tx, core) {
                            let (pd, xd) = (self.new_dis(&tp), self.new_dis(&tx));
                            let c = self.otype(tp).try_as_type_param().unwrap().constraint();
                            let cd = self.new_dis(&c);
                            self.error(pos, format!("{} (type {}) does not satisfy {}", pd, xd, cd));
                            return None;
                        }
                    }
                    None if single && !tilde => u.handles[i] = Some(core),
                    None => {}
                }
            }
            if u.unknowns() == before {
                break;
            }
        }
        // untyped arguments: the default type of the "largest" kind for each
        let mut max: HashMap<usize, TypeKey> = HashMap::new();
        for &ai in &untyped {
            let pt = ptypes[ai];
            let ti = self.index_of(tparams, pt).unwrap();
            if u.handles[ti].is_some() {
                continue;
            }
            let at = args[ai].typ.unwrap();
            let m = match max.get(&ti) {
                None => at,
                Some(&prev) => match self.max_untyped(prev, at) {
                    Some(m) => m,
                    None => {
                        let (pd, ad, td) = (self.new_dis(&prev), self.new_dis(&at), self.new_dis(&pt));
                        self.error(
                            args[ai].pos(self.ast_objs),
                            format!("mismatched types {} and {} (cannot infer {})", pd, ad, td),
                        );
                        return None;
                    }
                },
            };
            max.insert(ti, m);
        }
        for (ti, t) in max {
            u.handles[ti] = Some(typ::untyped_default_type(t, self.tc_objs));
        }
        // inferred types may mention type parameters inferred later: substitute
        let mut inferred: Vec<Option<TypeKey>> = u.handles.clone();
        for _ in 0..n {
            let known: Vec<(TypeKey, TypeKey)> = tparams
                .iter()
                .zip(inferred.iter())
                .filter_map(|(p, t)| t.map(|t| (*p, t)))
                .collect();
            let smap: SubstMap = known.into_iter().collect();
            let mut changed = false;
            for t in inferred.iter_mut().flatten() {
                let nt = subst::subst(self.tc_objs, *t, &smap);
                if nt != *t {
                    *t = nt;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let mut out = vec![];
        for (i, t) in inferred.into_iter().enumerate() {
            match t {
                Some(t) if !self.mentions(tparams, t) => out.push(t),
                _ => {
                    let o = self.otype(tparams[i]).try_as_type_param().unwrap().obj();
                    let name = self.lobj(o).name().clone();
                    let at = self.declared_at(self.lobj(o).pos());
                    self.error(
                        pos,
                        format!("in call to {}, cannot infer {} (declared at {})", self.callee_name(), name, at),
                    );
                    return None;
                }
            }
        }
        Some(out)
    }

    /// Where something was declared, as go build names a place: `./main.go:7:8`.
    pub fn declared_at(&self, pos: Pos) -> String {
        let p = self.position(pos);
        let file = if p.filename.as_str() == "main/main.go" || p.filename.ends_with("/main/main.go") {
            "./main.go".to_string()
        } else {
            p.filename.to_string()
        };
        format!("{}:{}:{}", file, p.line, p.column)
    }

    /// The callee's name of the call being checked (for inference errors).
    fn callee_name(&self) -> String {
        self.infer_callee.clone().unwrap_or_default()
    }

    /// The larger of two untyped numeric kinds (go/types: maxType), or None.
    fn max_untyped(&self, x: TypeKey, y: TypeKey) -> Option<TypeKey> {
        use typ::BasicType::*;
        let rank = |t: TypeKey| match self.otype(t).try_as_basic().map(|b| b.typ()) {
            Some(UntypedInt) => Some(1),
            Some(UntypedRune) => Some(2),
            Some(UntypedFloat) => Some(3),
            Some(UntypedComplex) => Some(4),
            _ => None,
        };
        match (rank(x), rank(y)) {
            (Some(a), Some(b)) => Some(if a >= b { x } else { y }),
            _ => {
                if typ::identical(x, y, self.tc_objs) {
                    Some(x)
                } else {
                    None
                }
            }
        }
    }

    /// A type parameter's core term (go/types: coreTerm): the one underlying type of
    /// its type set, whether the set has a single term, and whether a term has `~`.
    fn core_term(&self, tp: TypeKey) -> (Option<TypeKey>, bool, bool) {
        let d = self.otype(tp).try_as_type_param().unwrap();
        let terms = match d.terms(self.tc_objs) {
            Some(t) if !t.is_empty() => t,
            _ => return (None, false, false),
        };
        let tilde = terms.iter().any(|t| t.0);
        if terms.len() == 1 {
            let t = terms[0].1;
            return (Some(typ::underlying_type(t, self.tc_objs)), true, tilde);
        }
        (d.core_type(self.tc_objs), false, tilde)
    }

    fn index_of(&self, tparams: &[TypeKey], t: TypeKey) -> Option<usize> {
        tparams.iter().position(|&p| p == t)
    }

    /// Whether `t` mentions one of `tparams`.
    pub fn mentions(&self, tparams: &[TypeKey], t: TypeKey) -> bool {
        fn walk(c: &dyn Fn(TypeKey) -> bool, objs: &super::super::objects::TCObjects, t: TypeKey, d: u32) -> bool {
            if d > 48 {
                return false;
            }
            if c(t) {
                return true;
            }
            let var = |v: &ObjKey| objs.lobjs[*v].typ().is_some_and(|t| walk(c, objs, t, d + 1));
            match &objs.types[t] {
                Type::Array(a) => walk(c, objs, a.elem(), d + 1),
                Type::Slice(a) => walk(c, objs, a.elem(), d + 1),
                Type::Pointer(p) => walk(c, objs, p.base(), d + 1),
                Type::Map(m) => walk(c, objs, m.key(), d + 1) || walk(c, objs, m.elem(), d + 1),
                Type::Chan(ch) => walk(c, objs, ch.elem(), d + 1),
                Type::Struct(s) => s.fields().iter().any(var),
                Type::Tuple(tu) => tu.vars().iter().any(var),
                Type::Signature(s) => walk(c, objs, s.params(), d + 1) || walk(c, objs, s.results(), d + 1),
                Type::Interface(i) => i.methods().iter().any(var),
                Type::Named(n) => n.targs().iter().any(|&a| walk(c, objs, a, d + 1)),
                _ => false,
            }
        }
        let is = |k: TypeKey| tparams.contains(&k);
        walk(&is, self.tc_objs, t, 0)
    }

    /// `sig` with fresh type parameters in place of its own (constrained alike).
    pub fn rename_tparams(&mut self, sig: TypeKey) -> TypeKey {
        let tparams = self.otype(sig).try_as_signature().unwrap().tparams().clone();
        let fresh: Vec<TypeKey> = tparams
            .iter()
            .map(|&tp| {
                let d = self.otype(tp).try_as_type_param().unwrap();
                let (o, i) = (d.obj(), d.index());
                self.tc_objs.new_t_type_param(o, i)
            })
            .collect();
        let smap = subst::subst_map(&tparams, &fresh);
        for (i, &tp) in tparams.iter().enumerate() {
            if let Some(c) = self.otype(tp).try_as_type_param().unwrap().constraint_opt() {
                let nc = subst::subst(self.tc_objs, c, &smap);
                self.otype_mut(fresh[i])
                    .try_as_type_param_mut()
                    .unwrap()
                    .set_constraint(nc);
            }
        }
        let t = subst::subst(self.tc_objs, sig, &smap);
        if t == sig {
            return sig;
        }
        self.otype_mut(t)
            .try_as_signature_mut()
            .unwrap()
            .set_tparams(fresh);
        t
    }

    /// The signature `sig` instantiated with `targs` (its type parameters replaced).
    pub fn instantiate_signature(&mut self, sig: TypeKey, targs: &[TypeKey]) -> TypeKey {
        let tparams = self.otype(sig).try_as_signature().unwrap().tparams().clone();
        let smap = subst::subst_map(&tparams, targs);
        let t = subst::subst(self.tc_objs, sig, &smap);
        if let Some(s) = self.otype_mut(t).try_as_signature_mut() {
            s.set_tparams(vec![]);
        }
        t
    }

    /// A constraint interface (with specific types, or comparable) is no type of a
    /// value (go/types: validVarType); checked later, once interfaces are complete.
    pub fn valid_var_type(&mut self, e: &Expr, t: TypeKey, fctx: &mut FilesContext<S>) {
        if self.otype(t).try_as_type_param().is_some() {
            return;
        }
        let pos = e.pos(self.ast_objs);
        let f = move |c: &mut Checker<S>, _: &mut FilesContext<S>| {
            if let Some(i) = c.otype(t).underlying_val(c.tc_objs).try_as_interface() {
                if i.is_constraint() {
                    let why = if i.terms().is_none() && i.is_comparable_set() {
                        "interface is (or embeds) comparable"
                    } else {
                        "interface contains type constraints"
                    };
                    let td = c.new_dis(&t);
                    c.soft_error(pos, format!("cannot use type {} outside a type constraint: {}", td, why));
                }
            }
        };
        fctx.later(Box::new(f));
    }

    /// Whether `t` is a generic function's signature (not instantiated).
    pub fn is_generic_func(&self, t: Option<TypeKey>) -> bool {
        t.and_then(|t| self.otype(t).try_as_signature())
            .is_some_and(|s| !s.tparams().is_empty())
    }

    /// `base[args]` when `base` is generic: an instantiation of a type or a
    /// function (Some: the expression's kind, `x` its operand); otherwise None, and
    /// `x` is `base` as an expression, to be indexed.
    pub fn index_or_instance(
        &mut self,
        x: &mut Operand,
        e: &Expr,
        base: &Expr,
        args: &[Expr],
        fctx: &mut FilesContext<S>,
    ) -> Option<ExprKind> {
        // may `e` stay generic (a partial instantiation a call completes)?
        let allow = self.cur_allow_generic;
        self.allow_generic = true;
        self.raw_expr(x, base, None, fctx);
        self.single_value(x);
        if x.mode == OperandMode::TypeExpr && self.is_generic_type(x.typ) {
            match self.instantiated_type(base, args, None, fctx) {
                Some(t) => {
                    x.mode = OperandMode::TypeExpr;
                    x.typ = Some(t);
                }
                None => x.mode = OperandMode::Invalid,
            }
            x.expr = Some(e.clone());
            return Some(ExprKind::Expression);
        }
        if x.mode == OperandMode::Value && self.is_generic_func(x.typ) {
            let sig = x.typ.unwrap();
            let tparams = self.otype(sig).try_as_signature().unwrap().tparams().clone();
            let mut targs = vec![];
            for a in args {
                let t = self.type_expr(a, fctx);
                if t == self.invalid_type() {
                    x.mode = OperandMode::Invalid;
                    x.expr = Some(e.clone());
                    return Some(ExprKind::Expression);
                }
                targs.push(t);
            }
            let bd = self.new_dis(base).to_string();
            x.expr = Some(e.clone());
            if targs.len() > tparams.len() {
                let pos = args[tparams.len()].pos(self.ast_objs);
                let _ = &bd;
                self.error(
                    pos,
                    format!(
                        "got {} type arguments but want {}",
                        targs.len(),
                        tparams.len()
                    ),
                );
                x.mode = OperandMode::Invalid;
                return Some(ExprKind::Expression);
            }
            if targs.len() < tparams.len() {
                if allow {
                    // the call infers the rest
                    self.partial_targs = Some(targs);
                    return Some(ExprKind::Expression);
                }
                let pos = e.pos(self.ast_objs);
                self.error(
                    pos,
                    format!(
                        "not enough type arguments for {}: have {}, want {}",
                        bd,
                        targs.len(),
                        tparams.len()
                    ),
                );
                x.mode = OperandMode::Invalid;
                return Some(ExprKind::Expression);
            }
            let arg_pos: Vec<Pos> = args.iter().map(|a| a.pos(self.ast_objs)).collect();
            if !self.verify(&tparams, &targs, &arg_pos, fctx) {
                x.mode = OperandMode::Invalid;
                return Some(ExprKind::Expression);
            }
            let inst = self.instantiate_signature(sig, &targs);
            if let Some(id) = base_ident(base) {
                self.result.instances.insert(id, (targs, inst));
            }
            x.typ = Some(inst);
            return Some(ExprKind::Expression);
        }
        self.expr_value_err(x);
        None
    }

    /// Expands the instances that waited for a generic type now complete.
    pub fn generic_type_ready(&mut self, named: TypeKey) {
        self.tc_objs.generic.ready.insert(named);
        subst::expand_pending(self.tc_objs);
    }
}

/// The identifier naming what an expression uses: `F` of `F`, `Sel` of `pkg.Sel`.
pub fn base_ident(e: &Expr) -> Option<IdentKey> {
    match e {
        Expr::Ident(i) => Some(*i),
        Expr::Selector(s) => Some(s.sel),
        Expr::Paren(p) => base_ident(&p.expr),
        _ => None,
    }
}

/// Function argument type inference's unifier (go/types: unifier): the type each
/// type parameter is bound to so far.
struct Unifier {
    tparams: Vec<TypeKey>,
    handles: Vec<Option<TypeKey>>,
    depth: u32,
}

impl Unifier {
    fn unknowns(&self) -> usize {
        self.handles.iter().filter(|h| h.is_none()).count()
    }

    fn bound(&self, t: TypeKey) -> Option<usize> {
        self.tparams.iter().position(|&p| p == t)
    }

    fn inferred_subst<S: SourceRead>(&self, c: &mut Checker<S>, t: TypeKey) -> Option<TypeKey> {
        let smap: SubstMap = self
            .tparams
            .iter()
            .zip(self.handles.iter())
            .filter_map(|(p, h)| h.map(|h| (*p, h)))
            .collect();
        if smap.is_empty() {
            return None;
        }
        Some(subst::subst(c.tc_objs, t, &smap))
    }

    /// Unifies `x` (a type of the generic signature) with `y` (an argument's).
    fn unify<S: SourceRead>(&mut self, c: &Checker<S>, x: TypeKey, y: TypeKey, mode: Unify) -> bool {
        self.depth += 1;
        let r = self.nify(c, x, y, mode);
        self.depth -= 1;
        r
    }

    /// `x` against `y`'s underlying type (a constraint's core type).
    fn unify_under<S: SourceRead>(&mut self, c: &Checker<S>, x: TypeKey, core: TypeKey) -> bool {
        let ux = typ::underlying_type(x, c.tc_objs);
        ux != x && self.unify(c, ux, core, Unify::Exact)
    }

    fn nify<S: SourceRead>(&mut self, c: &Checker<S>, x: TypeKey, y: TypeKey, mode: Unify) -> bool {
        if x == y {
            return true;
        }
        if self.depth > 48 {
            return false;
        }
        let objs = &*c.tc_objs;
        let (mut x, mut y) = (x, y);
        // a bound type parameter on the left, a named type on the right
        if self.bound(y).is_some() || (objs.types[x].try_as_named().is_some() && self.bound(x).is_none()) {
            std::mem::swap(&mut x, &mut y);
        }
        // at the top, a named type matches a type literal of its underlying type
        if mode == Unify::Assign && self.bound(x).is_none() {
            if objs.types[y].try_as_named().is_some() && is_type_lit(&objs.types[x]) {
                y = typ::underlying_type(y, objs);
                if x == y {
                    return true;
                }
            }
        }
        match (self.bound(x), self.bound(y)) {
            (Some(px), Some(py)) => match (self.handles[px], self.handles[py]) {
                (Some(a), Some(b)) => return self.unify(c, a, b, mode),
                (Some(a), None) => {
                    self.handles[py] = Some(a);
                    return true;
                }
                (None, Some(b)) => {
                    self.handles[px] = Some(b);
                    return true;
                }
                (None, None) => return true,
            },
            (Some(px), None) => {
                if let Some(bx) = self.handles[px] {
                    if !self.unify(c, bx, y, mode) {
                        return false;
                    }
                    // an inexact match keeps the named (or the directional channel)
                    // type
                    if mode == Unify::Assign {
                        let xn = objs.types[bx].try_as_named().is_some();
                        let yn = objs.types[y].try_as_named().is_some();
                        if !xn && yn {
                            self.handles[px] = Some(y);
                        } else if !xn && !yn {
                            if let Some(ch) = objs.types[typ::underlying_type(y, objs)].try_as_chan() {
                                if ch.dir() != typ::ChanDir::SendRecv {
                                    self.handles[px] = Some(y);
                                }
                            }
                        }
                    }
                    return true;
                }
                self.handles[px] = Some(y);
                return true;
            }
            _ => {}
        }
        let emode = Unify::Exact;
        match (&objs.types[x], &objs.types[y]) {
            (Type::Basic(a), Type::Basic(b)) => a.typ().real_type() == b.typ().real_type(),
            (Type::Array(a), Type::Array(b)) => {
                a.len() == b.len() && self.unify(c, a.elem(), b.elem(), emode)
            }
            (Type::Slice(a), Type::Slice(b)) => self.unify(c, a.elem(), b.elem(), emode),
            (Type::Pointer(a), Type::Pointer(b)) => self.unify(c, a.base(), b.base(), emode),
            (Type::Map(a), Type::Map(b)) => {
                self.unify(c, a.key(), b.key(), emode) && self.unify(c, a.elem(), b.elem(), emode)
            }
            (Type::Chan(a), Type::Chan(b)) => {
                (mode == Unify::Assign || a.dir() == b.dir()) && self.unify(c, a.elem(), b.elem(), emode)
            }
            (Type::Struct(a), Type::Struct(b)) => {
                a.fields().len() == b.fields().len()
                    && a.fields().iter().zip(b.fields().iter()).all(|(f, g)| {
                        let (of, og) = (&objs.lobjs[*f], &objs.lobjs[*g]);
                        of.name() == og.name()
                            && of.var_embedded() == og.var_embedded()
                            && self.unify(c, of.typ().unwrap(), og.typ().unwrap(), emode)
                    })
            }
            (Type::Tuple(a), Type::Tuple(b)) => {
                a.vars().len() == b.vars().len()
                    && a.vars().iter().zip(b.vars().iter()).all(|(f, g)| {
                        self.unify(
                            c,
                            objs.lobjs[*f].typ().unwrap(),
                            objs.lobjs[*g].typ().unwrap(),
                            emode,
                        )
                    })
            }
            (Type::Signature(a), Type::Signature(b)) => {
                a.variadic() == b.variadic()
                    && a.tparams().is_empty()
                    && b.tparams().is_empty()
                    && self.unify(c, a.params(), b.params(), emode)
                    && self.unify(c, a.results(), b.results(), emode)
            }
            (Type::Interface(_), Type::Interface(_)) => typ::identical(x, y, objs),
            (Type::Named(a), Type::Named(b)) => {
                if a.targs().len() != b.targs().len() {
                    return false;
                }
                let same_origin = match (a.orig(), b.orig()) {
                    (Some(oa), Some(ob)) => oa == ob,
                    (None, None) => a.obj() == b.obj(),
                    _ => false,
                };
                same_origin
                    && a.targs()
                        .clone()
                        .iter()
                        .zip(b.targs().clone().iter())
                        .all(|(p, q)| self.unify(c, *p, *q, mode))
            }
            _ => false,
        }
    }
}

fn is_type_lit(t: &Type) -> bool {
    !matches!(t, Type::Named(_) | Type::TypeParam(_) | Type::Basic(_))
}
