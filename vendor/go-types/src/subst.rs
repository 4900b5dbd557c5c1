// gmp: type substitution and instantiation (Go 1.18), after go/types 1.27's
// subst.go, instantiate.go and named.go: written for GMP Explorer, not a port.
//
// Substitution replaces type parameters by types in a type, making new types only
// where something changed. An instance of a generic type is made once per list of
// identical type arguments (`GenericTables::instances`), so `List[int]` written twice
// is one type; its underlying type is its generic type's with the type arguments
// substituted, made as soon as the generic type is complete (`expand_named`), and its
// methods are new objects whose signatures are made when first needed (the checker's
// `obj_decl`, from `GenericTables::method_inst`).

use super::obj::LangObj;
use super::objects::{ObjKey, TCObjects, TypeKey};
use super::typ::{self, InterfaceDetail, Type};
use std::collections::HashMap;

/// A substitution: type parameter -> type.
pub type SubstMap = HashMap<TypeKey, TypeKey>;

/// The map from `tparams[i]` to `targs[i]`.
pub fn subst_map(tparams: &[TypeKey], targs: &[TypeKey]) -> SubstMap {
    tparams
        .iter()
        .copied()
        .zip(targs.iter().copied())
        .collect()
}

/// `t` with the type parameters of `smap` replaced.
pub fn subst(objs: &mut TCObjects, t: TypeKey, smap: &SubstMap) -> TypeKey {
    if smap.is_empty() {
        return t;
    }
    let mut s = Subster {
        smap,
        memo: HashMap::new(),
        depth: 0,
    };
    s.typ(objs, t)
}

struct Subster<'a> {
    smap: &'a SubstMap,
    memo: HashMap<TypeKey, TypeKey>,
    depth: u32,
}

