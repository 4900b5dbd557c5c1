//! The library's natives (`Native`): fmt's formatting with `String`/`Error`
//! methods run to completion (`call_sync`), sync objects, the clock, strings, atomics;
//! and the `GCode` interface the core resumes a goroutine through.

use super::*;

impl GCode for Gor {
    fn resume(&mut self, cx: &mut Cx<'_>) -> Yield {
        if let Some((map, n)) = self.sel_map.take() {
            if let Some(i) = cx.selected {
                cx.selected = Some(map.get(i).copied().unwrap_or(n));
            }
        }
        self.goid = cx.goid;
        let before = self.ps;
        let y = self.run(cx);
        // Charge whole ns; keep the remainder for next time.
        let spent = self.ps - before + self.carry_ps;
        cx.used_ns = spent / 1000;
        self.carry_ps = spent % 1000;
        cx.alloc_bytes = std::mem::take(&mut self.alloc);
        y
    }
    fn clone_code(&self, f: &mut gmp_core::fork::Forker) -> Box<dyn GCode> {
        self.fork(f)
    }
    fn host_bytes(&self) -> usize {
        self.frame_bytes
    }
    fn stack_used(&self) -> u64 {
        self.used
    }
    fn traceback(&self) -> Vec<(String, String)> {
        self.where_()
    }
    fn depth(&self) -> usize {
        self.frames.len()
    }
    fn label(&self) -> Option<Arc<str>> {
        self.label.clone()
    }
    fn line(&self) -> u32 {
        // The innermost frame of the program's own code: a G inside fmt.Println or
        // wg.Wait (the explorer's std, written in Go) is at the line that called it.
        self.frames
            .iter()
            .rev()
            .find(|fr| self.prog.funcs[fr.func as usize].name.starts_with("main."))
            .or(self.frames.last())
            .map(|fr| {
                let f = &self.prog.funcs[fr.func as usize];
                // Stopped at a taken branch: at its target, the next line it runs.
                let top = std::ptr::eq(fr, self.frames.last().unwrap_or(fr));
                if self.at_branch && top {
                    if let Some(&l) = f.lines.get(fr.pc).filter(|&&l| l > 0) {
                        return l;
                    }
                }
                match f.lines.get(fr.pc.saturating_sub(1)).copied().unwrap_or(0) {
                    // Not started yet (or an instruction without a line): the next
                    // line it will run.
                    0 => f.lines[fr.pc.min(f.lines.len())..]
                        .iter()
                        .copied()
                        .find(|&l| l > 0)
                        .unwrap_or(0),
                    l => l,
                }
            })
            .unwrap_or(0)
    }
}

/// CPU a `String`/`Error` method run by [`Gor::call_sync`] may use (1 ms).
pub const SYNC_BUDGET_NS: u64 = 1_000_000;
/// How deep `String`/`Error` methods run by [`Gor::call_sync`] may nest.
pub const SYNC_DEPTH: u32 = 32;

impl Gor {
    /// Runs method `f` on `recv` to completion inside this goroutine (a `String()` or
    /// `Error()` that fmt calls). It may not block: if it tries, the text says so. It
    /// runs on the host's stack within one resume, so it is bounded: at most
    /// [`SYNC_BUDGET_NS`] of CPU (a `String` that loops forever would hang the host) and
    /// [`SYNC_DEPTH`] nested calls (a `String` that formats its own receiver recurses
    /// until Go's stack overflows, and would overflow the host's first).
    pub(super) fn call_sync(&mut self, f: FuncId, recv: V, cx: &mut Cx<'_>) -> String {
        if self.sync_depth >= SYNC_DEPTH {
            return format!(
                "%!v(PANIC=String method: the explorer nests String/Error calls at most {SYNC_DEPTH} deep)"
            );
        }
        let mut g = Gor::new(
            self.prog.clone(),
            self.chans.clone(),
            self.globals.clone(),
            f,
            vec![recv],
            &[],
        );
        g.goid = self.goid;
        g.sync_depth = self.sync_depth + 1;
        let budget = cx.budget_ns;
        cx.budget_ns = SYNC_BUDGET_NS;
        let y = g.run(cx);
        cx.budget_ns = budget;
        self.ps += g.ps;
        match y {
            Yield::Return => match g.result.first() {
                Some(V::Str(s)) => s.to_string(),
                _ => String::new(),
            },
            Yield::Budget => {
                "%!v(PANIC=String method: the explorer runs String/Error methods for at most 1ms of CPU)"
                    .into()
            }
            _ => {
                "%!v(PANIC=String method: the explorer runs String/Error methods without blocking)"
                    .into()
            }
        }
    }

    /// The text of a value's `Error()` or `String()` method, if its type has one.
    pub(super) fn method_text(&mut self, v: &V, cx: &mut Cx<'_>) -> Option<String> {
        let V::Iface(b) = v else { return None };
        if b.0 == crate::types::RUNTIME_ERROR {
            return None;
        }
        if self.prog.types.name(b.0) == "time.Duration" {
            return Some(gofmt::duration(as_int(&b.1)));
        }
        let (f, recv) = self.fmt_method(b.0, &b.1)?;
        Some(self.call_sync(f, recv, cx))
    }

