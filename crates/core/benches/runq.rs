//! runq vs crossbeam-deque, in one criterion run.
//!
//! Each group has two functions, `gmp_runq` (this crate's model of Go's `p.runq`) and
//! `crossbeam_fifo` (`crossbeam_deque::Worker::new_fifo` + `Stealer`), with the same element
//! throughput, so the ratio of the two times is the figure to read:
//!
//! * `owner_push_pop_256`: the owner puts 256 Gs at the tail then takes them all
//!   (`runqput(next=false)` + `runqget` vs `push` + `pop`).
//! * `steal_drain_256`: a victim holds 256 Gs; a second queue on the same thread steals from it
//!   repeatedly, running the returned G and popping the rest, until the victim is empty
//!   (`runqsteal`, which takes half = 128 at once, vs `steal_batch_and_pop`, which takes at most
//!   32 at a time).
//! * `two_thread_owner_thief`: an owner pushes and pops blocks of 256 while a thief thread steals
//!   continuously; time per G until every G has been consumed once.
//!
//! Run: `cargo bench -p gmp-core --bench runq -- --warm-up-time 1 --measurement-time 3`.

#[cfg(not(loom))]
mod benches {
    use criterion::{black_box, criterion_group, BenchmarkId, Criterion, Throughput};
    use crossbeam_deque::{Steal, Worker};
    use gmp_core::runq::{GIdx, RunQueue};
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
    use std::sync::{Arc, Mutex};
    use std::thread;
    use std::time::{Duration, Instant};

    const ITEMS: u32 = 256;

    fn no_overflow(_: &[GIdx]) {
        unreachable!("ring cannot overflow here")
    }

    fn owner_push_pop(c: &mut Criterion) {
        let mut grp = c.benchmark_group("owner_push_pop_256");
        grp.throughput(Throughput::Elements(u64::from(ITEMS)));
        let q: RunQueue = RunQueue::new();
        grp.bench_function(BenchmarkId::from_parameter("gmp_runq"), |b| {
            b.iter(|| {
                for i in 1..=ITEMS {
                    q.runqput(GIdx(i), false, &mut no_overflow);
                }
                while let Some(x) = q.runqget() {
                    black_box(x);
                }
            })
        });
        let w: Worker<u32> = Worker::new_fifo();
        grp.bench_function(BenchmarkId::from_parameter("crossbeam_fifo"), |b| {
            b.iter(|| {
                for i in 1..=ITEMS {
                    w.push(i);
                }
                while let Some(x) = w.pop() {
                    black_box(x);
                }
            })
        });
        grp.finish();
    }

    fn steal_drain(c: &mut Criterion) {
        let mut grp = c.benchmark_group("steal_drain_256");
        grp.throughput(Throughput::Elements(u64::from(ITEMS)));
        let victim: RunQueue = RunQueue::new();
        let thief: RunQueue = RunQueue::new();
        grp.bench_function(BenchmarkId::from_parameter("gmp_runq"), |b| {
            b.iter(|| {
                for i in 1..=ITEMS {
                    victim.runqput(GIdx(i), false, &mut no_overflow);
                }
                while let Some(gp) = thief.runqsteal(&victim, false, || false, || {}) {
                    black_box(gp);
                    while let Some(x) = thief.runqget() {
                        black_box(x);
                    }
                }
            })
        });
        let vw: Worker<u32> = Worker::new_fifo();
        let vs = vw.stealer();
        let tw: Worker<u32> = Worker::new_fifo();
        grp.bench_function(BenchmarkId::from_parameter("crossbeam_fifo"), |b| {
            b.iter(|| {
                for i in 1..=ITEMS {
                    vw.push(i);
                }
                loop {
                    match vs.steal_batch_and_pop(&tw) {
                        Steal::Success(x) => {
                            black_box(x);
                            while let Some(y) = tw.pop() {
                                black_box(y);
                            }
                        }
                        Steal::Empty => break,
                        Steal::Retry => {}
                    }
                }
            })
        });
        grp.finish();
    }

