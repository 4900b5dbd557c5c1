//! The live driver proper: one real thread per M, plus sysmon's.

use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, Weak};
use std::thread::Thread;

use gmp_core::runtime::{Config, Env, MId, Runtime, Wait};
use gmp_core::Program;

use crate::Spawner;

/// A monotonic clock in ns (natively `Instant`; in a browser worker `performance.now`).
pub type Clock = Arc<dyn Fn() -> i64 + Send + Sync>;

/// `std::time::Instant` as a [`Clock`] (not on wasm32, where Instant panics).
#[cfg(not(target_arch = "wasm32"))]
pub fn std_clock() -> Clock {
    let t0 = std::time::Instant::now();
    Arc::new(move || t0.elapsed().as_nanos() as i64)
}

pub struct LiveOptions {
    /// Virtual ns per real ns (1.0: real time; 0.01: 100× slow motion).
    pub scale: f64,
    pub clock: Clock,
    /// Real threads the driver may start (the pool size in a browser); past it the
    /// runtime behaves as at Go's thread limit.
    pub max_threads: usize,
}

/// Per-M thread bookkeeping.
#[derive(Default)]
struct Slot {
    thread: OnceLock<Thread>,
}

struct LiveEnv {
    clock: Clock,
    /// Virtual-time scale, as f64 bits.
    scale: AtomicU64,
    /// Real ns at which the scale last changed, and the virtual time then.
    base_real: AtomicI64,
    base_virt: AtomicI64,
    spawner: Box<dyn Spawner>,
    rt: OnceLock<Weak<Runtime>>,
    me: OnceLock<Weak<LiveEnv>>,
    /// Thread handles by M index; lookups are lock-free (the UI thread may unpark).
    slots: gmp_core::arena::AppendVec<Slot>,
    slots_lock: Mutex<()>,
    threads: AtomicU32,
    max_threads: usize,
    /// The netpoller: a generation counter bumped by new I/O, breaks and exit, and the
    /// M (index + 1) waiting in netpoll, to unpark. Lock-free so any thread may poke it.
    poll_gen: AtomicU64,
    poller: AtomicU32,
    rand: AtomicU64,
    /// Set when a thread could not be started (the pool is exhausted).
    pub out_of_threads: AtomicBool,
}

impl LiveEnv {
    fn scale(&self) -> f64 {
        f64::from_bits(self.scale.load(Ordering::Acquire))
    }

    fn virt_now(&self) -> i64 {
        let real = (self.clock)();
        let base_r = self.base_real.load(Ordering::Acquire);
        let base_v = self.base_virt.load(Ordering::Acquire);
        base_v + ((real - base_r) as f64 * self.scale()) as i64
    }

    /// Real ns from now until virtual time `until`.
    fn real_until(&self, until: i64) -> i64 {
        if until == i64::MAX {
            return i64::MAX;
        }
        let d = until - self.virt_now();
        if d <= 0 {
            0
        } else {
            (d as f64 / self.scale()) as i64
        }
    }

    /// The slot of M `m`, creating slots up to it (only newm creates, on a worker).
    fn slot(&self, m: MId) -> &Slot {
        if let Some(s) = self.slots.get(m as usize) {
            return s;
        }
        let _g = self.slots_lock.lock().unwrap();
        while self.slots.len() <= m as usize {
            self.slots.push(Slot::default());
        }
        &self.slots[m as usize]
    }

    fn unpark(&self, m: MId) {
        if let Some(t) = self.slots.get(m as usize).and_then(|s| s.thread.get()) {
            t.unpark();
        }
    }

    fn poke_poller(&self) {
        self.poll_gen.fetch_add(1, Ordering::AcqRel);
        let p = self.poller.load(Ordering::Acquire);
        if p != 0 {
            self.unpark(p - 1);
        }
    }
}