    /// A fmt call's operands; `sharp`: the format has a `#` flag, so a `GoString`
    /// method is called for `%#v` (fmt's `handleMethods` with `sharpV`).
    pub(super) fn fmt_args(&mut self, v: &V, sharp: bool, cx: &mut Cx<'_>) -> Vec<gofmt::Arg> {
        slice_vals(v)
            .into_iter()
            .map(|x| {
                let method_text = self.method_text(&x, cx);
                let go_string = if sharp { self.go_string(&x, cx) } else { None };
                match x {
                    V::Iface(ref b) => {
                        let shown = match method_text {
                            Some(_) => None,
                            None => self.shown(b.0, &b.1, 0, cx),
                        };
                        let go_shown = match go_string {
                            Some(_) => None,
                            None if sharp => self.shown_by(b.0, &b.1, 0, true, cx),
                            None => None,
                        };
                        gofmt::Arg {
                            ty: b.0,
                            v: b.1.clone(),
                            method_text,
                            go_string,
                            shown,
                            go_shown,
                        }
                    }
                    other => gofmt::Arg {
                        ty: 0,
                        v: other,
                        method_text,
                        go_string,
                        shown: None,
                        go_shown: None,
                    },
                }
            })
            .collect()
    }

    /// A panic with a string value (`panic("...")` in the library's Go).
    pub(super) fn panic_str(&mut self, text: String) -> Stop {
        Stop::Panic(V::Iface(Arc::new((
            self.prog.types.string,
            V::Str(Arc::from(text)),
        ))))
    }

    /// `errors.As`'s check of `target` and its store (errors/wrap.go: As's panics,
    /// then `reflectlite.TypeOf(err).AssignableTo(targetType)`).
    fn errors_assign_to(&mut self, err: &V, target: &V) -> Result<bool, Stop> {
        let V::Iface(t) = target else {
            return Err(self.panic_str("errors: target cannot be nil".into()));
        };
        let types = &self.prog.types;
        let (Ty::Ptr(elem), V::Ptr(p)) = (types.under(t.0), &t.1) else {
            return Err(self.panic_str("errors: target must be a non-nil pointer".into()));
        };
        let elem = *elem;
        let is_iface = matches!(types.under(elem), Ty::Iface(_));
        let error_method: Arc<str> = Arc::from("Error");
        if !is_iface && !self.prog.implements_method(elem, &error_method) {
            return Err(
                self.panic_str("errors: *target must be interface or implement error".into())
            );
        }
        let V::Iface(e) = err else { return Ok(false) };
        let fits = if is_iface {
            self.prog.implements(e.0, elem)
        } else {
            e.0 == elem
        };
        if fits {
            let v = if is_iface { err.clone() } else { e.1.clone() };
            with_mut(p, |slot| *slot = v);
        }
        Ok(fits)
    }

    /// The text of a value's `GoString()` method (`fmt.GoStringer`), if its type has one.
    fn go_string(&mut self, v: &V, cx: &mut Cx<'_>) -> Option<String> {
        let V::Iface(b) = v else { return None };
        let (f, recv) = self.go_method(b.0, &b.1)?;
        Some(self.call_sync(f, recv, cx))
    }

    /// The `GoString()` method a value of type `t` has in its method set.
    fn go_method(&self, t: TyId, v: &V) -> Option<(FuncId, V)> {
        if t == crate::types::RUNTIME_ERROR || t == crate::types::NIL_TYPE {
            return None;
        }
        let m: Arc<str> = Arc::from("GoString");
        if !self.prog.implements_method(t, &m) {
            return None;
        }
        self.prog.method(t, v, &m)
    }

    /// The `Error()`/`String()` method a value of type `t` has in its method set (a
    /// pointer-receiver method only for a pointer type), as fmt's `handleMethods` finds it.
    pub(super) fn fmt_method(&self, t: TyId, v: &V) -> Option<(FuncId, V)> {
        if t == crate::types::RUNTIME_ERROR || t == crate::types::NIL_TYPE {
            return None;
        }
        for m in ["Error", "String"] {
            let m: Arc<str> = Arc::from(m);
            if !self.prog.implements_method(t, &m) {
                continue;
            }
            if let Some(found) = self.prog.method(t, v, &m) {
                return Some(found);
            }
        }
        None
    }

    /// `v` (of type `t`) as `%v` prints it below the top level: fmt's `printValue` calls
    /// `Error()`/`String()` on every element, map key and value and exported field that
    /// has one (`depth > 0 && CanInterface()`), so those are replaced by their text (a
    /// value of the VM's text type). `None` when nothing below has such a method.
    pub(super) fn shown(&mut self, t: TyId, v: &V, depth: u32, cx: &mut Cx<'_>) -> Option<V> {
        self.shown_by(t, v, depth, false, cx)
    }