    /// Owner/thief on two threads, `iters` blocks of 256 Gs per sample. Returns elapsed time.
    fn two_thread_runq(iters: u64) -> Duration {
        let total = iters * u64::from(ITEMS);
        let victim = Arc::new(RunQueue::<256>::new());
        let global = Arc::new(Mutex::new(Vec::<GIdx>::new()));
        let consumed = Arc::new(AtomicU64::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let thief = {
            let (victim, consumed, stop) = (victim.clone(), consumed.clone(), stop.clone());
            thread::spawn(move || {
                let own: RunQueue = RunQueue::new();
                while !stop.load(Ordering::Relaxed) {
                    if let Some(gp) = own.runqsteal(&victim, false, || false, || {}) {
                        black_box(gp);
                        let mut n = 1;
                        while let Some(x) = own.runqget() {
                            black_box(x);
                            n += 1;
                        }
                        consumed.fetch_add(n, Ordering::Relaxed);
                    } else {
                        std::hint::spin_loop();
                    }
                }
            })
        };
        let start = Instant::now();
        let mut id = 1u32;
        let mut mine = 0u64;
        let mut overflow = |b: &[GIdx]| global.lock().unwrap().extend_from_slice(b);
        for _ in 0..iters {
            for _ in 0..ITEMS {
                victim.runqput(GIdx(id), false, &mut overflow);
                id = id.wrapping_add(1).max(1);
            }
            while let Some(x) = victim.runqget() {
                black_box(x);
                mine += 1;
            }
            let mut gq = global.lock().unwrap();
            mine += gq.len() as u64;
            gq.clear();
        }
        consumed.fetch_add(mine, Ordering::Relaxed);
        while consumed.load(Ordering::Relaxed) < total {
            std::hint::spin_loop();
        }
        let el = start.elapsed();
        stop.store(true, Ordering::Relaxed);
        thief.join().unwrap();
        el
    }

    fn two_thread_crossbeam(iters: u64) -> Duration {
        let total = iters * u64::from(ITEMS);
        let w: Worker<u32> = Worker::new_fifo();
        let s = w.stealer();
        let consumed = Arc::new(AtomicU64::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let thief = {
            let (consumed, stop) = (consumed.clone(), stop.clone());
            thread::spawn(move || {
                let own: Worker<u32> = Worker::new_fifo();
                while !stop.load(Ordering::Relaxed) {
                    match s.steal_batch_and_pop(&own) {
                        Steal::Success(x) => {
                            black_box(x);
                            let mut n = 1;
                            while let Some(y) = own.pop() {
                                black_box(y);
                                n += 1;
                            }
                            consumed.fetch_add(n, Ordering::Relaxed);
                        }
                        _ => std::hint::spin_loop(),
                    }
                }
            })
        };
        let start = Instant::now();
        let mut mine = 0u64;
        for _ in 0..iters {
            for i in 0..ITEMS {
                w.push(i);
            }
            while let Some(x) = w.pop() {
                black_box(x);
                mine += 1;
            }
        }
        consumed.fetch_add(mine, Ordering::Relaxed);
        while consumed.load(Ordering::Relaxed) < total {
            std::hint::spin_loop();
        }
        let el = start.elapsed();
        stop.store(true, Ordering::Relaxed);
        thief.join().unwrap();
        el
    }

    fn two_thread(c: &mut Criterion) {
        let mut grp = c.benchmark_group("two_thread_owner_thief");
        grp.throughput(Throughput::Elements(u64::from(ITEMS)));
        grp.bench_function(BenchmarkId::from_parameter("gmp_runq"), |b| {
            b.iter_custom(two_thread_runq)
        });
        grp.bench_function(BenchmarkId::from_parameter("crossbeam_fifo"), |b| {
            b.iter_custom(two_thread_crossbeam)
        });
        grp.finish();
    }

    criterion_group!(runq_vs_crossbeam, owner_push_pop, steal_drain, two_thread);
}

#[cfg(not(loom))]
criterion::criterion_main!(benches::runq_vs_crossbeam);

#[cfg(loom)]
fn main() {}