impl Env for LiveEnv {
    fn now(&self) -> i64 {
        self.virt_now()
    }
    fn notewakeup(&self, m: MId) {
        self.unpark(m);
    }
    fn newm(&self, m: MId) {
        let (Some(rt), Some(env)) = (
            self.rt.get().and_then(Weak::upgrade),
            self.me.get().and_then(Weak::upgrade),
        ) else {
            return;
        };
        if self.threads.fetch_add(1, Ordering::AcqRel) as usize >= self.max_threads {
            self.out_of_threads.store(true, Ordering::Release);
            rt.fatal(
                None,
                &format!(
                    "runtime: program exceeds {}-thread limit (the explorer's worker pool is full)",
                    self.max_threads
                ),
                "thread exhaustion",
            );
            return;
        }
        self.slot(m);
        self.spawner.spawn(
            format!("M{m}"),
            Box::new(move || {
                let _ = env.slot(m).thread.set(std::thread::current());
                run_m(&rt, &env, m);
            }),
        );
    }
    fn preempt_m(&self, m: MId) {
        // The flag (m.signal_pending) is already set; a parked or blocked thread sees it
        // when it next steps. Unpark in case it sleeps in a short wait.
        self.unpark(m);
    }
    fn netpoll_break(&self) {
        self.poke_poller();
    }
    fn io_at(&self, _when: i64) {
        self.poke_poller();
    }
    fn sysmon_wake(&self) {
        if let Some(rt) = self.rt.get().and_then(Weak::upgrade) {
            for i in 0..rt.allm().len() {
                if rt.allm()[i].is_sysmon {
                    self.unpark(i as MId);
                }
            }
        }
    }
    fn rand(&self, m: MId) -> u32 {
        // xorshift on a shared word: contention is harmless, randomness is all we need.
        let mut x = self.rand.load(Ordering::Relaxed) ^ ((m as u64 + 1) << 17);
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.rand.store(x, Ordering::Relaxed);
        (x >> 16) as u32
    }
    fn usleep(&self, ns: i64) -> bool {
        if ns > 0 {
            let real = (ns as f64 / self.scale()) as u64;
            std::thread::sleep(std::time::Duration::from_nanos(real.max(1)));
        }
        true
    }
}

/// Sleep (park) until `real_ns` from now or an unpark.
fn park_for(real_ns: i64) {
    if real_ns == i64::MAX {
        std::thread::park();
    } else if real_ns > 0 {
        std::thread::park_timeout(std::time::Duration::from_nanos(real_ns as u64));
    }
}

/// The thread of M `m`: step, then do what the step says, until the program exits.
fn run_m(rt: &Arc<Runtime>, env: &LiveEnv, m: MId) {
    let mm = rt.m(m);
    loop {
        match rt.step_m(m) {
            Wait::Exit => return,
            Wait::Run { .. } => {}
            Wait::Busy { until } => {
                // Burn CPU in short bursts, watching for sysmon's signal.
                while env.virt_now() < until && !mm.signal_pending.load(Ordering::Acquire) {
                    if rt.is_exited() {
                        return;
                    }
                    if env.scale() >= 0.5 {
                        let mut x = 1u64;
                        for i in 0..200u64 {
                            x = x.wrapping_mul(6364136223846793005).wrapping_add(i);
                        }
                        std::hint::black_box(x);
                    } else {
                        // Slow motion: wait in small real slices instead of spinning.
                        park_for(env.real_until(until).min(1_000_000));
                    }
                }
            }
            Wait::Syscall { until } => {
                while env.virt_now() < until && !rt.is_exited() {
                    std::thread::sleep(std::time::Duration::from_nanos(
                        env.real_until(until).clamp(1, 50_000_000) as u64,
                    ));
                }
            }
            Wait::Park => {
                while mm.park.load(Ordering::Acquire) == 0 && !rt.is_exited() {
                    park_for(50_000_000);
                }
            }
            Wait::ParkUntil { until } => {
                let real = env.real_until(until);
                if mm.park.load(Ordering::Acquire) == 0 && !rt.is_exited() {
                    park_for(real.min(50_000_000));
                }
            }
            Wait::Netpoll { until } => {
                env.poller.store(m + 1, Ordering::Release);
                let seen = env.poll_gen.load(Ordering::Acquire);
                loop {
                    let now = env.virt_now();
                    let due = until.min(rt.abs_time(rt.netpoll_next_ready()));
                    // netpollBreak or new I/O: back to findRunnable's tail.
                    if now >= due || rt.is_exited() || env.poll_gen.load(Ordering::Acquire) != seen
                    {
                        break;
                    }
                    park_for(env.real_until(due).min(50_000_000));
                }
                let _ = env
                    .poller
                    .compare_exchange(m + 1, 0, Ordering::AcqRel, Ordering::Relaxed);
            }
        }
    }
}