    /// [`Gor::shown`]; `go`: as `%#v` prints it, where the method below the top level
    /// is `GoString()` (handleMethods with sharpV looks for a GoStringer only).
    fn shown_by(&mut self, t: TyId, v: &V, depth: u32, go: bool, cx: &mut Cx<'_>) -> Option<V> {
        if depth > 8 {
            return None;
        }
        if depth > 0 {
            if let V::Iface(b) = v {
                return self.shown_by(b.0, &b.1, depth, go, cx);
            }
            if !matches!(v, V::Nil) || matches!(self.prog.types.get(t), Ty::Ptr(_)) {
                let method = if go {
                    self.go_method(t, v)
                } else {
                    self.fmt_method(t, v)
                };
                if let Some((f, recv)) = method {
                    let text = self.call_sync(f, recv, cx);
                    return Some(V::Iface(Arc::new((
                        crate::types::FORMATTED,
                        V::Str(Arc::from(text)),
                    ))));
                }
            }
        }
        let under = self.prog.types.under(t).clone();
        match (&under, v) {
            (Ty::Slice(e), V::Slice(_)) | (Ty::Array(_, e), V::Agg(_)) => {
                let xs = slice_vals(v);
                let mut out: Option<Vec<V>> = None;
                for (i, x) in xs.iter().enumerate() {
                    if let Some(nx) = self.shown_by(*e, x, depth + 1, go, cx) {
                        out.get_or_insert_with(|| xs.clone())[i] = nx;
                    }
                }
                let out = out?;
                Some(match v {
                    V::Agg(_) => V::Agg(out.into_boxed_slice()),
                    _ => slice_of(out),
                })
            }
            (Ty::Struct(fs), V::Agg(xs)) => {
                let mut out: Option<Vec<V>> = None;
                for (i, (name, ft, _)) in fs.iter().enumerate() {
                    // An unexported field cannot be interfaced: no methods below it.
                    if !name.starts_with(|c: char| c.is_uppercase()) {
                        continue;
                    }
                    let Some(x) = xs.get(i) else { continue };
                    if let Some(nx) = self.shown_by(*ft, x, depth + 1, go, cx) {
                        out.get_or_insert_with(|| xs.to_vec())[i] = nx;
                    }
                }
                Some(V::Agg(out?.into_boxed_slice()))
            }
            (Ty::Map(kt, et), V::Map(m)) => {
                // A copy (what the methods do may touch the map), its entries sorted.
                let copy = {
                    let m = lock(m);
                    MapObj::from_entries(m.keys.clone(), m.vals.clone())
                };
                // fmt sorts by the keys themselves (`fmtsort`), not by their text: in
                // that order here, and kept (`gofmt::value` does not sort a map whose
                // keys are texts already).
                let mut changed = false;
                let mut nm = MapObj::default();
                for (k, x) in gofmt::sorted_entries(&copy) {
                    let (k, x) = (k.clone(), x.clone());
                    let nk = self.shown_by(*kt, &k, depth + 1, go, cx);
                    let nx = self.shown_by(*et, &x, depth + 1, go, cx);
                    changed |= nk.is_some() || nx.is_some();
                    // Keys keep their own order (fmt sorts by the key, not its text).
                    nm.keys.push(nk.unwrap_or(k));
                    nm.vals.push(nx.unwrap_or(x));
                }
                changed.then(|| V::Map(Arc::new(Mutex::new(nm))))
            }
            (Ty::Ptr(e), V::Ptr(p)) if depth == 0 => {
                let inner = load(p);
                let ni = self.shown_by(*e, &inner, depth + 1, go, cx)?;
                Some(V::Ptr(Ptr::Cell(Arc::new(Mutex::new(ni)))))
            }
            _ => None,
        }
    }

    /// The text of a fmt call: `Print`/`Sprint`, `Println`/`Sprintln`, or a format.
    pub(super) fn fmt_text(&mut self, n: Native, a: &[V], cx: &mut Cx<'_>) -> String {
        use Native::*;
        match n {
            Print | Sprint => {
                let args = self.fmt_args(&a[0], false, cx);
                gofmt::sprint(&args, &self.prog.types)
            }
            Println | Sprintln => {
                let args = self.fmt_args(&a[0], false, cx);
                gofmt::sprintln(&args, &self.prog.types)
            }
            _ => {
                let format = match a.first() {
                    Some(V::Str(f)) => f.clone(),
                    _ => Arc::from(""),
                };
                let args = self.fmt_args(&a[1], format.contains('#'), cx);
                gofmt::sprintf_w(&format, &args, &self.prog.types, n == Errorf)
            }
        }
    }

    pub(super) fn set_results(&mut self, dst: Reg, vals: impl IntoIterator<Item = V>) {
        let fr = self.frames.last_mut().unwrap();
        for (i, v) in vals.into_iter().enumerate() {
            if let Some(slot) = fr.regs.get_mut(dst as usize + i) {
                *slot = v;
            }
        }
    }

    /// A sync object's runtime id, made on first use (`sync.Mutex`'s zero value works).
    pub(super) fn obj_id(&mut self, p: &V, make: impl FnOnce() -> u32) -> Result<u32, Stop> {
        let V::Ptr(p) = p else {
            return Err(Stop::Err(RtErr(NIL_DEREF.into())));
        };
        Ok(with_mut(p, |v| match v {
            V::Agg(xs) => match xs.first() {
                Some(V::Int(id)) if *id > 0 => (*id - 1) as u32,
                _ => {
                    let id = make();
                    xs[0] = V::Int(id as i64 + 1);
                    id
                }
            },
            _ => make(),
        }))
    }

