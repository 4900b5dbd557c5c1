//! In headless Chromium (wasm-bindgen-test): the live driver runs a CPU-bound scenario
//! with every M on a pool worker; steals and preemptions show up in the event log, all
//! goroutines finish, and this (main) thread keeps running the whole time.
#![cfg(target_arch = "wasm32")]

use gmp_core::trace::EvKind;
use gmp_web::engine::{Engine, RunSpec};
use gmp_web::pool;
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
async fn live_cpu_bound_run_on_workers() {
    assert!(pool::cross_origin_isolated());
    pool::init(12).await.expect("thread pool");
    // These parameters are no lesson's: compiled here, as the page's module would.
    gmp_web::compiler::link_front_end(gmp_go::compile);
    let spec = RunSpec {
        scenario: "cpu-bound".into(),
        params: vec![
            ("goroutines".into(), "24".into()),
            ("work".into(), "30ms".into()),
        ],
        procs: 3,
        ..RunSpec::default()
    };
    let eng = Engine::new_live(spec, 1.0, 12).expect("live engine");
    // The main thread only polls: count how many times it got to run meanwhile.
    let mut ticks = 0;
    let mut waited = 0;
    while eng.rt().exit_status().is_none() {
        assert!(waited < 30_000, "the live run did not finish");
        let _ = eng.snapshot(); // non-blocking reads, like the page's frame loop
        sleep_ms(10).await;
        waited += 10;
        ticks += 1;
    }
    assert_eq!(eng.rt().exit_status().unwrap().code, 0);
    assert_eq!(eng.rt().stdout_lines(), vec!["done".to_string()]);
    let evs = eng.rt().events().snapshot();
    let count = |f: &dyn Fn(&EvKind) -> bool| evs.iter().filter(|e| f(&e.kind)).count();
    // The scenario's goroutines: created by goroutine 1 and not the runtime's own
    // (system goroutines, which runtime.main starts first and which never exit). Their
    // goids depend on the start-up (7 with one P, often 19 with more), so they are
    // told apart by kind, not by number.
    let rt = eng.rt();
    let system: std::collections::HashSet<u64> = (1..rt.allgs().len())
        .map(|i| rt.g(gmp_core::GIdx(i as u32)))
        .filter(|g| g.kind() == gmp_core::GKind::System)
        .map(|g| g.goid())
        .collect();
    let ours: std::collections::HashSet<u64> = evs
        .iter()
        .filter_map(|e| match e.kind {
            EvKind::GoCreate { g, parent: 1 } if !system.contains(&g) => Some(g),
            _ => None,
        })
        .collect();
    let created = ours.len();
    let destroyed = count(&|k| matches!(k, EvKind::GoDestroy { g } if ours.contains(g)));
    assert_eq!(created, 24);
    assert_eq!(destroyed, 24, "every goroutine finished exactly once");
    assert!(
        count(&|k| matches!(k, EvKind::Steal { .. })) > 0,
        "no steal"
    );
    assert!(
        count(&|k| matches!(k, EvKind::Preempt { .. })) > 0,
        "no preemption"
    );
    // Several Ms ran goroutines, on their own workers.
    let mut ms: Vec<i64> = evs
        .iter()
        .filter(|e| matches!(e.kind, EvKind::GoStart { .. }))
        .map(|e| e.m)
        .collect();
    ms.sort();
    ms.dedup();
    assert!(ms.len() >= 3, "goroutines ran on {ms:?}");
    assert!(ticks > 10, "the main thread was starved ({ticks} polls)");
    eng.stop();
}
