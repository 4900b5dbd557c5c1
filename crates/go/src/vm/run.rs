//! The interpreter around the dispatch: a goroutine's frames (calls, prologues,
//! inlined calls, returns), `run` and its tight loop of hot instructions (`fast`),
//! panics and their unwinding, and what Go prints for them.

use super::*;

/// What the interpreter loop stopped for.
/// A program over the heap budget (`crate::heap`): Go's `throw`, not a panic.
pub(super) fn out_of_memory(extra: usize) -> Stop {
    Stop::Yield(Yield::Fatal {
        text: crate::heap::out_of_memory(extra),
        code: 2,
    })
}

pub(super) enum Stop {
    Yield(Yield),
    Err(RtErr),
    /// A panic with a value of the library's own (not a runtime error).
    Panic(V),
}

impl Gor {
    /// The main goroutine of a new run: fresh package-level variables and channel state.
    pub fn main(prog: Arc<Prog>, f: FuncId, chans: Arc<ChanVals>) -> Gor {
        let globals = Arc::new(
            prog.globals
                .iter()
                .map(|z| Arc::new(Mutex::new(z.clone())))
                .collect(),
        );
        Gor::new(prog, chans, globals, f, vec![], &[])
    }

    pub fn new(
        prog: Arc<Prog>,
        chans: Arc<ChanVals>,
        globals: Arc<Vec<Cell>>,
        f: FuncId,
        args: Vec<V>,
        caps: &[V],
    ) -> Gor {
        let mut g = Gor {
            prog,
            frames: Vec::new(),
            used: 0,
            pending: Pending::None,
            panicking: None,
            recovered: false,
            goexiting: false,
            panic_where: Vec::new(),
            ps: 0,
            chans,
            globals,
            sel_map: None,
            result: Vec::new(),
            carry_ps: 0,
            goid: 0,
            panic_method_text: None,
            spare: Vec::new(),
            label: None,
            sync_depth: 0,
            prior_panics: Vec::new(),
            repanic: false,
            frame_bytes: 0,
            alloc: 0,
            at_branch: false,
        };
        g.push_frame(f, args, caps, 0, 0, false);
        g
    }

    /// Would gc have inlined a call of `f` here? One level: into a physical frame.
    pub(super) fn inlined_call(&self, f: FuncId) -> bool {
        self.prog.funcs[f as usize].inlinable
            && self.frames.last().is_some_and(|fr| fr.phys.is_none())
    }

