//! # Running an M: `step_m`, and a G's program op by op
//!
//! [`Runtime::step_m`] advances one M by one scheduler event. When the M runs a G, one
//! step executes one op of the G's program ([`crate::program::Op`]) and charges its CPU
//! cost; ops that enter the runtime call the runtime's functions (`newproc`, `gopark`,
//! `goready`, `Gosched`, `entersyscall`, `newstack` ...), which may switch the M to the
//! scheduler.
//!
//! Preemption, as in Go 1.14+:
//! - cooperative: a function prologue ([`Op::Call`]) sees `gp.preempt` (Go poisons
//!   `stackguard0` with `stackPreempt`) and calls `gopreempt_m`;
//! - asynchronous: sysmon's signal reaches the M between two "instructions"; a call-free
//!   [`Op::Work`] is cut short, the rest of it kept for when the G runs again.
//!
//! `runtime.main` is modelled as a function the program does not write: it starts
//! sysmon, runs package initialisation (whose calls grow the main goroutine's stack from
//! 2 KiB to 4 KiB before `main.main`, as on linux/amd64), calls `main.main`, and exits
//! the process with status 0 when it returns, whatever other goroutines are doing.

use std::sync::atomic::Ordering;

use crate::g::{GIdx, GKind, GStatus, WaitReason};
use crate::objects::Outcome;
use crate::program::{Fmt, Frame, LoopState, Op, Val};
use crate::runtime::{MCont, MId, Runtime, StackCopy, Wait};
use crate::trace::EvKind;

impl Runtime {
    /// Advances M `m` by one scheduler event; see [`Wait`] for what its thread does next.
    pub fn step_m(&self, m: MId) -> Wait {
        let mm = self.m(m);
        if self.is_exited() {
            mm.set_cont(MCont::Dead);
            return Wait::Exit;
        }
        if mm.is_sysmon {
            return self.step_sysmon();
        }
        let mut c = mm.cont();
        let cont = &mut c;
        let w = match *cont {
            MCont::Start => {
                // mstart1: take the P handed over by startm/newm, then schedule.
                if let Some(np) = mm.nextp.swap(None, Ordering::AcqRel) {
                    self.acquirep(m, np);
                }
                if mm.spinning.load(Ordering::Acquire) {
                    self.emit(
                        Some(m),
                        EvKind::Spinning {
                            id: mm.id,
                            on: true,
                        },
                    );
                }
                *cont = MCont::Schedule;
                self.schedule(m, cont)
            }
            MCont::Schedule => self.schedule(m, cont),
            MCont::Run => self.run_op(m, cont),
            MCont::Work => self.resume_work(m, cont),
            MCont::Syscall => {
                let gp = mm.curg();
                let until = self.exec(gp).until;
                if self.now() + self.start_time < until {
                    Wait::Syscall { until }
                } else {
                    self.exitsyscall(m, cont)
                }
            }
            MCont::Stopped => match self.stopm_resume(m, cont) {
                Some(w) => w,
                None => self.schedule(m, cont),
            },
            MCont::Netpoll { was_spinning } => self.after_netpoll(m, was_spinning, cont),
            MCont::StwWait => self.stw_wait(m, cont),
            MCont::Dead => Wait::Exit,
        };
        if self.is_exited() {
            *cont = MCont::Dead;
        }
        mm.set_cont(c);
        if c == MCont::Dead {
            return Wait::Exit;
        }
        w
    }

    fn cost(&self, ns: u64) -> Wait {
        Wait::Run { after: ns as i64 }
    }

    /// Is an asynchronous preemption wanted and possible now (`wantAsyncPreempt` and
    /// `isAsyncSafePoint`)? Consumes the pending signal.
    fn take_async_preempt(&self, m: MId, gp: GIdx) -> bool {
        let mm = self.m(m);
        // A plain load first: the flag is almost always clear, and a swap would be an
        // atomic read-modify-write on every op.
        if !mm.signal_pending.load(Ordering::Relaxed)
            || !mm.signal_pending.swap(false, Ordering::AcqRel)
        {
            return false;
        }
        let g = self.g(gp);
        let p = mm.p().map(|p| self.p(p).preempt.load(Ordering::Acquire));
        (g.preempt.load(Ordering::Acquire) || p == Some(true))
            && g.status() == GStatus::Running
            && !self.cfg.asyncpreemptoff
    }

