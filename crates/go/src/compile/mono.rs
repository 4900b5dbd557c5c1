//! # Monomorphization: the instances of generic functions and methods
//!
//! The checker checks a generic function once, with its type parameters as types;
//! the VM runs code of concrete types. Before compiling, this pass finds every
//! instance the program can run (`F[int]`, `(*List[string]).Push`): those the
//! checker recorded with concrete type arguments, those a generic body makes of its
//! own type parameters (`G[T]` inside `F[T]`, found by position in `F`'s body), and the
//! methods of every concrete instance of a generic type. For each it makes the map
//! from every type the generic declaration's records mention (found by scanning the
//! checker's types for those that mention its type parameters) to that type with the
//! type arguments substituted (`go_types::subst`), so the compiler compiles the same
//! body once per instance, reading every type through the map (`Compiler::sub`), as
//! gc's stenciling does.

use std::collections::HashMap;
use std::rc::Rc;

use go_parser::ast::{self, Node};
use go_parser::{AstObjects, IdentKey, PiggyVecKey};
use go_types::check::TypeInfo;
use go_types::subst;
use go_types::typ::Type;
use go_types::{ObjKey, TCObjects, TypeKey};

/// How many instances one program may make (a generic function instantiating
/// itself with ever larger types never ends: go build's "instantiation cycle").
pub const MAX_INSTANCES: usize = 5000;

/// One instance: its type arguments and its type map.
pub struct Inst {
    pub targs: Vec<TypeKey>,
    pub map: Rc<HashMap<TypeKey, TypeKey>>,
}

/// Every instance of every generic function and method.
#[derive(Default)]
pub struct Mono {
    pub funcs: HashMap<ObjKey, Vec<Inst>>,
}

/// A generic declaration: its type parameters (a method's are its receiver's) and
/// the positions its declaration spans.
struct GenDecl {
    tparams: Vec<TypeKey>,
    from: usize,
    to: usize,
    /// the types that mention its type parameters
    keys: Vec<TypeKey>,
}

/// Finds the instances of `infos`' generic declarations (see the module's text).
pub fn mono(tc: &mut TCObjects, ast: &AstObjects, infos: &[&TypeInfo]) -> Result<Mono, String> {
    let obj_of = |id: IdentKey| -> Option<ObjKey> {
        infos.iter().find_map(|ti| {
            ti.uses
                .get(&id)
                .copied()
                .or_else(|| ti.defs.get(&id).copied().flatten())
        })
    };
    // the generic declarations
    let mut decls: HashMap<ObjKey, GenDecl> = HashMap::new();
    let mut owner: HashMap<TypeKey, ObjKey> = HashMap::new();
    for ti in infos {
        for file in &ti.ast_files {
            for d in &file.decls {
                let ast::Decl::Func(fk) = d else { continue };
                let fd = &ast.fdecls[*fk];
                let (Some(obj), Some(body)) = (obj_of(fd.name), fd.body.as_ref()) else {
                    continue;
                };
                let Some(sig) = tc.lobjs[obj]
                    .typ()
                    .and_then(|t| tc.types[t].try_as_signature())
                else {
                    continue;
                };
                let tparams = if !sig.tparams().is_empty() {
                    sig.tparams().clone()
                } else {
                    sig.rparams().clone()
                };
                if tparams.is_empty() {
                    continue;
                }
                for &tp in &tparams {
                    owner.insert(tp, obj);
                }
                decls.insert(
                    obj,
                    GenDecl {
                        tparams,
                        from: fd.typ.pos(ast),
                        to: body.end(),
                        keys: vec![],
                    },
                );
            }
        }
    }
    if decls.is_empty() {
        return Ok(Mono::default());
    }
    // the types mentioning each declaration's type parameters
    let n = tc.types.vec().len();
    let mut free: Vec<Option<Rc<Vec<TypeKey>>>> = vec![None; n];
    for i in 0..n {
        let k = TypeKey::from(i);
        let f = free_tparams(tc, k, &mut free, 0);
        let mut owners: Vec<ObjKey> = f.iter().filter_map(|tp| owner.get(tp).copied()).collect();
        owners.sort();
        owners.dedup();
        for o in owners {
            if let Some(d) = decls.get_mut(&o) {
                d.keys.push(k);
            }
        }
    }
    // the checker's instance records of functions, with their positions
    let mut records: Vec<(usize, ObjKey, Vec<TypeKey>)> = vec![];
    for ti in infos {
        for (id, (targs, _)) in ti.instances.iter() {
            let Some(o) = obj_of(*id) else { continue };
            if decls.contains_key(&o) {
                records.push((ast.idents[*id].pos, o, targs.clone()));
            }
        }
    }
    records.sort_by_key(|r| r.0);

    let mut out = Mono::default();
    let mut work: Vec<(ObjKey, Vec<TypeKey>)> = vec![];
    let mut count = 0usize;
    let add = |tc: &TCObjects,
               out: &Mono,
               work: &mut Vec<(ObjKey, Vec<TypeKey>)>,
               o: ObjKey,
               targs: Vec<TypeKey>| {
        if targs.iter().any(|&t| subst::has_type_params(tc, t)) {
            return;
        }
        let same = |a: &[TypeKey]| {
            a.len() == targs.len()
                && a.iter()
                    .zip(targs.iter())
                    .all(|(x, y)| go_types::typ::identical(*x, *y, tc))
        };
        if out
            .funcs
            .get(&o)
            .is_some_and(|l| l.iter().any(|i| same(&i.targs)))
            || work.iter().any(|(wo, wt)| *wo == o && same(wt))
        {
            return;
        }
        work.push((o, targs));
    };
    for (_, o, targs) in &records {
        add(tc, &out, &mut work, *o, targs.clone());
    }
    let mut seen_named: std::collections::HashSet<TypeKey> = Default::default();
    loop {
        while let Some((o, targs)) = work.pop() {
            count += 1;
            if count > MAX_INSTANCES {
                let name = tc.lobjs[o].name().clone();
                return Err(format!(
                    "instantiation cycle: {name} is instantiated with ever more type arguments (more than {MAX_INSTANCES} instances)"
                ));
            }
            let d = &decls[&o];
            let smap = subst::subst_map(&d.tparams, &targs);
            let keys = d.keys.clone();
            let (from, to) = (d.from, d.to);
            let mut map = HashMap::with_capacity(keys.len());
            for k in keys {
                let s = subst::subst(tc, k, &smap);
                map.insert(k, s);
            }
            // the instances this body makes of its own type parameters
            for (pos, g, gt) in records.iter() {
                if *pos < from || *pos > to {
                    continue;
                }
                let nt: Vec<TypeKey> = gt.iter().map(|&t| subst::subst(tc, t, &smap)).collect();
                add(tc, &out, &mut work, *g, nt);
            }
            out.funcs.entry(o).or_default().push(Inst {
                targs,
                map: Rc::new(map),
            });
        }
        // the methods of every concrete instance of a generic type
        let mut named: Vec<(Vec<TypeKey>, TypeKey)> = vec![];
        for list in tc.generic.instances.values() {
            for (targs, inst) in list {
                if !seen_named.contains(inst) {
                    named.push((targs.clone(), *inst));
                }
            }
        }
        let mut progress = false;
        for (targs, inst) in named {
            if targs.iter().any(|&t| subst::has_type_params(tc, t)) {
                continue;
            }
            seen_named.insert(inst);
            subst::expand_named(tc, inst);
            let methods = match tc.types[inst].try_as_named() {
                Some(n) => n.methods().clone(),
                None => continue,
            };
            for m in methods {
                if tc.lobjs[m].typ().is_none() {
                    if let Some(t) = subst::method_instance_type(tc, m) {
                        tc.lobjs[m].set_type(Some(t));
                    }
                }
                let Some(&(gm, _)) = tc.generic.method_inst.get(&m) else {
                    continue;
                };
                if decls.contains_key(&gm) {
                    add(tc, &out, &mut work, gm, targs.clone());
                    progress = true;
                }
            }
        }
        if work.is_empty() && !progress {
            break;
        }
    }
    Ok(out)
}

