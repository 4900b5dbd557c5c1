//! In headless Chromium (wasm-bindgen-test): the worker pool starts over shared memory and
//! every M's thread advances its counter while this (main) thread only reads atomics.
#![cfg(target_arch = "wasm32")]

use std::sync::atomic::Ordering;

use gmp_live::Heartbeat;
use gmp_web::pool::{self, Collect, RayonSpawner};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

async fn sleep_ms(ms: i32) {
    let p = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(p).await.unwrap();
}

#[wasm_bindgen_test]
async fn workers_advance_shared_counters() {
    assert!(
        pool::cross_origin_isolated(),
        "the wasm test runner should serve with COOP/COEP"
    );
    pool::init(2).await.expect("thread pool");
    let hb = Heartbeat::new(2);
    let collect = Collect::default();
    hb.start(&collect);
    RayonSpawner::spawn_all(collect.0.into_inner().unwrap());
    let mut waited = 0;
    while hb.loops.iter().any(|c| c.load(Ordering::Relaxed) == 0) {
        assert!(waited < 10_000, "an M's worker never ran");
        sleep_ms(20).await;
        waited += 20;
    }
    let before = hb.total();
    sleep_ms(100).await;
    assert!(hb.total() > before, "workers stopped advancing");
    hb.stop.store(true, Ordering::Relaxed);
}