    /// A G in call-free work: finished, or interrupted by a preemption signal?
    fn resume_work(&self, m: MId, cont: &mut MCont) -> Wait {
        let gp = self.m(m).curg();
        let now = self.now() + self.start_time;
        let until = self.exec(gp).until;
        if now >= until {
            let mut ex = self.exec(gp);
            ex.work_left = None;
            advance_pc(&mut ex);
            *cont = MCont::Run;
            return self.cost(0);
        }
        if self.take_async_preempt(m, gp) {
            self.exec(gp).work_left = Some((until - now) as u64);
            self.gopreempt_m(m, gp, true, cont);
            return self.cost(self.cfg.cost.schedule);
        }
        Wait::Busy { until }
    }

    /// Executes the next op of the M's current G.
    fn run_op(&self, m: MId, cont: &mut MCont) -> Wait {
        let gp = self.m(m).curg();
        debug_assert!(!gp.is_nil(), "run_op: no curg");
        let mut ex = self.exec(gp);
        // In `runtime.GC()` / `gcStart`: go on there (no preemption point inside).
        if ex.gc_call.is_some() {
            drop(ex);
            return self.gc_call_step(m, gp, cont);
        }
        // An async preemption signal lands at the next instruction boundary. A mark
        // worker runs with preemption off (`acquirem`): it looks at `gp.preempt` itself
        // between chunks of work.
        if ex.func != self.rtfuncs.gc_worker && self.take_async_preempt(m, gp) {
            drop(ex);
            self.gopreempt_m(m, gp, true, cont);
            return self.cost(self.cfg.cost.schedule);
        }
        // First run: the entry call (its prologue may grow the stack).
        if ex.frames.is_empty() {
            if ex.started {
                drop(ex);
                return self.goexit(m, gp, cont);
            }
            let entry = ex.func;
            ex.started = true;
            return self.do_call(m, gp, ex, entry, cont, false);
        }
        let op = match self.fetch(&mut ex) {
            Some(op) => op,
            None => {
                // End of the function body: return.
                return self.do_ret(m, gp, ex, cont);
            }
        };
        self.do_op(m, gp, ex, op, cont)
    }