/// A program running on real threads.
pub struct Live {
    pub rt: Arc<Runtime>,
    env: Arc<LiveEnv>,
}

impl Live {
    /// Builds the runtime and starts M0 (and, through `runtime.main`, sysmon).
    pub fn start(
        prog: Program,
        cfg: Config,
        opts: LiveOptions,
        spawner: Box<dyn Spawner>,
    ) -> Result<Live, String> {
        let t0 = (opts.clock)();
        let env = Arc::new(LiveEnv {
            clock: opts.clock,
            scale: AtomicU64::new(opts.scale.to_bits()),
            base_real: AtomicI64::new(t0),
            base_virt: AtomicI64::new(0),
            spawner,
            rt: OnceLock::new(),
            me: OnceLock::new(),
            slots: Default::default(),
            slots_lock: Mutex::new(()),
            threads: AtomicU32::new(0),
            max_threads: opts.max_threads,
            poll_gen: AtomicU64::new(0),
            poller: AtomicU32::new(0),
            rand: AtomicU64::new(0x2545_F491_4F6C_DD1D),
            out_of_threads: AtomicBool::new(false),
        });
        let rt = Runtime::new(prog, cfg, Box::new(env.clone()))?;
        let _ = env.rt.set(Arc::downgrade(&rt));
        let _ = env.me.set(Arc::downgrade(&env));
        env.newm(0);
        Ok(Live { rt, env })
    }

    /// Changes the time scale (virtual ns per real ns) without a jump in virtual time.
    pub fn set_scale(&self, scale: f64) {
        let now_v = self.env.virt_now();
        self.env
            .base_real
            .store((self.env.clock)(), Ordering::Release);
        self.env.base_virt.store(now_v, Ordering::Release);
        self.env
            .scale
            .store(scale.max(1e-6).to_bits(), Ordering::Release);
    }

    pub fn now(&self) -> i64 {
        self.env.virt_now()
    }

    /// Whether a thread could not be started because the pool was full.
    pub fn out_of_threads(&self) -> bool {
        self.env.out_of_threads.load(Ordering::Acquire)
    }

    /// Waits (blocking this thread) until the program exits or `max_virtual` ns pass.
    /// Returns the exit code, or None on timeout. Not for a browser's main thread.
    pub fn wait(&self, max_virtual: i64) -> Option<i32> {
        loop {
            if let Some(st) = self.rt.exit_status() {
                self.wake_all();
                return Some(st.code);
            }
            if self.now() >= max_virtual {
                return None;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }

    /// Ends the program (as `os.Exit(3)`) and wakes every thread so it can return.
    pub fn stop(&self) {
        self.rt.exit(None, 3, String::new());
        self.wake_all();
    }

    fn wake_all(&self) {
        for i in 0..self.rt.allm().len() {
            self.env.unpark(i as MId);
        }
        self.env.poke_poller();
    }
}

impl Drop for Live {
    fn drop(&mut self) {
        if !self.rt.is_exited() {
            self.stop();
        }
    }
}