    pub(super) fn native(
        &mut self,
        n: Native,
        a: Vec<V>,
        dst: Reg,
        _nret: u32,
        cx: &mut Cx<'_>,
    ) -> Result<(), Stop> {
        use Native::*;
        let y = |op: Op| Err(Stop::Yield(Yield::Op(op)));
        let s = |i: usize| as_str(a.get(i).unwrap_or(&V::Nil));
        let int = |i: usize| as_int(a.get(i).unwrap_or(&V::Nil));
        let nil_err = V::Nil;
        self.ps += cost::CALL;
        match n {
            Println | Print | Printf => {
                let text = self.fmt_text(n, &a, cx);
                self.ps += cost::FMT;
                let len = text.len() as i64;
                self.set_results(dst, [V::Int(len), nil_err]);
                y(Op::Write { fd: 1, text })
            }
            Sprintf | Sprint | Sprintln | Errorf => {
                let text = self.fmt_text(n, &a, cx);
                self.ps += cost::FMT;
                self.set_results(dst, [V::Str(Arc::from(text))]);
                Ok(())
            }
            BuiltinPrint | BuiltinPrintln => {
                let parts: Vec<String> = a
                    .iter()
                    .map(|v| gofmt::plain(v, &self.prog.types))
                    .collect();
                let text = if n == BuiltinPrintln {
                    format!("{}\n", parts.join(" "))
                } else {
                    parts.concat()
                };
                y(Op::Write { fd: 2, text })
            }
            Gosched => y(Op::Gosched),
            Gomaxprocs => {
                let want = int(0);
                if want <= 0 {
                    self.set_results(dst, [V::Int(cx.host.gomaxprocs() as i64)]);
                    return Ok(());
                }
                self.pending = Pending::Procs {
                    dst,
                    prev: cx.host.gomaxprocs() as i64,
                };
                y(Op::SetMaxProcs(want.min(1024) as u32))
            }
            NumGoroutine => {
                self.set_results(dst, [V::Int(cx.host.num_goroutine() as i64)]);
                Ok(())
            }
            NumCpu => {
                self.set_results(dst, [V::Int(cx.host.ncpu() as i64)]);
                Ok(())
            }
            Gc => y(Op::Gc),
            LockOSThread | UnlockOSThread => Ok(()),
            Stack => {
                let text = format!("goroutine {} [running]:\n", cx.goid);
                if let Some(V::Slice(sl)) = a.first() {
                    let n = text.len().min(sl.len);
                    for (i, b) in text.bytes().take(n).enumerate() {
                        sl.arr.set(sl.off + i, V::Int(b as i64));
                    }
                    self.set_results(dst, [V::Int(n as i64)]);
                }
                Ok(())
            }
            WgAdd | WgDone | WgWait => {
                let id = self.obj_id(&a[0], || cx.host.new_waitgroup())?;
                match n {
                    WgAdd => y(Op::WgAdd(id, int(1))),
                    WgDone => y(Op::WgDone(id)),
                    _ => y(Op::WgWait(id)),
                }
            }
            MutexLock | MutexUnlock => {
                let id = self.obj_id(&a[0], || cx.host.new_mutex())?;
                if n == MutexLock {
                    self.pending = Pending::Retry(Op::Lock(id));
                    y(Op::Lock(id))
                } else {
                    y(Op::Unlock(id))
                }
            }
            RwLock | RwUnlock | RwRLock | RwRUnlock => {
                let id = self.obj_id(&a[0], || cx.host.new_rwmutex())?;
                let op = match n {
                    RwLock => Op::Lock(id),
                    RwUnlock => Op::Unlock(id),
                    RwRLock => Op::RLock(id),
                    _ => Op::RUnlock(id),
                };
                if matches!(n, RwLock | RwRLock) {
                    self.pending = Pending::Retry(op.clone());
                }
                y(op)
            }
            MutexTryLock | RwTryLock | RwTryRLock => {
                let ok = if n == MutexTryLock {
                    let id = self.obj_id(&a[0], || cx.host.new_mutex())?;
                    cx.host.try_lock(id, false, false)
                } else {
                    let id = self.obj_id(&a[0], || cx.host.new_rwmutex())?;
                    cx.host.try_lock(id, true, n == RwTryRLock)
                };
                self.set_results(dst, [V::Bool(ok)]);
                Ok(())
            }
            NotifyListAdd => {
                let id = self.obj_id(&a[0], || cx.host.new_notify_list())?;
                let t = cx.host.notify_list_add(id);
                self.set_results(dst, [V::Int(t as i64)]);
                Ok(())
            }
            NotifyListWait | NotifyListNotifyOne | NotifyListNotifyAll => {
                let id = self.obj_id(&a[0], || cx.host.new_notify_list())?;
                y(match n {
                    NotifyListWait => Op::NotifyListWait {
                        list: id,
                        ticket: int(1) as u64,
                    },
                    NotifyListNotifyOne => Op::CondSignal(id),
                    _ => Op::CondBroadcast(id),
                })
            }
            TimerNew => {
                // (chan Time or nil, func() or nil, time.Local)
                *lock(&self.chans.time_loc) = a[2].clone();
                let kind = match (&a[0], &a[1]) {
                    (V::Chan(c), _) => gmp_core::code::TimerKind::Chan(*c),
                    (_, f @ V::Func(_)) => gmp_core::code::TimerKind::Func(Arc::new(AfterFunc {
                        prog: self.prog.clone(),
                        chans: self.chans.clone(),
                        globals: self.globals.clone(),
                        f: f.clone(),
                    })),
                    _ => return Err(Stop::Err(RtErr(NIL_DEREF.into()))),
                };
                let id = cx.host.new_timer(kind);
                self.set_results(dst, [V::Int(id as i64 + 1)]);
                Ok(())
            }
            TimerModify | TimerStop => {
                let timer = (int(0) - 1) as u32;
                self.pending = Pending::Result(dst);
                y(if n == TimerModify {
                    Op::TimerModify {
                        timer,
                        when: int(1),
                        period: int(2),
                    }
                } else {
                    Op::TimerStop(timer)
                })
            }
            Goexit => {
                self.goexiting = true;
                match self.goexit_unwind() {
                    Some(y) => Err(Stop::Yield(y)),
                    None => Ok(()),
                }
            }
            PoolGet | PoolPut => {
                let V::Ptr(p) = &a[0] else {
                    return Err(Stop::Err(RtErr(NIL_DEREF.into())));
                };
                self.ps += cost::MEM * 8;
                let (pid, nprocs) = (cx.p as usize, cx.host.gomaxprocs() as usize);
                let cycles = cx.host.gc_cycles() as i64;
                let x = a.get(1).cloned().unwrap_or_default();
                let got = with_mut(p, |v| {
                    let V::Agg(fields) = v else { return V::Nil };
                    let mut c = PoolCaches::decode(&fields[0]);
                    c.after_gcs(cycles);
                    let got = if n == PoolGet {
                        c.get(pid, nprocs)
                    } else {
                        c.put(pid, nprocs, x);
                        V::Nil
                    };
                    fields[0] = c.encode();
                    got
                });
                if n == PoolGet {
                    self.set_results(dst, [got]);
                }
                Ok(())
            }
            MapOp | MapEntries => {
                let V::Ptr(p) = &a[0] else {
                    return Err(Stop::Err(RtErr(NIL_DEREF.into())));
                };
                self.ps += cost::MAP;
                let m = with_mut(p, |v| {
                    let V::Agg(fields) = v else {
                        return Arc::new(Mutex::new(MapObj::default()));
                    };
                    match &fields[0] {
                        V::Map(m) => m.clone(),
                        _ => {
                            let m = Arc::new(Mutex::new(MapObj::default()));
                            fields[0] = V::Map(m.clone());
                            m
                        }
                    }
                });
                let mut m = lock(&m);
                if n == MapEntries {
                    let (k, v) = (slice_of(m.keys.clone()), slice_of(m.vals.clone()));
                    self.set_results(dst, [k, v]);
                    return Ok(());
                }
                let arg = |i: usize| a.get(i).cloned().unwrap_or_default();
                let (key, value, old) = (arg(2), arg(3), arg(4));
                let cur = m.get(&key).cloned();
                let (r, ok) = match int(1) {
                    // Load
                    0 => (cur.clone().unwrap_or_default(), cur.is_some()),
                    // Store
                    1 => {
                        m.set(key, value);
                        (V::Nil, false)
                    }
                    // LoadOrStore
                    2 => match cur {
                        Some(v) => (v, true),
                        None => {
                            m.set(key, value.clone());
                            (value, false)
                        }
                    },
                    // LoadAndDelete, Delete
                    3 => {
                        m.delete(&key);
                        (cur.clone().unwrap_or_default(), cur.is_some())
                    }
                    // Swap
                    4 => {
                        m.set(key, value);
                        (cur.clone().unwrap_or_default(), cur.is_some())
                    }
                    // CompareAndSwap
                    5 => match cur {
                        Some(c) if equal(&c, &old) => {
                            m.set(key, value);
                            (V::Nil, true)
                        }
                        _ => (V::Nil, false),
                    },
                    // CompareAndDelete
                    6 => match cur {
                        Some(c) if equal(&c, &old) => {
                            m.delete(&key);
                            (V::Nil, true)
                        }
                        _ => (V::Nil, false),
                    },
                    // Clear
                    _ => {
                        *m = MapObj::default();
                        (V::Nil, false)
                    }
                };
                drop(m);
                self.set_results(dst, [r, V::Bool(ok)]);
                Ok(())
            }
            SameType => {
                let ty = |v: &V| match v {
                    V::Iface(b) => Some(b.0),
                    _ => None,
                };
                self.set_results(dst, [V::Bool(ty(&a[0]) == ty(&a[1]))]);
                Ok(())
            }
            Sleep => {
                let d = int(0);
                if d <= 0 {
                    return Ok(());
                }
                // At most 2^60 ns (36 years): the core adds it to the clock.
                y(Op::Sleep(d.min(1 << 60) as u64))
            }
            Nanotime => {
                self.ps += cost::CLOCK;
                self.set_results(dst, [V::Int(cx.now)]);
                Ok(())
            }
            Now => {
                self.set_results(dst, [V::Agg(vec![V::Int(cx.now)].into())]);
                Ok(())
            }
            DurationString => {
                self.set_results(dst, [V::Str(Arc::from(gofmt::duration(int(0))))]);
                Ok(())
            }
            Exit => y(Op::Exit(int(0) as i32)),
            Repeat => {
                if int(1) < 0 {
                    return Err(Stop::Err(RtErr("strings: negative Repeat count".into())));
                }
                let (x, n) = (s(0), int(1) as usize);
                // `strings.Repeat`: the length must fit an int; then it is an allocation.
                let Some(len) = x.len().checked_mul(n).filter(|&l| l <= i64::MAX as usize) else {
                    return Err(Stop::Err(RtErr(
                        "strings: Repeat output length overflow".into(),
                    )));
                };
                if crate::heap::would_exceed(len) {
                    return Err(out_of_memory(len));
                }
                let r = x.repeat(n);
                self.ps += cost::STR + len as u64 / 8;
                self.set_results(dst, [V::Str(Arc::from(r))]);
                Ok(())
            }
            Join => {
                let parts: Vec<String> = slice_vals(&a[0])
                    .iter()
                    .map(|v| as_str(v).to_string())
                    .collect();
                self.set_results(dst, [V::Str(Arc::from(parts.join(&*s(1))))]);
                Ok(())
            }
            Contains | HasPrefix | HasSuffix => {
                let (x, p) = (s(0), s(1));
                let r = match n {
                    Contains => x.contains(&*p),
                    HasPrefix => x.starts_with(&*p),
                    _ => x.ends_with(&*p),
                };
                self.set_results(dst, [V::Bool(r)]);
                Ok(())
            }
            ToUpper | ToLower | TrimSpace => {
                let x = s(0);
                let r = match n {
                    ToUpper => crate::unicode::map_string(crate::unicode::Case::Upper, &x),
                    ToLower => crate::unicode::map_string(crate::unicode::Case::Lower, &x),
                    _ => x.trim().to_string(),
                };
                self.set_results(dst, [V::Str(Arc::from(r))]);
                Ok(())
            }
            Split => {
                let (x, sep) = (s(0), s(1));
                let parts: Vec<V> = if sep.is_empty() {
                    x.chars()
                        .map(|c| V::Str(Arc::from(c.to_string())))
                        .collect()
                } else {
                    x.split(&*sep).map(|p| V::Str(Arc::from(p))).collect()
                };
                self.set_results(dst, [slice_of(parts)]);
                Ok(())
            }
            Index => {
                let r = s(0).find(&*s(1)).map(|i| i as i64).unwrap_or(-1);
                self.set_results(dst, [V::Int(r)]);
                Ok(())
            }
            AtomicAdd | AtomicAdd32 | AtomicAddU32 | AtomicLoad | AtomicStore | AtomicSwap
            | AtomicCas => {
                // One step on the variable's cell, under its lock: indivisible under
                // real threads too. Load, Store, Swap and CompareAndSwap work on any
                // value (atomic.Value's interface too); the adds on integers.
                let V::Ptr(p) = &a[0] else {
                    return Err(Stop::Err(RtErr(NIL_DEREF.into())));
                };
                self.ps += cost::MEM * 4;
                let arg = |i: usize| a.get(i).cloned().unwrap_or_default();
                let out = with_mut(p, |v| {
                    let cur = as_int(v);
                    match n {
                        AtomicAdd => {
                            *v = V::Int(cur.wrapping_add(int(1)));
                            v.clone()
                        }
                        AtomicAdd32 => {
                            *v = V::Int((cur as i32).wrapping_add(int(1) as i32) as i64);
                            v.clone()
                        }
                        AtomicAddU32 => {
                            *v = V::Int((cur as u32).wrapping_add(int(1) as u32) as i64);
                            v.clone()
                        }
                        AtomicLoad => v.clone(),
                        AtomicStore => {
                            *v = arg(1);
                            V::Nil
                        }
                        AtomicSwap => std::mem::replace(v, arg(1)),
                        _ => {
                            let same = equal(v, &arg(1));
                            if same {
                                *v = arg(2);
                            }
                            V::Bool(same)
                        }
                    }
                });
                self.set_results(dst, [out]);
                Ok(())
            }
            RandInt63 => {
                let v = (cx.host.rand() >> 1) as i64;
                self.set_results(dst, [V::Int(v)]);
                Ok(())
            }
            MinFloat | MaxFloat => {
                // `min`/`max` (builtin.go): a NaN operand makes the result NaN; of -0
                // and +0, min is -0 and max +0.
                let (x, y) = (as_f(&a[0]), as_f(&a[1]));
                let r = if x.is_nan() || y.is_nan() {
                    f64::NAN
                } else if n == MinFloat {
                    if x < y || (x == y && x.is_sign_negative()) {
                        x
                    } else {
                        y
                    }
                } else if x > y || (x == y && x.is_sign_positive()) {
                    x
                } else {
                    y
                };
                self.set_results(dst, [V::Float(r)]);
                Ok(())
            }
            Float64bits => {
                self.set_results(dst, [V::Int(as_f(&a[0]).to_bits() as i64)]);
                Ok(())
            }
            Float64frombits => {
                self.set_results(dst, [V::Float(f64::from_bits(int(0) as u64))]);
                Ok(())
            }
            Float32bits => {
                self.set_results(dst, [V::Int((as_f(&a[0]) as f32).to_bits() as i64)]);
                Ok(())
            }
            Float32frombits => {
                let f = f32::from_bits(int(0) as u32) as f64;
                self.set_results(dst, [V::Float(f)]);
                Ok(())
            }
            Sqrt => {
                self.set_results(dst, [V::Float(as_f(&a[0]).sqrt())]);
                Ok(())
            }
            FormatFloat => {
                let verb = int(1) as u8 as char;
                let r = gofmt::format_float(as_f(&a[0]), verb, int(2), int(3) == 32);
                self.ps += cost::FMT;
                self.set_results(dst, [V::Str(Arc::from(r))]);
                Ok(())
            }
            ParseFloat => {
                let (f, ok) = parse_decimal(&s(0), int(1) == 32);
                self.set_results(dst, [V::Float(f), V::Bool(ok)]);
                Ok(())
            }
            SliceLen | SliceSwap => {
                let sl = match &a[0] {
                    V::Iface(b) => match (&b.1, self.prog.types.under(b.0)) {
                        (V::Slice(sl), _) => Some((sl.off, sl.len, Some(sl.arr.clone()))),
                        (V::Nil, Ty::Slice(_)) => Some((0, 0, None)),
                        _ => None,
                    },
                    _ => None,
                };
                let Some((off, len, arr)) = sl else {
                    // reflectlite.ValueOf(x).Len() / Swapper of a value that is no slice.
                    let kind = match &a[0] {
                        V::Iface(b) => kind_name(&self.prog.types, b.0),
                        _ => "invalid".into(),
                    };
                    let m = if n == SliceLen { "Len" } else { "Swapper" };
                    return Err(self.panic_str(format!("reflect: call of {m} on {kind} Value")));
                };
                if n == SliceLen {
                    self.set_results(dst, [V::Int(len as i64)]);
                    return Ok(());
                }
                let (i, j) = (int(1), int(2));
                if i < 0 || j < 0 || i as usize >= len || j as usize >= len {
                    return Err(self.panic_str("reflect: slice index out of range".into()));
                }
                if let Some(arr) = arr {
                    arr.swap(off + i as usize, off + j as usize);
                }
                self.ps += cost::MEM * 2;
                Ok(())
            }
            ErrorsAssignTo => {
                let r = self.errors_assign_to(&a[0], &a[1])?;
                self.set_results(dst, [V::Bool(r)]);
                Ok(())
            }
            Comparable => {
                let r = match &a[0] {
                    V::Iface(b) => self.prog.types.comparable(b.0),
                    _ => true,
                };
                self.set_results(dst, [V::Bool(r)]);
                Ok(())
            }
            IsLetter | IsDigit | IsNumber | IsUpper | IsLower | IsTitle | IsPunct | IsSpace
            | IsControl | IsGraphic | IsPrint | IsMark | IsSymbol => {
                use crate::unicode as u;
                let bit = match n {
                    IsLetter => u::LETTER,
                    IsDigit => u::DIGIT,
                    IsNumber => u::NUMBER,
                    IsUpper => u::UPPER,
                    IsLower => u::LOWER,
                    IsTitle => u::TITLE,
                    IsPunct => u::PUNCT,
                    IsSpace => u::SPACE,
                    IsControl => u::CONTROL,
                    IsGraphic => u::GRAPHIC,
                    IsPrint => u::PRINT,
                    IsMark => u::MARK,
                    _ => u::SYMBOL,
                };
                self.set_results(dst, [V::Bool(u::is(bit, int(0)))]);
                Ok(())
            }
            RuneToUpper | RuneToLower | RuneToTitle => {
                use crate::unicode::{to, Case};
                let case = match n {
                    RuneToUpper => Case::Upper,
                    RuneToLower => Case::Lower,
                    _ => Case::Title,
                };
                self.set_results(dst, [V::Int(to(case, int(0)))]);
                Ok(())
            }
            SimpleFold => {
                self.set_results(dst, [V::Int(crate::unicode::simple_fold(int(0)))]);
                Ok(())
            }
            Walltime => {
                // The wall clock starts at WALL_START (the Go playground's instant) when
                // the program starts and runs with its clock (virtual or real).
                let ns = WALL_START_NS + cx.now;
                let (sec, nsec) = (ns.div_euclid(1_000_000_000), ns.rem_euclid(1_000_000_000));
                self.set_results(dst, [V::Int(sec), V::Int(nsec)]);
                Ok(())
            }
            Clear => {
                match &a[0] {
                    V::Map(m) => {
                        let mut m = lock(m);
                        self.ps += cost::MAP * m.keys.len() as u64 / 8;
                        *m = MapObj::default();
                    }
                    V::Slice(sl) => {
                        let z = a.get(1).cloned().unwrap_or_default();
                        sl.arr.fill(sl.off, sl.off + sl.len, &z);
                        self.ps += cost::MEM * sl.len as u64 / 8;
                    }
                    _ => {}
                }
                Ok(())
            }
            RandIntn => {
                let n = int(0);
                if n <= 0 {
                    return Err(Stop::Err(RtErr("invalid argument to Intn".into())));
                }
                let v = (cx.host.rand() % n as u64) as i64;
                self.set_results(dst, [V::Int(v)]);
                Ok(())
            }
            SysRead => y(Op::Syscall(int(0).clamp(0, 1 << 60) as u64)),
            SysWrite => {
                let bytes = slice_bytes(&a[1]);
                let Ok(text) = String::from_utf8(bytes) else {
                    return Err(super::step::not_utf8(self.line()));
                };
                self.ps += cost::FMT;
                y(Op::Write {
                    fd: int(0) as u8,
                    text,
                })
            }
            NetRead => y(Op::NetRead(int(0).clamp(0, 1 << 60) as u64)),
            Accept => y(Op::Accept),
            SlowFile | SlowPeer => {
                // The structs of std/os.go (`os.File`) and std/net.go (`net.TCPConn`),
                // field by field.
                let d = V::Int(int(0).max(0));
                let fields = if n == SlowFile {
                    let fd = V::Int(3);
                    vec![
                        V::Str(Arc::from("slow")),
                        d,
                        V::Bool(false),
                        V::Bool(false),
                        fd,
                    ]
                } else {
                    vec![
                        d,
                        V::Bool(false),
                        V::Bool(false),
                        V::Bool(false),
                        V::Str(Arc::from("127.0.0.1:40000")),
                        V::Str(Arc::from("127.0.0.1:40001")),
                    ]
                };
                self.ps += cost::ALLOC;
                let p = V::Ptr(Ptr::Cell(Arc::new(Mutex::new(V::Agg(fields.into())))));
                self.set_results(dst, [p]);
                Ok(())
            }
            TakeRequests => {
                let r = cx.host.take_requests();
                self.set_results(dst, r.iter().map(|&n| V::Int(n as i64)));
                Ok(())
            }
            Itoa => {
                self.ps += cost::STR;
                self.set_results(dst, [V::Str(Arc::from(int(0).to_string()))]);
                Ok(())
            }
        }
    }
}