    /// Executes `op` for the M's current G (from its op list, or yielded by its code).
    fn do_op(
        &self,
        m: MId,
        gp: GIdx,
        mut ex: crate::sync::SpinGuard<'_, crate::g::GExec>,
        op: Op,
        cont: &mut MCont,
    ) -> Wait {
        let cost = &self.cfg.cost;
        match op {
            Op::Code => self.run_code(m, gp, ex, cont),
            Op::Write { fd, text } => {
                advance_pc(&mut ex);
                ex.until = self.now() + self.start_time + cost.print as i64;
                let until = ex.until;
                drop(ex);
                self.write_out(Some(m), fd, &text);
                self.entersyscall(m, gp);
                *cont = MCont::Syscall;
                Wait::Syscall { until }
            }
            Op::Work(ns) => {
                let ns = ex.work_left.unwrap_or(ns);
                let now = self.now() + self.start_time;
                let until = if ns == u64::MAX {
                    i64::MAX
                } else {
                    now.saturating_add(ns as i64)
                };
                ex.until = until;
                *cont = MCont::Work;
                Wait::Busy { until }
            }
            Op::Call(f) => self.do_call(m, gp, ex, f, cont, true),
            Op::Loop { .. } => unreachable!("fetch handles loops"),
            Op::Gosched => {
                advance_pc(&mut ex);
                drop(ex);
                self.gosched_impl(m, gp, false, cont);
                self.cost(cost.gosched)
            }
            Op::Syscall(ns) | Op::SyscallBlock(ns) => {
                advance_pc(&mut ex);
                ex.until = self.now() + self.start_time + ns as i64;
                let until = ex.until;
                drop(ex);
                if matches!(op, Op::Syscall(_)) {
                    self.entersyscall(m, gp);
                } else {
                    self.entersyscallblock(m, gp);
                }
                *cont = MCont::Syscall;
                Wait::Syscall { until }
            }
            Op::NetRead(ns) => {
                advance_pc(&mut ex);
                drop(ex);
                let ready_at = self.now() + ns as i64;
                self.park_m(m, gp, WaitReason::IoWait);
                self.netpoll.register(gp, ready_at);
                self.env.io_at(self.abs_time(ready_at));
                *cont = MCont::Schedule;
                self.cost(cost.other)
            }
            Op::Sleep(ns) => {
                advance_pc(&mut ex);
                drop(ex);
                if ns == 0 {
                    return self.cost(cost.other);
                }
                let when = self.now() + ns as i64;
                self.netpoll.init();
                let p = self.m(m).p().expect("sleep: no p");
                self.park_m(m, gp, WaitReason::Sleep);
                self.timer_maybe_add(p, when, gp);
                *cont = MCont::Schedule;
                self.cost(cost.other)
            }
            Op::Send { ch, val } => {
                let v = self.val(&ex, val);
                advance_pc(&mut ex);
                drop(ex);
                let out = self.objs.send(ch, gp, v, |r| self.park_m(m, gp, r));
                self.finish_sync(m, gp, out, cont, cost.chan_op)
            }
            Op::Recv { ch } => {
                advance_pc(&mut ex);
                drop(ex);
                self.timer_maybe_run_chan(m, ch);
                let out = self.objs.recv(ch, gp, |r| self.park_m(m, gp, r));
                if matches!(out, Outcome::Parked(_)) {
                    self.block_timer_chans(m, gp, &[ch]);
                }
                self.finish_sync(m, gp, out, cont, cost.chan_op)
            }
            Op::TimerModify {
                timer,
                when,
                period,
            } => {
                advance_pc(&mut ex);
                drop(ex);
                let pending = self.timer_modify(m, timer, when, period);
                self.exec(gp).received = Some(pending as i64);
                self.cost(cost.other)
            }
            Op::TimerStop(timer) => {
                advance_pc(&mut ex);
                drop(ex);
                let pending = self.timer_stop(timer);
                self.exec(gp).received = Some(pending as i64);
                self.cost(cost.other)
            }
            Op::Goexit => {
                ex.code = None;
                ex.in_code = false;
                ex.frames.clear();
                drop(ex);
                self.goexit0(m, gp, cont);
                self.cost(cost.other)
            }
            Op::NotifyListWait { list, ticket } => {
                advance_pc(&mut ex);
                drop(ex);
                self.notify_list_wait(m, gp, list, ticket, cont)
            }
            Op::Close { ch } => {
                advance_pc(&mut ex);
                drop(ex);
                let out = self.objs.close(ch);
                self.finish_sync(m, gp, out, cont, cost.chan_op)
            }
            Op::Lock(o) => {
                // The pc moves on only once the lock is held (see `mutex_lock`).
                drop(ex);
                self.mutex_lock(m, gp, o, cont)
            }
            Op::Unlock(o) => {
                advance_pc(&mut ex);
                drop(ex);
                self.mutex_unlock(m, gp, o, cont)
            }
            Op::CondWait(c) => {
                // The pc moves on once the G holds `c.L` again (see `cond_wait`).
                drop(ex);
                self.cond_wait(m, gp, c, cont)
            }
            Op::CondSignal(c) | Op::CondBroadcast(c) => {
                advance_pc(&mut ex);
                drop(ex);
                self.cond_notify(m, c, matches!(op, Op::CondBroadcast(_)))
            }
            Op::RLock(o) => {
                drop(ex);
                self.rw_rlock(m, gp, o, cont)
            }
            Op::RUnlock(o) => {
                advance_pc(&mut ex);
                drop(ex);
                self.rw_runlock(m, o)
            }
            Op::OnceDo(o) => {
                drop(ex);
                self.once_do(m, gp, o, cont)
            }
            Op::OnceEnd(o) => {
                advance_pc(&mut ex);
                drop(ex);
                self.once_end(m, gp, o, cont)
            }
            Op::WgAdd(o, n) => {
                advance_pc(&mut ex);
                drop(ex);
                let out = self.objs.wg_add(o, n);
                self.finish_sync(m, gp, out, cont, cost.wg_op)
            }
            Op::WgDone(o) => {
                advance_pc(&mut ex);
                drop(ex);
                let out = self.objs.wg_add(o, -1);
                self.finish_sync(m, gp, out, cont, cost.wg_op)
            }
            Op::WgWait(o) => {
                advance_pc(&mut ex);
                drop(ex);
                let out = self.objs.wg_wait(o, gp, |r| self.park_m(m, gp, r));
                self.finish_sync(m, gp, out, cont, cost.wg_op)
            }
            Op::Go { func, arg, kind } => {
                let a = self.val(&ex, arg);
                advance_pc(&mut ex);
                drop(ex);
                let parent = self.g(gp).goid();
                let g = self.newproc(m, func, a, kind, parent);
                if func == self.rtfuncs.updater {
                    self.requests.set_updater(g);
                } else if func == self.rtfuncs.forcegc {
                    self.gc.forcegc_g.store(g.0, Ordering::Release);
                } else if func == self.rtfuncs.bgsweep {
                    self.gc_bgsweep.store(g.0, Ordering::Release);
                }
                self.cost(cost.go_stmt)
            }
            Op::Print(f) => {
                let line = self.format(gp, &ex, &f);
                advance_pc(&mut ex);
                drop(ex);
                self.print_line(Some(m), line);
                self.cost(cost.print)
            }
            Op::PrintErr(f) => {
                let line = self.format(gp, &ex, &f);
                advance_pc(&mut ex);
                drop(ex);
                self.output.push_stderr(line);
                self.cost(cost.print)
            }
            Op::Record(f) => {
                let label = self.format(gp, &ex, &f);
                advance_pc(&mut ex);
                drop(ex);
                self.output.record(label);
                self.cost(cost.other)
            }
            Op::PrintRecord => {
                advance_pc(&mut ex);
                drop(ex);
                let line = self.output.record_line();
                self.print_line(Some(m), line);
                self.cost(cost.print)
            }
            Op::RecordStackAddr { off, limit } => {
                advance_pc(&mut ex);
                let g = self.g(gp);
                let hi = g.stack_lo.load(Ordering::Acquire) + g.stack_size.load(Ordering::Acquire);
                self.output
                    .record_stack_addr(limit as usize, || hi - ex.stack_used + off);
                self.cost(cost.other)
            }
            Op::CallIfBelow { func, limit } => {
                if self.output.stack_depth() < limit as usize {
                    self.do_call(m, gp, ex, func, cont, true)
                } else {
                    advance_pc(&mut ex);
                    self.cost(cost.other)
                }
            }
            Op::PrintStackReport => {
                advance_pc(&mut ex);
                drop(ex);
                for line in self.stack_report() {
                    self.print_line(Some(m), line);
                }
                self.cost(cost.print)
            }
            Op::SetMaxProcs(n) => {
                advance_pc(&mut ex);
                drop(ex);
                let n = if n == 0 {
                    self.requests.take_procs()
                } else {
                    n
                };
                match self.gomaxprocs_call(m, n, cont) {
                    Some(w) => w,
                    None => self.cost(cost.other),
                }
            }
            Op::Gc => {
                advance_pc(&mut ex);
                drop(ex);
                self.gc_call_begin(m, gp, cont)
            }
            Op::GcWorkerPark => {
                advance_pc(&mut ex);
                drop(ex);
                self.gc_worker_park(m, gp);
                *cont = MCont::Schedule;
                self.cost(cost.other)
            }
            Op::GcMarkWork => {
                drop(ex);
                self.gc_mark_work(m, gp, cont)
            }
            Op::GcForced => {
                advance_pc(&mut ex);
                drop(ex);
                self.gc_forced_start(m, gp, cont)
            }
            Op::BlockForever | Op::ParkIdle(_) => {
                advance_pc(&mut ex);
                drop(ex);
                let reason = match op {
                    Op::ParkIdle(r) => r,
                    _ => WaitReason::SelectNoCases,
                };
                self.park_m(m, gp, reason);
                *cont = MCont::Schedule;
                self.cost(cost.other)
            }
            Op::StartSysmon => {
                advance_pc(&mut ex);
                drop(ex);
                self.start_sysmon(m);
                self.cost(cost.go_stmt)
            }
            Op::LockOSThread { internal } => {
                advance_pc(&mut ex);
                drop(ex);
                self.lock_os_thread(m, gp, internal);
                self.cost(cost.other)
            }
            Op::UnlockOSThread { internal } => {
                advance_pc(&mut ex);
                drop(ex);
                self.unlock_os_thread(m, gp, internal);
                self.cost(cost.other)
            }
            Op::Accept => {
                advance_pc(&mut ex);
                drop(ex);
                if self.requests.any_spawn() {
                    return self.cost(cost.other);
                }
                self.park_m(m, gp, WaitReason::IoWait);
                self.netpoll.listen(gp);
                // A request that came while it parked found no listener: hand it over.
                if self.requests.any_spawn() {
                    self.wake_listener();
                }
                *cont = MCont::Schedule;
                self.cost(cost.other)
            }
            Op::SpawnRequested {
                cpu,
                blocking,
                network,
            } => {
                advance_pc(&mut ex);
                drop(ex);
                let parent = self.g(gp).goid();
                let mut made = 0u64;
                for (i, (func, kind)) in [
                    (cpu, GKind::Cpu),
                    (blocking, GKind::Blocking),
                    (network, GKind::Network),
                ]
                .into_iter()
                .enumerate()
                {
                    let n = self.requests.take_spawn(i);
                    for k in 0..n {
                        if self.newproc(m, func, k as i64, kind, parent).is_nil() {
                            return Wait::Exit;
                        }
                        made += 1;
                    }
                }
                self.cost(cost.go_stmt * made.max(1))
            }
            Op::Exit(code) => {
                drop(ex);
                self.exit(Some(m), code, String::new());
                Wait::Exit
            }
        }
    }

