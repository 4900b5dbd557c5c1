//! The dispatch: one instruction of the top frame (`Gor::step`), and the integer
//! helpers the hot paths write registers with.

use super::*;

impl Gor {
    pub(super) fn step(&mut self, prog: &Prog, cx: &mut Cx<'_>) -> Result<(), Stop> {
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
                if *k == Kind::Other && matches!(op, BinOp::Eq | BinOp::Ne) {
                    if let Some(t) = uncomparable_pair(g!(a), g!(b), &prog.types) {
                        let name = prog.types.name(t);
                        return err(format!("runtime error: comparing uncomparable type {name}"));
                    }
                }
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
                    Conv::UintToFloat => V::Float(as_int(&x) as u64 as f64),
                    Conv::UintToFloat32 => V::Float(as_int(&x) as u64 as f32 as f64),
                    Conv::ToFloat32 => V::Float(as_f(&x) as f32 as f64),
                    Conv::FloatToInt { bits, signed } => {
                        V::Int(float_to_int(as_f(&x), *bits, *signed))
                    }
                    Conv::IntToStr => {
                        let c = char::from_u32(as_int(&x) as u32).unwrap_or('\u{FFFD}');
                        V::Str(Arc::from(c.to_string()))
                    }
                    Conv::StrToBytes => byte_slice(as_str(&x).as_bytes().to_vec()),
                    Conv::StrToRunes => {
                        let s = as_str(&x);
                        let v: Vec<V> = s.chars().map(|c| V::Int(c as i64)).collect();
                        raw_slice_of(RawKind::I32, &v)
                    }
                    Conv::BytesToStr => {
                        let b = slice_bytes(&x);
                        match String::from_utf8(b) {
                            Ok(s) => V::Str(Arc::from(s)),
                            Err(_) => return Err(not_utf8(self.line())),
                        }
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
                if let Some(e) = unhashable_err(g!(k), &prog.types, false) {
                    return err(e);
                }
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
                // What the ElemPtr and Store it stands for cost.
                self.ps += cost::ALU + cost::MEM;
            }
            I::SetMap(m, k, v) => {
                if let Some(e) = unhashable_err(g!(k), &prog.types, true) {
                    return err(e);
                }
                match g!(m) {
                    V::Map(mm) => lock(mm).set(g!(k).clone(), g!(v).clone()),
                    _ => return err("assignment to entry in nil map".into()),
                }
                self.ps += cost::MAP_SET;
            }
            I::MapDelete(m, k) => {
                if let Some(e) = unhashable_err(g!(k), &prog.types, false) {
                    return err(e);
                }
                if let V::Map(mm) = g!(m) {
                    lock(mm).delete(g!(k));
                }
                self.ps += cost::MAP;
            }
            I::MakeSlice(d, n, c, zero, code) => {
                let len = as_int(g!(n));
                let cap = c.map(|c| as_int(&r[c as usize])).unwrap_or(len);
                if len < 0 {
                    return err("runtime error: makeslice: len out of range".into());
                }
                if cap < len {
                    return err("runtime error: makeslice: cap out of range".into());
                }
                // `malloc.go: makeslice`: past maxAlloc it panics, else it allocates.
                let esize = (*code & ELEM_SIZE_MASK) as u64;
                if len as u128 * esize as u128 > MAX_ALLOC {
                    return err("runtime error: makeslice: len out of range".into());
                }
                if cap as u128 * esize as u128 > MAX_ALLOC {
                    return err("runtime error: makeslice: cap out of range".into());
                }
                let v = match RawKind::from_code(*code) {
                    Some(kind) => raw_slice(kind, len as usize, cap as usize)?,
                    None => {
                        if crate::heap::would_exceed(host_bytes(cap as usize)) {
                            return Err(out_of_memory(host_bytes(cap as usize)));
                        }
                        let z = g!(zero).clone();
                        V::Slice(Box::new(Slice {
                            arr: Arr::new(vec![z; cap as usize]),
                            off: 0,
                            len: len as usize,
                            cap: cap as usize,
                        }))
                    }
                };
                set!(d, v);
                self.alloc += cap as u64 * esize;
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
                let v = append(g!(s), Add::Vals(add), *elem, &mut self.ps)?;
                set!(d, v);
            }
            I::AppendSpread(d, s, t, elem) => {
                // A string or a raw slice is added as its bytes, not as values (a raw
                // slice's copied out first: `append(b[:1], b...)` adds to its own array).
                let copied;
                let add = match g!(t) {
                    V::Str(src) => Add::Raw(RawKind::U8, src.as_bytes()),
                    V::Slice(sl) => match &sl.arr {
                        Arr::Raw(a) => {
                            let a = lock(a);
                            copied = a.span(sl.off, sl.off + sl.len).to_vec();
                            Add::Raw(a.kind, &copied)
                        }
                        _ => Add::Vals(slice_vals(g!(t))),
                    },
                    t => Add::Vals(slice_vals(t)),
                };
                let v = append(g!(s), add, *elem, &mut self.ps)?;
                set!(d, v);
            }
            I::Copy(d, dst, src) => {
                let n = match (g!(dst), g!(src)) {
                    (V::Slice(ds), V::Slice(ss)) => match (&ds.arr, &ss.arr) {
                        (Arr::Raw(da), Arr::Raw(sa)) => {
                            let n = ds.len.min(ss.len);
                            copy_raw(da, ds.off, sa, ss.off, n);
                            n
                        }
                        _ => copy_vals(ds, slice_vals(g!(src))),
                    },
                    (V::Slice(ds), V::Str(src)) => match &ds.arr {
                        // `copy(b, s)`: b is a []byte.
                        Arr::Raw(a) => {
                            let n = ds.len.min(src.len());
                            lock(a).put(ds.off, Add::Raw(RawKind::U8, &src.as_bytes()[..n]));
                            n
                        }
                        _ => copy_vals(ds, src.bytes().map(|b| V::Int(b as i64)).collect()),
                    },
                    (V::Slice(ds), src) => copy_vals(ds, slice_vals(src)),
                    _ => 0,
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
                        match std::str::from_utf8(&s.as_bytes()[lo as usize..hi as usize]) {
                            Ok(s) => V::Str(Arc::from(s)),
                            Err(_) => return Err(not_utf8(self.line())),
                        }
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
                    // `newproc1`: `fatal("go of nil func value")`, not a panic.
                    let mut text = format!(
                        "fatal error: go of nil func value\n\ngoroutine {} [running]:\n",
                        self.goid
                    );
                    for (f, at) in self.where_() {
                        text.push_str(&format!("{f}\n\t{at}\n"));
                    }
                    return Err(Stop::Yield(Yield::Fatal { text, code: 2 }));
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

/// The explorer's strings hold UTF-8 text; Go's hold any bytes. A string that would
/// hold others (bytes cut mid-rune, `string(b)` of arbitrary bytes) ends the run with
/// that said, instead of printing U+FFFD where Go prints the bytes.
pub(super) fn not_utf8(line: u32) -> Stop {
    Stop::Yield(Yield::Fatal {
        text: format!(
            "gmp: a string of bytes that are not valid UTF-8 (./main.go:{line}) is not supported by the explorer's Go yet\n"
        ),
        code: 2,
    })
}

/// A 64-bit integer operation written straight into a register: only the payload is stored when the
/// register already holds an int or a bool (the tight loop's case). Building the value
/// whole and copying it in made every iteration wait on a store-to-load forward of the
/// 16-byte temporary (`perf annotate` of `bench/go/loop.go`). `false`: not an int64 op.
#[inline(always)]
pub(super) fn int64_into(op: BinOp, x: i64, y: i64, slot: &mut V) -> bool {
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
pub(super) fn put_int(slot: &mut V, k: i64) {
    if let V::Int(old) = slot {
        *old = k;
    } else {
        put(slot, V::Int(k));
    }
}

#[inline(always)]
pub(super) fn int_cmp(op: BinOp, x: i64, y: i64) -> bool {
    match op {
        BinOp::Lt => x < y,
        BinOp::Le => x <= y,
        BinOp::Gt => x > y,
        BinOp::Ge => x >= y,
        BinOp::Eq => x == y,
        _ => x != y,
    }
}

/// The panic of a map key Go cannot hash, in Go 1.27's words: a store says
/// `runtime error: hash of unhashable type T`, a lookup or delete
/// `hash of unhashable type: T`.
fn unhashable_err(k: &V, types: &crate::types::Types, store: bool) -> Option<String> {
    let name = types.name(unhashable(k, types)?);
    Some(if store {
        format!("runtime error: hash of unhashable type {name}")
    } else {
        format!("hash of unhashable type: {name}")
    })
}