/// The wall clock's reading when a program starts: 2009-11-10 23:00:00 UTC, the
/// instant the Go playground's clock starts at, so every run reads the same dates.
/// A `sync.Pool`'s caches (`sync/pool.go`): per P a private value and a shared list
/// (its head at the end: the owner pushes and pops there, others steal the oldest),
/// the victim caches the last GC left, and how many GC cycles had started when they
/// were last looked at. Kept in the Pool's first field as a tuple.
struct PoolCaches {
    cycles: i64,
    local: Vec<(V, Vec<V>)>,
    victim: Vec<(V, Vec<V>)>,
}

impl PoolCaches {
    fn decode(v: &V) -> PoolCaches {
        let side = |v: &V| -> Vec<(V, Vec<V>)> {
            match v {
                V::Tuple(ps) => ps
                    .iter()
                    .map(|p| match p {
                        V::Tuple(e) => (e[0].clone(), e[1..].to_vec()),
                        _ => (V::Nil, Vec::new()),
                    })
                    .collect(),
                _ => Vec::new(),
            }
        };
        match v {
            V::Tuple(t) => PoolCaches {
                cycles: as_int(&t[0]),
                local: side(&t[1]),
                victim: side(&t[2]),
            },
            _ => PoolCaches {
                cycles: -1,
                local: Vec::new(),
                victim: Vec::new(),
            },
        }
    }

