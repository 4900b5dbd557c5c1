//! # gmp-live: the live driver
//!
//! Every M of [`gmp_core::Runtime`] runs on a real thread, racing on the same lock-free
//! run queues and locks as Go's Ms do. Threads are started through a [`Spawner`], so the
//! driver runs on `std::thread` natively and on wasm-bindgen-rayon Web Workers in the
//! browser (the web crate supplies that spawner; this crate has no web dependencies).
//!
//! What each [`Wait`] means on a real thread:
//! - `Busy { until }`: the thread really burns CPU until the deadline, checking its M's
//!   preemption-signal flag (sysmon's `preemptM`) between short bursts;
//! - `Syscall { until }`: the thread really blocks (sleeps), holding its G;
//! - `Park` / `ParkUntil`: `notesleep` on the M's note: the thread parks until
//!   `notewakeup` unparks it (a futex, `memory.atomic.wait32` in a worker);
//! - `Netpoll { until }`: the thread waits on the poller until data arrives, the
//!   timeout, or `netpollBreak`.
//!
//! Time runs at a chosen scale: 1.0 is real time (real 10 ms preemption, real
//! throughput); 0.01 makes 1 virtual ms last 100 real ms, and every runtime duration
//! (sysmon's delays, forcePreemptNS, syscall lengths, CPU work) stretches with it.

pub mod live;

pub use live::{Live, LiveOptions};

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

/// Starts a long-lived task on its own thread.
pub trait Spawner: Send + Sync {
    fn spawn(&self, name: String, task: Box<dyn FnOnce() + Send + 'static>);
}

/// `std::thread` natively.
pub struct StdSpawner;

impl Spawner for StdSpawner {
    fn spawn(&self, name: String, task: Box<dyn FnOnce() + Send + 'static>) {
        std::thread::Builder::new()
            .name(name)
            .spawn(task)
            .expect("gmp-live: cannot start a thread");
    }
}

/// Shared figures one thread per M advances and any thread (the UI included) may read
/// without blocking: each M's loop count, and a stop flag.
///
/// This is the first brick of the live driver: it proves that every M really runs on its
/// own thread over shared memory. Each M's counter is written only by that M (Relaxed
/// stores; readers only need eventually-visible values).
pub struct Heartbeat {
    pub loops: Vec<AtomicU64>,
    pub stop: AtomicBool,
}

impl Heartbeat {
    pub fn new(ms: usize) -> Arc<Self> {
        Arc::new(Heartbeat {
            loops: (0..ms).map(|_| AtomicU64::new(0)).collect(),
            stop: AtomicBool::new(false),
        })
    }

    /// Starts one thread per M. Each thread does a small unit of real work, then bumps its
    /// counter, until `stop` is set.
    pub fn start(self: &Arc<Self>, spawner: &dyn Spawner) {
        for id in 0..self.loops.len() {
            let hb = Arc::clone(self);
            spawner.spawn(
                format!("M{id}"),
                Box::new(move || {
                    let mut x: u64 = id as u64 + 1;
                    while !hb.stop.load(Ordering::Relaxed) {
                        for _ in 0..1000 {
                            x = x
                                .wrapping_mul(6364136223846793005)
                                .wrapping_add(1442695040888963407);
                        }
                        std::hint::black_box(x);
                        hb.loops[id].fetch_add(1, Ordering::Relaxed);
                    }
                }),
            );
        }
    }

    pub fn total(&self) -> u64 {
        self.loops.iter().map(|c| c.load(Ordering::Relaxed)).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_m_thread_advances_its_counter() {
        let hb = Heartbeat::new(2);
        hb.start(&StdSpawner);
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while hb.loops.iter().any(|c| c.load(Ordering::Relaxed) == 0) {
            assert!(
                std::time::Instant::now() < deadline,
                "an M thread never ran"
            );
            std::thread::yield_now();
        }
        hb.stop.store(true, Ordering::Relaxed);
    }
}