    pub(super) fn push_frame(
        &mut self,
        f: FuncId,
        args: Vec<V>,
        caps: &[V],
        dst: Reg,
        nret: u32,
        is_defer: bool,
    ) {
        self.push_frame_inl(f, args, caps, dst, nret, is_defer, false)
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn push_frame_inl(
        &mut self,
        f: FuncId,
        args: Vec<V>,
        caps: &[V],
        dst: Reg,
        nret: u32,
        is_defer: bool,
        inline: bool,
    ) {
        let func = &self.prog.funcs[f as usize];
        // The argument vector becomes the frame's registers.
        let mut regs = args;
        regs.reserve(func.nregs as usize);
        regs.resize_with(func.nparams as usize, V::default);
        regs.extend(caps.iter().cloned());
        regs.resize_with(func.nregs as usize, V::default);
        let used_below = self.used;
        let phys = if inline {
            Some(self.frames.len() - 1)
        } else {
            None
        };
        if !inline {
            self.used += func.frame;
        }
        self.frame_bytes += frame_host_bytes(&regs);
        self.frames.push(Frame {
            phys,
            func: f,
            pc: 0,
            regs,
            dst,
            nret,
            defers: Vec::new(),
            returning: None,
            is_defer,
            used_below,
        });
    }

    /// The stack check of a call's prologue: Some(frame) when morestack is needed.
    pub(super) fn prologue(&self, f: FuncId, cx: &Cx<'_>) -> Option<u64> {
        let func = &self.prog.funcs[f as usize];
        if func.nosplit {
            return None;
        }
        cx.morestack(self.used, func.frame).then_some(func.frame)
    }

    /// Frames for a traceback, innermost first.
    pub fn where_(&self) -> Vec<(String, String)> {
        self.frames
            .iter()
            .rev()
            .map(|fr| {
                let f = &self.prog.funcs[fr.func as usize];
                // `pc` is past the instruction the frame is in (a call, or the op that
                // yielded): its line is that of `pc - 1`, as in `line` (Go's `tracepc`).
                let pc = fr.pc.saturating_sub(1).min(f.lines.len().saturating_sub(1));
                let line = f.lines.get(pc).copied().unwrap_or(0);
                // Go prints `(...)` for an inlined frame and the argument words
                // otherwise; the explorer has no words: `()` for a call without
                // parameters, `(...)` else.
                let args = if f.nparams == 0 && !f.inlinable {
                    "()"
                } else {
                    "(...)"
                };
                (
                    format!("{}{args}", f.name),
                    format!("{}:{line}", self.prog.file),
                )
            })
            // The runtime's own frames are not shown (`showfuncinfo`): runtime.main.
            .filter(|(name, _)| {
                !name
                    .strip_prefix("runtime.")
                    .is_some_and(|r| !r.starts_with(|c: char| c.is_ascii_uppercase()))
            })
            .collect()
    }

    pub(super) fn deliver(&mut self, cx: &mut Cx<'_>) -> Option<Yield> {
        let pending = std::mem::replace(&mut self.pending, Pending::None);
        let fr = self.frames.last_mut().unwrap();
        match pending {
            Pending::None => {}
            Pending::Retry(op) => {
                if cx.retry {
                    self.pending = Pending::Retry(op.clone());
                    return Some(Yield::Op(op));
                }
            }
            Pending::Result(dst) => {
                let (v, _) = cx.received.take().unwrap_or((0, true));
                fr.regs[dst as usize] = V::Bool(v != 0);
            }
            Pending::Recv { dst, ok } => {
                let (tok, got) = cx.received.take().unwrap_or((0, false));
                let v = if got { self.chans.take(tok) } else { V::Nil };
                fr.regs[dst as usize] = v;
                if let Some(ok) = ok {
                    fr.regs[ok as usize] = V::Bool(got);
                }
            }
            Pending::Select { dst, val, ok, sent } => {
                let fired = cx.selected.take().unwrap_or(usize::MAX);
                fr.regs[dst as usize] = V::Int(fired as i64);
                for (case, tok) in sent {
                    if case != fired {
                        self.chans.take(tok);
                    }
                }
                if let Some((tok, got)) = cx.received.take() {
                    fr.regs[val as usize] = if got { self.chans.take(tok) } else { V::Nil };
                    fr.regs[ok as usize] = V::Bool(got);
                }
            }
            Pending::Procs { dst, prev } => fr.regs[dst as usize] = V::Int(prev),
        }
        None
    }

    pub(super) fn run(&mut self, cx: &mut Cx<'_>) -> Yield {
        if let Some(y) = self.deliver(cx) {
            return y;
        }
        // The heap budget, at each resumption as at each time slice's end (below).
        if crate::heap::over() {
            return Yield::Fatal {
                text: crate::heap::out_of_memory(0),
                code: 2,
            };
        }
        // The op this G yielded panicked in the runtime (`close of closed channel`):
        // an ordinary run-time panic here, which a deferred recover may stop.
        if let Some(msg) = cx.panic.take() {
            if let Some(y) = self.start_panic(V::Str(Arc::from(msg)), true) {
                return y;
            }
        }
        // One handle on the code for the whole run (not an atomic increment per step).
        let prog = self.prog.clone();
        let budget_ps = cx.budget_ns.saturating_mul(1000);
        let start_ps = self.ps;
        let end_ps = start_ps.saturating_add(budget_ps);
        self.at_branch = false;
        loop {
            let branched = self.fast(&prog, end_ps);
            if self.ps >= end_ps {
                self.at_branch = branched;
                // The heap budget, for what many small allocations add up to (a large
                // one checks before it is made): once a time slice, off the hot path.
                if crate::heap::over() {
                    return Yield::Fatal {
                        text: crate::heap::out_of_memory(0),
                        code: 2,
                    };
                }
                return Yield::Budget;
            }
            if self.frame_bytes > MAX_HOST_FRAMES {
                return Yield::Fatal {
                    text: format!(
                        "runtime: goroutine stack exceeds 1000000000-byte limit\nfatal error: stack overflow\n\n(the explorer stops a goroutine whose frames hold {} MB of its memory)\n",
                        MAX_HOST_FRAMES >> 20
                    ),
                    code: 2,
                };
            }
            match self.step(&prog, cx) {
                Ok(()) => {}
                Err(Stop::Yield(y)) => return y,
                // A run-time error that is Go's `throw`, not a panic (the heap budget
                // met where only an `RtErr` can be returned).
                Err(Stop::Err(e)) if e.0.starts_with("fatal error: ") => {
                    return Yield::Fatal { text: e.0, code: 2 };
                }
                Err(Stop::Err(e)) => {
                    if let Some(y) = self.start_panic(V::Str(Arc::from(e.0.as_str())), true) {
                        return y;
                    }
                }
                Err(Stop::Panic(v)) => {
                    if let Some(y) = self.start_panic(v, false) {
                        return y;
                    }
                }
            }
        }
    }

    /// The hot instructions (constants, moves, 64-bit integer arithmetic and compares,
    /// branches) in a tight loop over the top frame's registers; returns at the first
    /// other instruction (for [`Gor::step`]) or when the budget is spent.
    #[inline]
    pub(super) fn fast(&mut self, prog: &Prog, end_ps: u64) -> bool {
        let Some(fr) = self.frames.last_mut() else {
            return false;
        };
        let code = &prog.funcs[fr.func as usize].code;
        let regs = &mut fr.regs;
        let mut pc = fr.pc;
        let mut ps = self.ps;
        const I64: Kind = Kind::Int {
            bits: 64,
            signed: true,
        };
        // The budget is checked where control can loop: on taken branches.
        if ps >= end_ps {
            return false;
        }
        let mut branched = false;
        loop {
            match code.get(pc) {
                Some(I::Const(d, V::Int(k))) => {
                    put_int(&mut regs[*d as usize], *k);
                    ps += cost::MOVE;
                }
                Some(I::Move(d, s)) => {
                    if let V::Int(x) = regs[*s as usize] {
                        put_int(&mut regs[*d as usize], x);
                    } else if let (V::Slice(from), V::Slice(_)) =
                        (&regs[*s as usize], &regs[*d as usize])
                    {
                        // A slice header over another: into the same box (a loop's
                        // `s[i] = x` copies `s` each time round).
                        let from = Slice::clone(from);
                        if let V::Slice(to) = &mut regs[*d as usize] {
                            **to = from;
                        }
                    } else {
                        let v = regs[*s as usize].clone();
                        regs[*d as usize] = v;
                    }
                    ps += cost::MOVE;
                }
                Some(I::Bin(op, I64, d, a, b)) => {
                    let (V::Int(x), V::Int(y)) = (&regs[*a as usize], &regs[*b as usize]) else {
                        break;
                    };
                    let (x, y) = (*x, *y);
                    if !int64_into(*op, x, y, &mut regs[*d as usize]) {
                        break;
                    }
                    ps += cost::ALU;
                }
                Some(I::BinK(op, I64, d, a, V::Int(y))) => {
                    let V::Int(x) = regs[*a as usize] else { break };
                    if !int64_into(*op, x, *y, &mut regs[*d as usize]) {
                        break;
                    }
                    ps += cost::ALU;
                }
                // An integer conversion, a slice's length and an in-bounds element of a
                // slice read or written as an integer: what step does, at step's cost
                // (anything else, an error among it, is left to step).
                Some(I::Conv(d, s, Conv::IntToInt { bits, signed })) => {
                    let V::Int(x) = regs[*s as usize] else { break };
                    put_int(&mut regs[*d as usize], wrap(x, *bits, *signed));
                    ps += cost::ALU;
                }
                Some(I::Len(d, x)) => {
                    let n = match &regs[*x as usize] {
                        V::Slice(sl) => sl.len,
                        V::Str(s) => s.len(),
                        _ => break,
                    };
                    put_int(&mut regs[*d as usize], n as i64);
                    ps += cost::ALU;
                }
                Some(I::Index(d, x, i)) => {
                    let V::Int(idx) = regs[*i as usize] else {
                        break;
                    };
                    let V::Slice(sl) = &regs[*x as usize] else {
                        break;
                    };
                    if idx < 0 || idx as usize >= sl.len {
                        break;
                    }
                    let v = sl.arr.get(sl.off + idx as usize);
                    match v {
                        V::Int(k) => put_int(&mut regs[*d as usize], k),
                        v => regs[*d as usize] = v,
                    }
                    ps += cost::MEM;
                }
                Some(I::SetIndex(x, i, s)) => {
                    let (V::Int(idx), V::Int(v)) = (&regs[*i as usize], &regs[*s as usize]) else {
                        break;
                    };
                    let (idx, v) = (*idx, *v);
                    let V::Slice(sl) = &regs[*x as usize] else {
                        break;
                    };
                    if idx < 0 || idx as usize >= sl.len {
                        break;
                    }
                    sl.arr.set(sl.off + idx as usize, V::Int(v));
                    ps += cost::ALU + cost::MEM;
                }
                Some(I::JmpUnless(op, a, b, t)) => {
                    let (V::Int(x), V::Int(y)) = (&regs[*a as usize], &regs[*b as usize]) else {
                        break;
                    };
                    ps += cost::BRANCH;
                    if !int_cmp(*op, *x, *y) {
                        pc = *t as usize;
                        if ps >= end_ps {
                            branched = true;
                            break;
                        }
                        continue;
                    }
                }
                Some(I::JmpUnlessK(op, a, y, t)) => {
                    let V::Int(x) = regs[*a as usize] else { break };
                    ps += cost::BRANCH;
                    if !int_cmp(*op, x, *y) {
                        pc = *t as usize;
                        if ps >= end_ps {
                            branched = true;
                            break;
                        }
                        continue;
                    }
                }
                Some(I::Jmp(t)) => {
                    pc = *t as usize;
                    ps += cost::BRANCH;
                    if ps >= end_ps {
                        branched = true;
                        break;
                    }
                    continue;
                }
                Some(I::JmpIf(c, t)) => {
                    ps += cost::BRANCH;
                    if matches!(regs[*c as usize], V::Bool(true)) {
                        pc = *t as usize;
                        if ps >= end_ps {
                            branched = true;
                            break;
                        }
                        continue;
                    }
                }
                Some(I::JmpIfNot(c, t)) => {
                    ps += cost::BRANCH;
                    if !matches!(regs[*c as usize], V::Bool(true)) {
                        pc = *t as usize;
                        if ps >= end_ps {
                            branched = true;
                            break;
                        }
                        continue;
                    }
                }
                _ => break,
            }
            pc += 1;
        }
        fr.pc = pc;
        self.ps = ps;
        branched
    }

    /// Begins unwinding for a panic; returns a Fatal yield if nothing can recover.
    pub(super) fn start_panic(&mut self, v: V, runtime_err: bool) -> Option<Yield> {
        self.start_panic_with(v, runtime_err, None)
    }

    /// [`Gor::start_panic`]; `method_text` is the value's Error()/String().
    pub(super) fn start_panic_with(
        &mut self,
        v: V,
        runtime_err: bool,
        method_text: Option<String>,
    ) -> Option<Yield> {
        let v = if runtime_err {
            V::Iface(Arc::new((crate::types::RUNTIME_ERROR, v)))
        } else {
            v
        };
        let mut repanic = false;
        if let Some(old) = self.panicking.take() {
            let text = self.panic_msg(&old);
            if self.recovered && map_key(&old) == map_key(&v) {
                repanic = true;
                self.prior_panics.push((text, " [recovered, repanicked]"));
            } else if !self.repanic {
                let suffix = if self.recovered { " [recovered]" } else { "" };
                self.prior_panics.push((text, suffix));
            }
        }
        self.repanic = repanic;
        self.panic_method_text = method_text;
        self.panicking = Some(v);
        self.recovered = false;
        // The traceback is the stack where the panic began (the deferred calls run on
        // top of it; Go prints it as it stands then).
        self.panic_where = self.where_();
        self.unwind()
    }

    /// Runs the next deferred call of the panicking stack, or ends the program.
    pub(super) fn unwind(&mut self) -> Option<Yield> {
        loop {
            let Some(fr) = self.frames.last_mut() else {
                let v = self.panicking.take().unwrap_or_default();
                let text = self.panic_text(&v);
                return Some(Yield::Fatal { text, code: 2 });
            };
            if let Some((f, args)) = fr.defers.pop() {
                self.call_value(&f, args, 0, 0, true);
                return None;
            }
            if self.frames.len() == 1 {
                let v = self.panicking.take().unwrap_or_default();
                let text = self.panic_text(&v);
                return Some(Yield::Fatal { text, code: 2 });
            }
            self.pop_frame();
        }
    }

    /// `runtime.Goexit`: the next deferred call of the goroutine, innermost frame
    /// first; with none left, the goroutine ends.
    pub(super) fn goexit_unwind(&mut self) -> Option<Yield> {
        loop {
            let fr = self.frames.last_mut()?;
            if let Some((f, args)) = fr.defers.pop() {
                self.call_value(&f, args, 0, 0, true);
                return None;
            }
            if self.frames.len() == 1 {
                return Some(Yield::Op(Op::Goexit));
            }
            self.pop_frame();
        }
    }

    pub(super) fn panic_text(&self, v: &V) -> String {
        let lines: Vec<String> = self
            .prior_panics
            .iter()
            .map(|(text, suffix)| format!("panic: {text}{suffix}"))
            .chain((!self.repanic).then(|| format!("panic: {}", self.panic_msg(v))))
            .collect();
        let mut s = lines.join("\n\t");
        s.push_str("\n\ngoroutine ");
        s.push_str(&format!("{} [running]:\n", self.goid_hint()));
        let frames = if self.panic_where.is_empty() {
            self.where_()
        } else {
            self.panic_where.clone()
        };
        for (f, at) in frames {
            s.push_str(&format!("{f}\n\t{at}\n"));
        }
        s
    }

    /// A panic value as Go's `printpanicval` prints it.
    pub(super) fn panic_msg(&self, v: &V) -> String {
        match v {
            V::Iface(b) if b.0 == crate::types::RUNTIME_ERROR => {
                gofmt::plain(&b.1, &self.prog.types).to_string()
            }
            V::Iface(b) => {
                let t = self.prog.types.get(b.0);
                match (&b.1, t) {
                    (V::Str(s), Ty::Str) => s.to_string(),
                    _ => match self.panic_method_text.clone() {
                        Some(e) => e,
                        None => gofmt::go_syntax(v, &self.prog.types),
                    },
                }
            }
            other => gofmt::plain(other, &self.prog.types).to_string(),
        }
    }

    pub(super) fn goid_hint(&self) -> String {
        self.goid.max(1).to_string()
    }

    pub(super) fn pop_frame(&mut self) -> Frame {
        let mut fr = self.frames.pop().unwrap();
        self.used = fr.used_below;
        // Counted before the registers go back to the spare list (counting after left
        // every call's registers counted: a long run of calls, not a deep one, died with
        // "stack overflow" once they added up to MAX_HOST_FRAMES).
        self.frame_bytes = self.frame_bytes.saturating_sub(frame_host_bytes(&fr.regs));
        if self.spare.len() < 64 {
            let mut regs = std::mem::take(&mut fr.regs);
            regs.clear();
            self.spare.push(regs);
        }
        fr
    }

    /// Calls a func value (a closure) with `args`.
    pub(super) fn call_value(&mut self, f: &V, args: Vec<V>, dst: Reg, nret: u32, is_defer: bool) {
        match f {
            V::Func(c) => {
                let c = c.clone();
                self.push_frame(c.func, args, &c.caps, dst, nret, is_defer);
            }
            _ => {
                self.panicking = Some(V::Iface(Arc::new((
                    crate::types::RUNTIME_ERROR,
                    V::Str(Arc::from(
                        "runtime error: invalid memory address or nil pointer dereference",
                    )),
                ))));
            }
        }
    }

    pub(super) fn ret(&mut self, vals: Vec<V>) -> Result<(), Stop> {
        let fr = self.frames.last_mut().unwrap();
        if let Some((f, args)) = fr.defers.pop() {
            fr.returning = Some(vals);
            self.call_value(&f, args, 0, 0, true);
            return Ok(());
        }
        let fr = self.pop_frame();
        let was_defer = fr.is_defer;
        if self.frames.is_empty() {
            self.result = vals;
            return Err(Stop::Yield(Yield::Return));
        }
        let caller = self.frames.last_mut().unwrap();
        if was_defer {
            // A deferred call returned: resume the caller's return, or its unwinding.
            if self.goexiting && self.panicking.is_none() {
                if let Some(y) = self.goexit_unwind() {
                    return Err(Stop::Yield(y));
                }
                return Ok(());
            }
            if self.panicking.is_some() && !self.recovered {
                if let Some(y) = self.unwind() {
                    return Err(Stop::Yield(y));
                }
                return Ok(());
            }
            if self.recovered {
                // The panic stops here: the frame that deferred the recovering call
                // returns normally (with its current results).
                self.recovered = false;
                self.panicking = None;
                self.prior_panics.clear();
                self.repanic = false;
                let vals = match caller.returning.take() {
                    Some(v) => v,
                    None => {
                        let f = &self.prog.funcs[caller.func as usize];
                        f.results
                            .iter()
                            .map(|&(r, cell)| match (&caller.regs[r as usize], cell) {
                                (V::Ptr(p), true) => load(p),
                                (v, _) => v.clone(),
                            })
                            .collect()
                    }
                };
                return self.ret(vals);
            }
            // The deferred calls may have changed named results (captured, so boxed):
            // the function returns their values now.
            let mut vals = caller.returning.take().unwrap_or_default();
            let f = &self.prog.funcs[caller.func as usize];
            for (i, &(r, cell)) in f.results.iter().enumerate() {
                if let (true, Some(slot), Some(V::Ptr(p))) =
                    (cell, vals.get_mut(i), caller.regs.get(r as usize))
                {
                    *slot = load(p);
                }
            }
            return self.ret(vals);
        }
        let (dst, nret) = (fr.dst, fr.nret);
        for (i, v) in vals.into_iter().enumerate().take(nret as usize) {
            caller.regs[dst as usize + i] = v;
        }
        Ok(())
    }
}