    fn encode(&self) -> V {
        let side = |s: &[(V, Vec<V>)]| {
            V::Tuple(
                s.iter()
                    .map(|(private, shared)| {
                        let mut e = vec![private.clone()];
                        e.extend(shared.iter().cloned());
                        V::Tuple(e.into_boxed_slice())
                    })
                    .collect(),
            )
        };
        V::Tuple(Box::new([
            V::Int(self.cycles),
            side(&self.local),
            side(&self.victim),
        ]))
    }

    /// `poolCleanup` at each GC cycle started since: a pool used since the last one
    /// (`allPools`) moves its caches to the victim; one not used drops its victim.
    fn after_gcs(&mut self, cycles: i64) {
        if self.cycles >= 0 {
            for _ in 0..(cycles - self.cycles).clamp(0, 2) {
                self.victim = std::mem::take(&mut self.local);
            }
        }
        self.cycles = cycles;
    }

    /// `pin`: the P's cache; `pinSlow` makes GOMAXPROCS of them when there are fewer
    /// than the P's id (dropping the old ones, as Go does after a GOMAXPROCS change).
    fn pin(&mut self, pid: usize, nprocs: usize) -> &mut (V, Vec<V>) {
        if pid >= self.local.len() {
            self.local = vec![(V::Nil, Vec::new()); nprocs.max(pid + 1)];
        }
        &mut self.local[pid]
    }