impl Subster<'_> {
    fn typ(&mut self, objs: &mut TCObjects, t: TypeKey) -> TypeKey {
        if let Some(&r) = self.smap.get(&t) {
            return r;
        }
        if let Some(&r) = self.memo.get(&t) {
            return r;
        }
        // Only interfaces reach themselves without a name between; a depth limit
        // ends such a walk (the type is then left as it is).
        if self.depth > 64 {
            return t;
        }
        self.depth += 1;
        let r = self.typ_inner(objs, t);
        self.depth -= 1;
        self.memo.insert(t, r);
        r
    }

    fn var(&mut self, objs: &mut TCObjects, v: ObjKey) -> ObjKey {
        let vt = match objs.lobjs[v].typ() {
            Some(t) => t,
            None => return v,
        };
        let nt = self.typ(objs, vt);
        if nt == vt {
            return v;
        }
        let mut nv: LangObj = objs.lobjs[v].clone();
        nv.set_type(Some(nt));
        objs.lobjs.insert(nv)
    }

    fn vars(&mut self, objs: &mut TCObjects, vs: &[ObjKey]) -> (Vec<ObjKey>, bool) {
        let out: Vec<ObjKey> = vs.iter().map(|&v| self.var(objs, v)).collect();
        let changed = out.iter().zip(vs.iter()).any(|(a, b)| a != b);
        (out, changed)
    }

    fn typ_inner(&mut self, objs: &mut TCObjects, t: TypeKey) -> TypeKey {
        match &objs.types[t] {
            Type::Basic(_) | Type::TypeParam(_) => t,
            Type::Array(a) => {
                let (e, len) = (a.elem(), a.len());
                let ne = self.typ(objs, e);
                if ne == e {
                    t
                } else {
                    objs.new_t_array(ne, len)
                }
            }
            Type::Slice(a) => {
                let e = a.elem();
                let ne = self.typ(objs, e);
                if ne == e {
                    t
                } else {
                    objs.new_t_slice(ne)
                }
            }
            Type::Pointer(p) => {
                let e = p.base();
                let ne = self.typ(objs, e);
                if ne == e {
                    t
                } else {
                    objs.new_t_pointer(ne)
                }
            }
            Type::Map(m) => {
                let (k, v) = (m.key(), m.elem());
                let (nk, nv) = (self.typ(objs, k), self.typ(objs, v));
                if nk == k && nv == v {
                    t
                } else {
                    objs.new_t_map(nk, nv)
                }
            }
            Type::Chan(c) => {
                let (d, e) = (c.dir(), c.elem());
                let ne = self.typ(objs, e);
                if ne == e {
                    t
                } else {
                    objs.new_t_chan(d, ne)
                }
            }
            Type::Struct(s) => {
                let (fields, tags) = (s.fields().clone(), s.tags().clone());
                let (nf, changed) = self.vars(objs, &fields);
                if !changed {
                    t
                } else {
                    objs.new_t_struct(nf, tags)
                }
            }
            Type::Tuple(tu) => {
                let vs = tu.vars().clone();
                let (nv, changed) = self.vars(objs, &vs);
                if !changed {
                    t
                } else {
                    objs.new_t_tuple(nv)
                }
            }
            Type::Signature(sig) => {
                let sig = sig.clone();
                let np = self.typ(objs, sig.params());
                let nr = self.typ(objs, sig.results());
                let nrecv = sig.recv().map(|r| self.var(objs, r));
                // what is substituted away: a generic function's or method's own
                // type parameters
                let drop_tparams = sig.tparams().iter().any(|p| self.smap.contains_key(p));
                let drop_rparams = sig.rparams().iter().any(|p| self.smap.contains_key(p));
                if np == sig.params()
                    && nr == sig.results()
                    && nrecv == *sig.recv()
                    && !drop_tparams
                    && !drop_rparams
                {
                    return t;
                }
                let k = objs.new_t_signature(sig.scope(), nrecv, np, nr, sig.variadic());
                let d = objs.types[k].try_as_signature_mut().unwrap();
                if !drop_tparams {
                    d.set_tparams(sig.tparams().clone());
                }
                if !drop_rparams {
                    d.set_rparams(sig.rparams().clone());
                }
                k
            }
            Type::Interface(i) => {
                i.complete(objs);
                let methods = i.methods().clone();
                let embeddeds = i.embeddeds().clone();
                let all = i.all_methods().clone().unwrap_or_default();
                let terms = i.terms().clone();
                let (comparable, implicit) = (i.is_comparable_set(), i.is_implicit());
                let mut changed = false;
                let mut new_methods = vec![];
                let mut new_all = vec![];
                for m in all {
                    let mt = objs.lobjs[m].typ();
                    let nm = match mt {
                        Some(mt) => {
                            let nt = self.typ(objs, mt);
                            if nt != mt {
                                changed = true;
                                let mut o = objs.lobjs[m].clone();
                                o.set_type(Some(nt));
                                objs.lobjs.insert(o)
                            } else {
                                m
                            }
                        }
                        None => m,
                    };
                    if methods.contains(&m) {
                        new_methods.push(nm);
                    }
                    new_all.push(nm);
                }
                let new_emb: Vec<TypeKey> = embeddeds.iter().map(|&e| self.typ(objs, e)).collect();
                if new_emb != embeddeds {
                    changed = true;
                }
                let new_terms = terms.map(|ts| {
                    ts.into_iter()
                        .map(|(tilde, x)| {
                            let nx = self.typ(objs, x);
                            if nx != x {
                                changed = true;
                            }
                            (tilde, nx)
                        })
                        .collect::<Vec<_>>()
                });
                if !changed {
                    return t;
                }
                let d = InterfaceDetail::new(new_methods, new_emb, objs);
                *d.all_methods_mut() = Some(new_all);
                d.set_terms(new_terms);
                d.set_comparable(comparable);
                d.set_implicit(implicit);
                objs.types.insert(Type::Interface(d))
            }
            Type::Named(n) => {
                if n.targs().is_empty() {
                    return t;
                }
                let orig = n.orig().unwrap();
                let targs = n.targs().clone();
                let nargs: Vec<TypeKey> = targs.iter().map(|&a| self.typ(objs, a)).collect();
                if nargs == targs {
                    t
                } else {
                    instantiate_named(objs, orig, nargs)
                }
            }
            Type::Union(u) => {
                let terms = u.terms().clone();
                let nt: Vec<(bool, TypeKey)> = terms
                    .iter()
                    .map(|&(tilde, x)| (tilde, self.typ(objs, x)))
                    .collect();
                if nt == terms {
                    t
                } else {
                    objs.new_t_union(nt)
                }
            }
        }
    }
}

/// The instance of generic type `orig` with type arguments `targs`: the one made
/// before for identical arguments, or a new one (expanded now if `orig` is complete,
/// else when it is: `expand_pending`).
pub fn instantiate_named(objs: &mut TCObjects, orig: TypeKey, targs: Vec<TypeKey>) -> TypeKey {
    if let Some(list) = objs.generic.instances.get(&orig) {
        for (a, k) in list {
            if a.len() == targs.len()
                && a.iter()
                    .zip(targs.iter())
                    .all(|(x, y)| typ::identical(*x, *y, objs))
            {
                return *k;
            }
        }
    }
    let obj = *objs.types[orig].try_as_named().unwrap().obj();
    let inst = objs.new_t_named(obj, None, vec![]);
    objs.types[inst]
        .try_as_named_mut()
        .unwrap()
        .set_instance(orig, targs.clone());
    objs.generic
        .instances
        .entry(orig)
        .or_default()
        .push((targs, inst));
    if !expand_named(objs, inst) {
        objs.generic.pending.push(inst);
    }
    inst
}