    /// `blockTimerChan` for each of the timer channels among `chans` that G `gp` now
    /// waits on (after it parked, outside the channels' locks).
    fn block_timer_chans(&self, m: MId, gp: GIdx, chans: &[u32]) {
        for &ch in chans {
            if let Some(t) = self.timer_block_chan(m, ch) {
                self.exec(gp).blocked_timers.push(t);
            }
        }
    }

    /// After a channel/mutex/WaitGroup op: ready the woken Gs (into our runnext), or
    /// switch to the scheduler if we parked.
    fn finish_sync(&self, m: MId, gp: GIdx, out: Outcome, cont: &mut MCont, cost: u64) -> Wait {
        match out {
            Outcome::Done { ready, value } => {
                if let Some(v) = value {
                    self.exec(gp).received = Some(v);
                }
                for (g, v) in ready {
                    if let Some(v) = v {
                        self.exec(g).received = Some(v);
                    }
                    self.ready(m, g, true);
                }
                self.cost(cost)
            }
            Outcome::Parked(_) => {
                *cont = MCont::Schedule;
                self.cost(cost)
            }
            Outcome::Panic(msg) if self.exec(gp).in_code => {
                // Go code panics where it is and may recover (`gopanic`).
                self.exec(gp).panic = Some(msg);
                self.cost(cost)
            }
            Outcome::Panic(msg) => {
                let goid = self.g(gp).goid();
                self.exit(
                    Some(m),
                    2,
                    format!("panic: {msg}\n\ngoroutine {goid} [running]:\n"),
                );
                Wait::Exit
            }
        }
    }