    fn put(&mut self, pid: usize, nprocs: usize, x: V) {
        let l = self.pin(pid, nprocs);
        if matches!(l.0, V::Nil) {
            l.0 = x;
        } else {
            l.1.push(x);
        }
    }

    /// `Get` less `New`: the private value, the own shared list's head, then
    /// `getSlow`: the other Ps' shared tails, the victim's private value and tails;
    /// a victim found empty is dropped (`victimSize = 0`).
    fn get(&mut self, pid: usize, nprocs: usize) -> V {
        let l = self.pin(pid, nprocs);
        let x = std::mem::take(&mut l.0);
        if !matches!(x, V::Nil) {
            return x;
        }
        if let Some(x) = l.1.pop() {
            return x;
        }
        let size = self.local.len();
        for i in 0..size {
            let l = &mut self.local[(pid + i + 1) % size];
            if !l.1.is_empty() {
                return l.1.remove(0);
            }
        }
        let size = self.victim.len();
        if pid >= size {
            return V::Nil;
        }
        let x = std::mem::take(&mut self.victim[pid].0);
        if !matches!(x, V::Nil) {
            return x;
        }
        for i in 0..size {
            let l = &mut self.victim[(pid + i) % size];
            if !l.1.is_empty() {
                return l.1.remove(0);
            }
        }
        self.victim.clear();
        V::Nil
    }
}