/// Makes an instance's underlying type and methods, if its generic type is complete
/// (its underlying type and methods known: `GenericTables::ready`).
pub fn expand_named(objs: &mut TCObjects, inst: TypeKey) -> bool {
    let n = objs.types[inst].try_as_named().unwrap();
    if n.has_underlying() {
        return true;
    }
    let orig = n.orig().unwrap();
    let targs = n.targs().clone();
    if !objs.generic.ready.contains(&orig) {
        return false;
    }
    let on = objs.types[orig].try_as_named().unwrap();
    let (under, tparams, methods) = (on.underlying(), on.tparams().clone(), on.methods().clone());
    let smap = subst_map(&tparams, &targs);
    // the underlying type is set first: a type that refers to itself meets this
    // instance again while its underlying type is being made
    let invalid = objs.universe().types()[&typ::BasicType::Invalid];
    objs.types[inst]
        .try_as_named_mut()
        .unwrap()
        .set_underlying(invalid);
    let new_under = subst(objs, under, &smap);
    objs.types[inst]
        .try_as_named_mut()
        .unwrap()
        .set_underlying(new_under);
    let mut inst_methods = vec![];
    for m in methods {
        let mut o = objs.lobjs[m].clone();
        o.set_type(None);
        let k = objs.lobjs.insert(o);
        objs.generic.method_inst.insert(k, (m, inst));
        inst_methods.push(k);
    }
    *objs.types[inst].try_as_named_mut().unwrap().methods_mut() = inst_methods;
    true
}

/// Expands every pending instance whose generic type is now complete.
pub fn expand_pending(objs: &mut TCObjects) {
    loop {
        let pending = std::mem::take(&mut objs.generic.pending);
        if pending.is_empty() {
            return;
        }
        let mut left = vec![];
        let mut progress = false;
        for p in pending {
            if expand_named(objs, p) {
                progress = true;
            } else {
                left.push(p);
            }
        }
        objs.generic.pending.extend(left);
        if !progress {
            return;
        }
    }
}

/// The signature of an instance's method `m` (`GenericTables::method_inst`): the
/// generic method's, with its receiver type parameters replaced by the instance's
/// type arguments. None if `m` is no instance's method or the generic method's
/// signature is not known yet.
pub fn method_instance_type(objs: &mut TCObjects, m: ObjKey) -> Option<TypeKey> {
    let (gm, inst) = *objs.generic.method_inst.get(&m)?;
    let gsig = objs.lobjs[gm].typ()?;
    let rparams = objs.types[gsig].try_as_signature()?.rparams().clone();
    let targs = objs.types[inst].try_as_named()?.targs().clone();
    let smap = subst_map(&rparams, &targs);
    Some(subst(objs, gsig, &smap))
}

/// Whether `t` mentions a type parameter (the type of something in a generic body,
/// or a generic signature).
pub fn has_type_params(objs: &TCObjects, t: TypeKey) -> bool {
    fn walk(objs: &TCObjects, t: TypeKey, depth: u32) -> bool {
        if depth > 64 {
            return false;
        }
        let var = |v: &ObjKey| objs.lobjs[*v].typ().is_some_and(|t| walk(objs, t, depth + 1));
        match &objs.types[t] {
            Type::Basic(_) => false,
            Type::TypeParam(_) => true,
            Type::Array(a) => walk(objs, a.elem(), depth + 1),
            Type::Slice(a) => walk(objs, a.elem(), depth + 1),
            Type::Pointer(p) => walk(objs, p.base(), depth + 1),
            Type::Map(m) => walk(objs, m.key(), depth + 1) || walk(objs, m.elem(), depth + 1),
            Type::Chan(c) => walk(objs, c.elem(), depth + 1),
            Type::Struct(s) => s.fields().iter().any(var),
            Type::Tuple(tu) => tu.vars().iter().any(var),
            Type::Signature(sig) => {
                !sig.tparams().is_empty()
                    || walk(objs, sig.params(), depth + 1)
                    || walk(objs, sig.results(), depth + 1)
            }
            Type::Interface(i) => {
                i.methods().iter().any(var)
                    || i.embeddeds().iter().any(|&e| walk(objs, e, depth + 1))
            }
            Type::Named(n) => n.targs().iter().any(|&a| walk(objs, a, depth + 1)),
            Type::Union(u) => u.terms().iter().any(|&(_, x)| walk(objs, x, depth + 1)),
        }
    }
    walk(objs, t, 0)
}