    /// Runs the G's code (a front end's program) to its next scheduling point, and does
    /// what it stopped for.
    fn run_code(
        &self,
        m: MId,
        gp: GIdx,
        mut ex: crate::sync::SpinGuard<'_, crate::g::GExec>,
        cont: &mut MCont,
    ) -> Wait {
        let mut code = match ex.code.take() {
            Some(c) => c,
            None => match &self.prog.code {
                Some(c) => c.0.start_main(),
                None => panic!("Op::Code in a program without code"),
            },
        };
        if let Some(st) = ex.sel_wait.take() {
            ex.selected = Some(st.fired.load(Ordering::Acquire));
        }
        for t in std::mem::take(&mut ex.blocked_timers) {
            self.timer_unblock_chan(t);
        }
        if !ex.in_code {
            ex.in_code = true;
            ex.code_base = ex.stack_used;
        }
        let g = self.g(gp);
        let mut panic = ex.panic.take();
        let received = ex.received.take().and_then(|v| {
            if v == crate::objects::SEND_CLOSED {
                // A sender readied by `closechan` panics in `chansend`.
                panic = Some("send on closed channel");
                None
            } else if v == crate::objects::CLOSED {
                Some((0, false))
            } else {
                Some((v, true))
            }
        });
        let mut cx = crate::code::Cx {
            host: self,
            now: self.now(),
            goid: g.goid(),
            p: self.m(m).p().unwrap_or(0),
            stack_lo: g.stack_lo.load(Ordering::Acquire),
            stack_size: g.stack_size.load(Ordering::Acquire),
            stack_base: ex.code_base,
            preempt: &g.preempt,
            received,
            selected: ex.selected.take(),
            retry: std::mem::take(&mut ex.retry),
            panic,
            budget_ns: CODE_BUDGET_NS,
            used_ns: 0,
            alloc_bytes: 0,
        };
        let y = code.resume(&mut cx);
        let mut used = cx.used_ns;
        let alloc = cx.alloc_bytes;
        ex.stack_used = ex.code_base + code.stack_used();
        g.stack_used.store(ex.stack_used, Ordering::Relaxed);
        use crate::code::Yield;
        if alloc > 0 && !matches!(y, Yield::Budget) {
            self.gc
                .heap_live
                .fetch_add(alloc, std::sync::atomic::Ordering::AcqRel);
        }
        match y {
            Yield::Return => {
                ex.in_code = false;
                advance_pc(&mut ex);
                self.cost(used)
            }
            Yield::Budget => {
                ex.code = Some(code);
                drop(ex);
                // `mallocgc`'s GC bookkeeping: heapLive, assists, the trigger.
                let (assist, wait) = self.gc_alloc(m, gp, alloc, cont);
                used += assist as u64;
                match wait {
                    Some(w) => w,
                    None => self.cost(used),
                }
            }
            Yield::Morestack { frame } => {
                ex.code = Some(code);
                if g.preempt.load(Ordering::Acquire) {
                    if g.preempt_shrink.swap(false, Ordering::AcqRel) {
                        self.shrink_stack(Some(m), gp, ex.stack_used);
                    }
                    drop(ex);
                    self.gopreempt_m(m, gp, false, cont);
                    return self.cost(used + self.cfg.cost.schedule);
                }
                let size = g.stack_size.load(Ordering::Acquire);
                if crate::stack::needs_morestack(ex.stack_used, size, frame) {
                    // (`newstack` counts the call's return address itself.)
                    ex.stack_used -= 8;
                    let r = self.newstack(m, gp, &mut ex, frame);
                    ex.stack_used += 8;
                    if let Err(w) = r {
                        return w;
                    }
                }
                self.cost(used + self.cfg.cost.call)
            }
            Yield::Go {
                code: child,
                entry,
                kind,
            } => {
                ex.code = Some(code);
                drop(ex);
                let parent = g.goid();
                let ng = self.newproc_with(
                    m,
                    crate::program::CODE_GO_FUNC,
                    entry as i64,
                    kind,
                    parent,
                    Some(child),
                );
                if ng.is_nil() {
                    return Wait::Exit;
                }
                self.cost(used + self.cfg.cost.go_stmt)
            }
            Yield::Select { cases, block } => {
                ex.code = Some(code);
                drop(ex);
                let rand = |n: u32| self.env.rand(m) % n;
                for &(ch, send) in &cases {
                    if send.is_none() {
                        self.timer_maybe_run_chan(m, ch);
                    }
                }
                let out = self.objs.select(&cases, gp, block, rand, |r, st| {
                    // Before the channels' locks are dropped (see `Objects::select`).
                    // The G's own exec lock under an object lock, against the usual
                    // order: only this M ever takes this G's exec lock now.
                    self.exec(gp).sel_wait = Some(st.clone());
                    self.park_m(m, gp, r)
                });
                use crate::objects::SelOutcome;
                match out {
                    SelOutcome::Done {
                        fired,
                        ready,
                        value,
                    } => {
                        self.exec(gp).selected = Some(fired);
                        let out = crate::objects::Outcome::Done { ready, value };
                        self.finish_sync(m, gp, out, cont, used + self.cfg.cost.chan_op)
                    }
                    SelOutcome::Parked(_) => {
                        // The case that fires sets `fired` before it readies us; the
                        // code reads it (through `sel_wait`) when it resumes.
                        let recvs: Vec<u32> = cases
                            .iter()
                            .filter(|c| c.1.is_none())
                            .map(|c| c.0)
                            .collect();
                        self.block_timer_chans(m, gp, &recvs);
                        *cont = MCont::Schedule;
                        self.cost(used + self.cfg.cost.chan_op)
                    }
                    SelOutcome::Panic(msg) => {
                        self.finish_sync(m, gp, crate::objects::Outcome::Panic(msg), cont, used)
                    }
                }
            }
            Yield::Fatal {
                mut text,
                code: status,
            } => {
                drop(ex);
                // A panic's traceback ends with who started the goroutine.
                if text.starts_with("panic: ") && text.ends_with('\n') {
                    text.push_str(&self.created_by(gp));
                }
                self.exit(Some(m), status, text);
                Wait::Exit
            }
            Yield::Op(op) => {
                ex.code = Some(code);
                match self.do_op(m, gp, ex, op, cont) {
                    Wait::Run { after } => Wait::Run {
                        after: after + used as i64,
                    },
                    w => w,
                }
            }
        }
    }