/// What a timer made by `time.AfterFunc` starts each time it fires: a goroutine
/// calling `f` (`time/sleep.go: goFunc`).
pub(super) struct AfterFunc {
    prog: Arc<Prog>,
    chans: Arc<ChanVals>,
    globals: Arc<Vec<Cell>>,
    f: V,
}

impl gmp_core::code::TimerFunc for AfterFunc {
    fn start(&self) -> (Box<dyn GCode>, u32, gmp_core::GKind) {
        let V::Func(c) = &self.f else {
            unreachable!("AfterFunc's f is a func value")
        };
        let g = Gor::new(
            self.prog.clone(),
            self.chans.clone(),
            self.globals.clone(),
            c.func,
            Vec::new(),
            &c.caps,
        );
        (
            Box::new(g),
            c.func,
            self.prog.funcs[c.func as usize].go_kind,
        )
    }
    fn fork(&self, f: &mut gmp_core::fork::Forker) -> Arc<dyn gmp_core::code::TimerFunc> {
        Arc::new(AfterFunc {
            prog: self.prog.clone(),
            chans: fork::fork_chans(&self.chans, f),
            globals: fork::fork_globals(&self.globals, f),
            f: fork::fork_v(&self.f, f),
        })
    }
}

pub const WALL_START_NS: i64 = 1_257_894_000 * 1_000_000_000;

/// A decimal float's value, correctly rounded (to a float32's when `f32`):
/// `[+-]digits[.digits][(e|E)[+-]digits]` and nothing else; false when `s` is not that.
fn parse_decimal(s: &str, f32: bool) -> (f64, bool) {
    let b = s.as_bytes();
    let mut i = 0;
    if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
        i += 1;
    }
    let mut digits = 0;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
        digits += 1;
    }
    if i < b.len() && b[i] == b'.' {
        i += 1;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
            digits += 1;
        }
    }
    if digits == 0 {
        return (0.0, false);
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
            i += 1;
        }
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == start {
            return (0.0, false);
        }
    }
    if i != b.len() {
        return (0.0, false);
    }
    match gmp_core::atof::parse_float(s, f32) {
        Some(f) => (f, true),
        None => (0.0, false),
    }
}

/// reflect's name of a type's kind, as its panics print it.
fn kind_name(t: &crate::types::Types, id: TyId) -> String {
    match t.under(id) {
        Ty::Bool | Ty::Int { .. } | Ty::Float | Ty::Float32 | Ty::Str => t.name(t.under_id(id)),
        Ty::UnsafePtr => "unsafe.Pointer".into(),
        Ty::Slice(_) => "slice".into(),
        Ty::Array(..) => "array".into(),
        Ty::Map(..) => "map".into(),
        Ty::Chan(_) => "chan".into(),
        Ty::Ptr(_) => "ptr".into(),
        Ty::Struct(_) => "struct".into(),
        Ty::Func => "func".into(),
        Ty::Iface(_) => "interface".into(),
        _ => "invalid".into(),
    }
}