/// The type parameters `k` mentions (memoized in `free`; a type met again while it
/// is being looked at, an interface's own method, adds none).
fn free_tparams(
    tc: &TCObjects,
    k: TypeKey,
    free: &mut Vec<Option<Rc<Vec<TypeKey>>>>,
    depth: u32,
) -> Rc<Vec<TypeKey>> {
    let i = k.as_usize();
    if i < free.len() {
        if let Some(f) = &free[i] {
            return f.clone();
        }
    }
    if depth > 48 {
        return Rc::new(vec![]);
    }
    if i < free.len() {
        free[i] = Some(Rc::new(vec![]));
    }
    let mut out: Vec<TypeKey> = vec![];
    let mut add = |tc: &TCObjects, free: &mut Vec<Option<Rc<Vec<TypeKey>>>>, t: TypeKey| {
        for x in free_tparams(tc, t, free, depth + 1).iter() {
            if !out.contains(x) {
                out.push(*x);
            }
        }
    };
    match &tc.types[k] {
        Type::Basic(_) => {}
        Type::TypeParam(_) => out.push(k),
        Type::Array(a) => add(tc, free, a.elem()),
        Type::Slice(a) => add(tc, free, a.elem()),
        Type::Pointer(p) => add(tc, free, p.base()),
        Type::Map(m) => {
            add(tc, free, m.key());
            add(tc, free, m.elem());
        }
        Type::Chan(c) => add(tc, free, c.elem()),
        Type::Struct(s) => {
            for f in s.fields().clone() {
                if let Some(t) = tc.lobjs[f].typ() {
                    add(tc, free, t);
                }
            }
        }
        Type::Tuple(t) => {
            for v in t.vars().clone() {
                if let Some(t) = tc.lobjs[v].typ() {
                    add(tc, free, t);
                }
            }
        }
        Type::Signature(s) => {
            let (p, r, recv) = (s.params(), s.results(), *s.recv());
            add(tc, free, p);
            add(tc, free, r);
            if let Some(t) = recv.and_then(|r| tc.lobjs[r].typ()) {
                add(tc, free, t);
            }
        }
        Type::Interface(it) => {
            let ms = it.all_methods().clone().unwrap_or_default();
            for m in ms {
                if let Some(t) = tc.lobjs[m].typ() {
                    add(tc, free, t);
                }
            }
            for e in it.embeddeds().clone() {
                add(tc, free, e);
            }
        }
        Type::Named(n) => {
            for a in n.targs().clone() {
                add(tc, free, a);
            }
        }
        Type::Union(u) => {
            for (_, t) in u.terms().clone() {
                add(tc, free, t);
            }
        }
    }
    let r = Rc::new(out);
    if i < free.len() {
        free[i] = Some(r.clone());
    }
    r
}