    /// `runtime.main` starts: sysmon on its own M, `mainStarted`.
    fn start_sysmon(&self, m: MId) {
        self.main_started.store(true, Ordering::Release);
        let sm = self.new_m_struct(true);
        self.emit(Some(m), EvKind::MStart { id: self.m(sm).id });
        self.env.newm(sm);
    }

    /// A function call: the prologue (preemption check, stack check), then the frame.
    fn do_call(
        &self,
        m: MId,
        gp: GIdx,
        mut ex: crate::sync::SpinGuard<'_, crate::g::GExec>,
        f: u32,
        cont: &mut MCont,
        from_op: bool,
    ) -> Wait {
        let g = self.g(gp);
        // Cooperative preemption: the prologue sees stackguard0 == stackPreempt.
        if g.preempt.load(Ordering::Acquire) {
            if g.preempt_shrink.swap(false, Ordering::AcqRel) {
                self.shrink_stack(Some(m), gp, ex.stack_used);
            }
            if !from_op && ex.frames.is_empty() {
                // The entry call of a fresh G: it starts over when rescheduled.
                ex.started = false;
            }
            // Unlock first: once on the global queue the G may be picked up by another M.
            drop(ex);
            self.gopreempt_m(m, gp, false, cont);
            return self.cost(self.cfg.cost.schedule);
        }
        let frame = self.prog.funcs[f as usize].frame;
        let used = ex.stack_used + 8;
        let size = g.stack_size.load(Ordering::Acquire);
        if crate::stack::needs_morestack(used, size, frame) {
            if let Err(w) = self.newstack(m, gp, &mut ex, frame) {
                return w;
            }
        }
        if from_op {
            advance_pc(&mut ex);
        }
        ex.stack_used = used + frame;
        g.stack_used.store(ex.stack_used, Ordering::Relaxed);
        ex.frames.push(Frame {
            func: f,
            pc: 0,
            loops: Vec::new(),
            frame_size: frame + 8,
        });
        self.cost(self.cfg.cost.call)
    }

