//! The Go front end where the learner uses it: compile time of a 300-line program and
//! the VM's speed, measured in the page's wasm (headless Chromium) and natively with the
//! same code, so the two figures compare. A benchmark, not a test: ignored by the test
//! command, run by `scripts/bench-go.sh`, which prints both (these machines are
//! shared: read the ratios of one run).

use gmp_core::sim::Stop;
use gmp_core::{Config, Sim};
use gmp_web::clock::now_ms;

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::*;
#[cfg(target_arch = "wasm32")]
wasm_bindgen_test_configure!(run_in_browser);

#[cfg(target_arch = "wasm32")]
macro_rules! say { ($($t:tt)*) => { console_log!($($t)*) } }
#[cfg(not(target_arch = "wasm32"))]
macro_rules! say { ($($t:tt)*) => { println!($($t)*) } }

/// Best and median of `n` timings of `f` (which must say yes), in ms.
fn best_median(n: usize, f: impl Fn() -> bool) -> (f64, f64) {
    let mut t: Vec<f64> = (0..n)
        .map(|_| {
            let t0 = now_ms();
            let ok = f();
            let dt = now_ms() - t0;
            assert!(ok);
            dt
        })
        .collect();
    t.sort_by(f64::total_cmp);
    (t[0], t[n / 2])
}

/// Wall ms to run `src` to its exit on the deterministic driver at GOMAXPROCS=1,
/// best of `n`, with the virtual time it took.
fn run_ms(src: &str, n: usize) -> (f64, i64) {
    let prog = gmp_go::compile(src).expect("compiles").program();
    let mut best = f64::MAX;
    let mut virt = 0;
    for _ in 0..n {
        let cfg = Config {
            gomaxprocs: 1,
            keep_events: gmp_core::trace::Keep::None,
            ..Config::default()
        };
        let mut sim = Sim::new(prog.clone(), cfg, 1).unwrap();
        let t0 = now_ms();
        let stop = sim.run_until(100_000_000_000, u64::MAX);
        best = best.min(now_ms() - t0);
        assert!(matches!(stop, Stop::Exited(_)), "{stop:?}");
        virt = sim.now();
    }
    (best, virt)
}

/// Lets the browser breathe between measurements (the test runner's driver polls the
/// page; a main thread busy for its whole timeout fails the run).
#[cfg(target_arch = "wasm32")]
async fn breathe() {
    let p = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(p).await.unwrap();
}
#[cfg(not(target_arch = "wasm32"))]
async fn breathe() {}

async fn measure() {
    let where_ = if cfg!(target_arch = "wasm32") {
        "wasm (headless Chromium)"
    } else {
        "native"
    };
    let big = include_str!("../../bench/go/big300.go");
    let (best, median) = best_median(20, || gmp_go::compile(big).is_ok());
    say!(
        "{where_}: compile {} lines: best {best:.2} ms, median {median:.2} ms (20 compiles)",
        big.lines().count()
    );
    let bytes = gmp_go::wire::encode(&gmp_go::compile(big).expect("compiles"));
    // What the page itself does with the compiler module's answer, or with a program
    // built into it.
    let (best, median) = best_median(50, || gmp_go::wire::decode(&bytes).is_ok());
    say!(
        "{where_}: decode its program ({} bytes): best {best:.2} ms, median {median:.2} ms (50 decodes)",
        bytes.len()
    );
    // Smaller than scripts/bench-go.sh's sizes: each run blocks the page's thread.
    let progs = [
        (
            "loop 2*10^7",
            include_str!("../../bench/go/loop.go").replace("100000000", "20000000"),
        ),
        (
            "fib(27)",
            include_str!("../../bench/go/fib.go").replace("fib(30)", "fib(27)"),
        ),
    ];
    for (name, src) in progs {
        breathe().await;
        let (ms, virt) = run_ms(&src, 3);
        say!(
            "{where_}: {name}: {ms:.0} ms wall, best of 3 ({:.1} ms virtual, {:.2}x real time)",
            virt as f64 / 1e6,
            virt as f64 / 1e6 / ms
        );
    }
}

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen_test]
#[ignore]
async fn go_front_end_in_the_page() {
    measure().await;
}

#[cfg(not(target_arch = "wasm32"))]
#[test]
#[ignore]
fn go_front_end_natively() {
    block_on(measure());
}

/// Runs a future that never waits (natively `breathe` is a no-op).
#[cfg(not(target_arch = "wasm32"))]
fn block_on<F: std::future::Future>(f: F) -> F::Output {
    use std::task::{Context, Poll, Waker};
    let mut f = std::pin::pin!(f);
    match f.as_mut().poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(v) => v,
        Poll::Pending => unreachable!("measure() does not wait natively"),
    }
}
