//! # sysmon: the M without a P (`proc.go: sysmon`, `retake`, `preemptone`)
//!
//! sysmon is started by `runtime.main` on its own M (M1) and never holds a P, so it can
//! act while every P is busy. Each cycle it sleeps (20 µs for the first 50 cycles in a
//! row that took nothing back, then doubling up to 10 ms), then:
//! 1. polls the network if nobody has for 10 ms (`injectglist` with no P);
//! 2. readies the GOMAXPROCS updater if a change was asked for;
//! 3. `retake`s: for each running P,
//!    - if its `schedtick` has not moved for 10 ms (`forcePreemptNS`), `preemptone`:
//!      set `gp.preempt` (the cooperative request) and, unless `asyncpreemptoff`, send
//!      the M a signal;
//!    - if its M is in a syscall seen on two ticks in a row, take the P (`takeP` →
//!      `handoffp`) when the P has local work, or no M spins and no P idles, or 10 ms
//!      passed;
//! 4. injects forcegchelper when a periodic GC cycle is due (`forcegcperiod`);
//! 5. prints `schedtrace` lines.
//!
//! Only syscall retakes reset the delay, so a CPU-bound program runs sysmon every 10 ms
//! and a G is preempted after about two periods (≈20 ms), as measured on real Go
//! (`behaviours.rs: cpu_bound_goroutines_are_preempted_after_about_20ms`).
//! With every P idle (and no schedtrace), sysmon sleeps deeply until the next timer
//! (at most 60 s) or until a syscall or start-the-world wakes it.

use std::sync::atomic::Ordering;

use crate::consts::*;
use crate::g::GStatus;
use crate::runtime::{PId, PStatus, Runtime, Wait};
use crate::trace::EvKind;

#[derive(Clone, Copy, Default, Debug)]
pub struct SysmonTick {
    pub schedtick: u32,
    pub schedwhen: i64,
    pub syscalltick: u32,
    pub syscallwhen: i64,
}

#[derive(Clone)]
pub struct SysmonState {
    pub started: bool,
    pub idle: u32,
    /// Current delay in µs (`delay`).
    pub delay_us: i64,
    pub lasttrace: i64,
    /// Deep sleep in progress (`sysmonwait`).
    pub deep: bool,
    /// `pp.sysmontick` of every P (sysmon-owned).
    pub ticks: Vec<SysmonTick>,
    /// Last retake that preempted something: (time, P) for the UI.
    pub last_preempt: Option<(i64, PId)>,
    pub last_retake: Option<(i64, PId)>,
    /// schedtrace's `starttime`.
    pub trace_start: Option<i64>,
}

impl SysmonState {
    pub fn new(nprocs: usize) -> Self {
        SysmonState {
            started: false,
            idle: 0,
            delay_us: 0,
            lasttrace: 0,
            deep: false,
            ticks: vec![SysmonTick::default(); nprocs],
            last_preempt: None,
            last_retake: None,
            trace_start: None,
        }
    }
}

impl Runtime {
    /// One sysmon step: the work after a sleep, then the next sleep.
    pub(crate) fn step_sysmon(&self) -> Wait {
        let mut st = self.sysmon.lock().unwrap();
        if !st.started {
            st.started = true;
            self.sched.nmsys.fetch_add(1, Ordering::AcqRel);
            let s = self.lock_sched();
            self.checkdead(&s, None);
            drop(s);
            return self.sysmon_sleep(&mut st);
        }
        let now = self.now();
        if st.deep {
            st.deep = false;
            self.sched.sysmonwait.store(false, Ordering::Release);
            if self.sysmon_note.swap(false, Ordering::AcqRel) {
                st.idle = 0;
                st.delay_us = 20;
            }
        } else if self.cfg.schedtrace_ms <= 0
            && (self.sched.gcwaiting.load(Ordering::Acquire)
                || self.sched.npidle.load(Ordering::Acquire) == self.gomaxprocs() as i32)
        {
            // Deep sleep until the next timer (at most forcegcperiod/2).
            let next = self.time_sleep_until();
            if next > now {
                self.sched.sysmonwait.store(true, Ordering::Release);
                st.deep = true;
                let sleep = (FORCEGC_PERIOD_NS / 2).min(next - now);
                return Wait::ParkUntil {
                    until: self.abs_time(now + sleep),
                };
            }
        }
        // 1. Network poll if nobody has for 10 ms.
        let lastpoll = self.sched.lastpoll.load(Ordering::Acquire);
        if self.netpoll.inited() && lastpoll != 0 && lastpoll + SYSMON_NETPOLL_NS < now {
            let _ = self.sched.lastpoll.compare_exchange(
                lastpoll,
                now.max(1),
                Ordering::AcqRel,
                Ordering::Relaxed,
            );
            // Go pretends one more M is running while the Gs are in sysmon's hands
            // (`incidlelocked(-1)` ... `incidlelocked(1)`, and the poller's waiter count
            // drops only after `injectglist`). Otherwise an M going idle in between finds
            // no waiter to block in netpoll for and no running M, and its `checkdead`
            // reports a runnable G or a deadlock that is not there. Here `poll` drops the
            // waiter count at once, so sysmon counts as running from before it. The
            // `checkdead` after it is `incidlelocked(1)`'s: an M that went idle meanwhile
            // skipped its own.
            self.sched.nmsys.fetch_sub(1, Ordering::AcqRel);
            let list = self.netpoll.poll(now);
            self.injectglist(None, &list);
            let s = self.lock_sched();
            self.sched.nmsys.fetch_add(1, Ordering::AcqRel);
            self.checkdead(&s, None);
        }
        // 2. GOMAXPROCS updates asked for from outside: like a `forEachP` safe-point
        // function, every P is asked to stop at its next safe point (`preemptall`),
        // and the first one in the scheduler readies the updater goroutine into its
        // runnext (see `find_runnable`). Go's own automatic updater is injected into
        // the global queue instead and can wait behind a busy program.
        // With an idle P the updater simply goes through `injectglist`, which starts
        // an M for it.
        if let Some(g) = self.take_updater_request() {
            if self.sched.npidle.load(Ordering::Acquire) > 0 {
                self.injectglist(None, &[g]);
            } else if !self.requests.set_updater_pending() {
                self.preemptall();
            }
            self.release_updater(g);
        }
        // 3. retake.
        if self.retake(&mut st, now) != 0 {
            st.idle = 0;
        } else {
            st.idle += 1;
        }
        // 4. The periodic GC (`gcTrigger{kind: gcTriggerTime}`): inject forcegchelper.
        if self.cfg.gc_period_ns.is_some() {
            self.gc_force_trigger();
        }
        // 5. schedtrace.
        // `proc.go: sysmon` prints when `lasttrace+schedtrace*1e6 <= now` with `lasttrace`
        // starting at 0 and `now` from `nanotime()` (the monotonic clock, far past 0), so
        // the first line comes on sysmon's first loop, with the start-up state.
        // `proc.go: schedtrace` labels each line with the time since its first call.
        if self.cfg.schedtrace_ms > 0
            && (st.trace_start.is_none()
                || st.lasttrace + self.cfg.schedtrace_ms * 1_000_000 <= now)
        {
            st.lasttrace = now;
            let start = *st.trace_start.get_or_insert(now);
            self.schedtrace(now - start, self.cfg.scheddetail);
        }
        self.sysmon_sleep(&mut st)
    }