    /// `newstack`: double (or more) and copy; overflow past `maxstacksize` is fatal.
    fn newstack(&self, m: MId, gp: GIdx, ex: &mut crate::g::GExec, frame: u64) -> Result<(), Wait> {
        let g = self.g(gp);
        let old = g.stack_size.load(Ordering::Acquire);
        let new = crate::stack::grown_size(old, ex.stack_used + 8, frame);
        if new > self.cfg.max_stack {
            self.fatal(
                Some(m),
                &format!(
                    "runtime: goroutine stack exceeds {}-byte limit",
                    self.cfg.max_stack
                ),
                "stack overflow",
            );
            return Err(Wait::Exit);
        }
        // Frames on the stack: the code's own when the G runs a front end's program.
        let frames = match ex.code.as_ref().filter(|_| ex.in_code) {
            Some(code) => code.depth(),
            None => ex.frames.len(),
        };
        g.casgstatus(GStatus::Running, GStatus::Copystack, self.rmw);
        self.copystack(Some(m), gp, new, frames, false);
        g.casgstatus(GStatus::Copystack, GStatus::Running, self.rmw);
        Ok(())
    }

    /// `copystack`: move the G to a new stack of `new` bytes (simulated addresses).
    pub(crate) fn copystack(
        &self,
        m: Option<MId>,
        gp: GIdx,
        new: u64,
        frames: usize,
        shrink: bool,
    ) {
        let g = self.g(gp);
        let old = g.stack_size.load(Ordering::Acquire);
        let old_lo = g.stack_lo.load(Ordering::Acquire);
        let new_lo = {
            // The P of the M doing the copy (a GC worker's, for a shrink at a scan).
            let p = m.and_then(|m| self.m(m).p()).unwrap_or(0);
            let gc_running = self.gc.phase() != crate::gc::GcPhase::Off;
            let mut a = self.stack_alloc.lock().unwrap();
            let lo = a.alloc(p, new);
            a.free(p, old_lo, old, gc_running);
            lo
        };
        g.stack_lo.store(new_lo, Ordering::Release);
        g.stack_size.store(new, Ordering::Release);
        let depth = self.output.stack_depth();
        self.output.push_stack_copy(StackCopy {
            goid: g.goid(),
            frames,
            old_size: old,
            new_size: new,
            old_lo,
            new_lo,
            shrink,
            depth,
        });
        let kind = if shrink {
            EvKind::StackShrink {
                g: g.goid(),
                old,
                new,
            }
        } else {
            EvKind::StackGrow {
                g: g.goid(),
                old,
                new,
            }
        };
        self.emit(m, kind);
    }

    /// `shrinkstack`: halve a mostly unused stack.
    pub(crate) fn shrink_stack(&self, m: Option<MId>, gp: GIdx, used: u64) {
        let g = self.g(gp);
        let size = g.stack_size.load(Ordering::Acquire);
        if size != 0 && crate::stack::should_shrink(used, size) {
            self.copystack(m, gp, size / 2, 0, true);
        }
    }

