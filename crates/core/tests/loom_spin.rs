//! Loom model of `sync::SpinLock`, the lock behind a G's `exec`, a P's `own`, timers,
//! channels and the event queue: a compare-and-swap (acquire) to take it and a plain
//! store (release) to give it back.
//!
//! The protected value here is a loom `UnsafeCell` that each thread changes inside the
//! lock. Loom reports any access that is not ordered after the previous holder's, so a
//! too-weak ordering on either side (a relaxed unlock, a relaxed CAS) fails the model, as
//! would two threads inside at once.
//!
//! Run with:
//! `RUSTFLAGS="--cfg loom" cargo test -p gmp-core --test loom_spin --release`
#![cfg(loom)]

use gmp_core::sync::SpinLock;
use loom::cell::UnsafeCell;
use loom::sync::Arc;
use loom::thread;

struct Shared {
    lock: SpinLock<()>,
    value: UnsafeCell<u32>,
}

// Safety: `value` is only touched while `lock` is held (what the model checks).
unsafe impl Sync for Shared {}

fn shared() -> Arc<Shared> {
    Arc::new(Shared {
        lock: SpinLock::new(()),
        value: UnsafeCell::new(0),
    })
}

fn add_under_lock(s: &Shared) {
    let _g = s.lock.lock();
    s.value.with_mut(|v| unsafe { *v += 1 });
}

/// A spun-on lock makes loom's schedules long: bound the preemptions it explores.
fn model(f: impl Fn() + Sync + Send + 'static) {
    let mut b = loom::model::Builder::new();
    b.preemption_bound = Some(3);
    b.check(f);
}

/// A second thread adds once under the lock while the main thread adds once too: every
/// interleaving ends with 2, and no access races.
#[test]
fn lock_excludes_and_orders_the_protected_value() {
    model(|| {
        let s = shared();
        let h = {
            let s = s.clone();
            thread::spawn(move || add_under_lock(&s))
        };
        add_under_lock(&s);
        h.join().unwrap();
        let _g = s.lock.lock();
        assert_eq!(s.value.with(|v| unsafe { *v }), 2);
    });
}

/// `try_lock` (the browser main thread's way in) never gets in while another thread
/// holds the lock, and what it reads after getting in is the holder's last write.
#[test]
fn try_lock_sees_the_last_holders_write() {
    model(|| {
        let s = shared();
        let w = {
            let s = s.clone();
            thread::spawn(move || {
                let _g = s.lock.lock();
                s.value.with_mut(|v| unsafe { *v = 7 });
            })
        };
        if let Some(_g) = s.lock.try_lock() {
            let v = s.value.with(|v| unsafe { *v });
            assert!(v == 0 || v == 7, "read {v}");
        }
        w.join().unwrap();
    });
}