    fn sysmon_sleep(&self, st: &mut SysmonState) -> Wait {
        if st.idle == 0 {
            st.delay_us = 20;
        } else if st.idle > SYSMON_IDLE_CYCLES {
            st.delay_us *= 2;
        }
        st.delay_us = st.delay_us.min(SYSMON_MAX_DELAY_NS / 1000);
        Wait::ParkUntil {
            until: self.abs_time(self.now() + st.delay_us * 1000),
        }
    }

    /// `timeSleepUntil`: the earliest timer on any P (`i64::MAX` if none).
    fn time_sleep_until(&self) -> i64 {
        (0..self.gomaxprocs())
            .map(|p| self.p(p).timers.wake_time())
            .filter(|&w| w != 0)
            .min()
            .unwrap_or(i64::MAX)
    }

    /// `retake`: preempt long-running Gs; take Ps from long syscalls.
    fn retake(&self, st: &mut SysmonState, now: i64) -> u32 {
        let mut n = 0;
        for p in 0..self.gomaxprocs() {
            let pp = self.p(p);
            if pp.status() != PStatus::Running {
                continue;
            }
            let pd = &mut st.ticks[p as usize];
            let mut sysretake = false;
            let schedt = pp.schedtick.load(Ordering::Acquire);
            if pd.schedtick != schedt {
                pd.schedtick = schedt;
                pd.schedwhen = now;
            } else if pd.schedwhen + FORCE_PREEMPT_NS <= now {
                if self.preemptone(p) {
                    st.last_preempt = Some((now, p));
                }
                sysretake = true;
            }
            let Some((mp, gp)) = self.set_block_on_exit_syscall(p) else {
                continue;
            };
            let g = self.g(gp);
            let syst = pp.syscalltick.load(Ordering::Acquire);
            if !sysretake && pd.syscalltick != syst {
                pd.syscalltick = syst;
                pd.syscallwhen = now;
                g.release_scan(GStatus::Syscall);
                continue;
            }
            if pp.runq.runqempty()
                && self.sched.nmspinning.load(Ordering::Acquire)
                    + self.sched.npidle.load(Ordering::Acquire)
                    > 0
                && pd.syscallwhen + SYSCALL_RETAKE_NS > now
            {
                g.release_scan(GStatus::Syscall);
                continue;
            }
            self.take_p(None, p, mp);
            g.release_scan(GStatus::Syscall);
            n += 1;
            st.last_retake = Some((now, p));
            self.handoffp(p);
        }
        n
    }

    /// `preemptone`: ask P `p`'s running G to stop: cooperatively (`gp.preempt`, seen at
    /// the next function prologue) and, unless `asyncpreemptoff`, with a signal.
    pub(crate) fn preemptone(&self, p: PId) -> bool {
        let pp = self.p(p);
        let Some(mp) = pp.m() else { return false };
        let gp = self.m(mp).curg();
        if gp.is_nil() {
            return false;
        }
        let g = self.g(gp);
        if g.status() == GStatus::Syscall {
            return false;
        }
        g.preempt.store(true, Ordering::Release);
        let async_ = !self.cfg.asyncpreemptoff;
        self.emit(
            None,
            EvKind::PreemptRequest {
                g: g.goid(),
                p: p as i32,
                async_,
            },
        );
        if async_ {
            pp.preempt.store(true, Ordering::Release);
            // preemptM: at most one signal in flight per M.
            if !self.m(mp).signal_pending.swap(true, Ordering::AcqRel) {
                self.env.preempt_m(mp);
            }
        }
        true
    }
}