    /// Return from the current function; from the entry function, the G exits.
    fn do_ret(
        &self,
        m: MId,
        gp: GIdx,
        mut ex: crate::sync::SpinGuard<'_, crate::g::GExec>,
        cont: &mut MCont,
    ) -> Wait {
        let f = ex.frames.pop().expect("ret: no frame");
        ex.stack_used -= f.frame_size;
        self.g(gp)
            .stack_used
            .store(ex.stack_used, Ordering::Relaxed);
        if ex.frames.is_empty() {
            drop(ex);
            return self.goexit(m, gp, cont);
        }
        // (The caller's pc moved past the call when the call was made.)
        self.cost(self.cfg.cost.call)
    }

    /// The G's entry function returned: `goexit1` → `goexit0`; for the main goroutine,
    /// `runtime.main` calls `exit(0)`.
    fn goexit(&self, m: MId, gp: GIdx, cont: &mut MCont) -> Wait {
        if self.g(gp).kind() == GKind::Main {
            self.exit(Some(m), 0, String::new());
            return Wait::Exit;
        }
        self.goexit0(m, gp, cont);
        self.cost(self.cfg.cost.other)
    }

    /// Next op of the top frame, handling loop back-edges. None at the end of the body.
    fn fetch(&self, ex: &mut crate::g::GExec) -> Option<Op> {
        loop {
            let frame = ex.frames.last_mut()?;
            let body: &[Op] = &self.prog.funcs[frame.func as usize].body;
            // Loop back-edges.
            if let Some(l) = frame.loops.last_mut() {
                if frame.pc == l.end {
                    l.index += 1;
                    if l.left != u32::MAX {
                        l.left -= 1;
                    }
                    if l.left > 0 {
                        frame.pc = l.start;
                    } else {
                        frame.loops.pop();
                    }
                    continue;
                }
            }
            let op = body.get(frame.pc as usize)?.clone();
            if let Op::Loop { times, body: len } = op {
                let start = frame.pc + 1;
                let end = start + len;
                if times == 0 || (len == 0 && times != u32::MAX) {
                    frame.pc = end;
                    continue;
                }
                if len == 0 {
                    // `for {}`: a call-free loop that never ends.
                    return Some(Op::Work(u64::MAX));
                }
                frame.loops.push(LoopState {
                    start,
                    end,
                    left: times,
                    index: 0,
                });
                frame.pc = start;
                continue;
            }
            return Some(op);
        }
    }

    fn val(&self, ex: &crate::g::GExec, v: Val) -> i64 {
        match v {
            Val::Const(c) => c,
            Val::Arg => ex.arg,
            Val::LoopIndex => loop_index(ex),
            Val::Received => ex
                .received
                .filter(|&v| v != crate::objects::CLOSED)
                .unwrap_or(0),
        }
    }

    fn format(&self, gp: GIdx, ex: &crate::g::GExec, f: &Fmt) -> String {
        let name = self
            .prog
            .labels
            .get(ex.arg as usize)
            .cloned()
            .unwrap_or_default();
        f.0.replace("{arg}", &ex.arg.to_string())
            .replace("{i}", &loop_index(ex).to_string())
            .replace("{recv}", &ex.received.unwrap_or(0).to_string())
            .replace("{goid}", &self.g(gp).goid().to_string())
            .replace("{name}", &name)
            .replace("{count}", &self.output.record_count().to_string())
            .replace("{elapsed_ms}", &(self.now() / 1_000_000).to_string())
    }

    /// The chapter's report: jumps of more than 100 000 bytes between the addresses of
    /// consecutive depths' locals; the first 6 printed, then the total.
    pub fn stack_report(&self) -> Vec<String> {
        let addrs = self.output.stack_addrs();
        let mut lines = Vec::new();
        let mut jumps = 0;
        for i in 1..addrs.len() {
            let diff = (addrs[i - 1] as i64 - addrs[i] as i64).abs();
            if diff > 100_000 {
                jumps += 1;
                if jumps <= 6 {
                    lines.push(format!("stack copy near depth {i}: jumped {diff} bytes"));
                }
            }
        }
        lines.push(format!(
            "total large jumps (stack copies) detected: {jumps}"
        ));
        lines
    }
}

fn loop_index(ex: &crate::g::GExec) -> i64 {
    ex.frames
        .last()
        .and_then(|f| f.loops.last())
        .map(|l| l.index)
        .unwrap_or(0)
}

/// Virtual CPU time a G's code runs before it yields for an instruction boundary (where
/// an asynchronous preemption can land and other Ms take their turn).
pub const CODE_BUDGET_NS: u64 = 20_000;

fn advance_pc(ex: &mut crate::g::GExec) {
    if ex.in_code {
        // An op the code yielded: the code op itself stays until the code returns.
        return;
    }
    if let Some(f) = ex.frames.last_mut() {
        f.pc += 1;
    }
}
