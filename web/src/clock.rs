//! A clock every thread can read: `performance.timeOrigin + performance.now()`, which
//! agrees across the page and its workers (each has its own time origin).

use std::sync::Arc;

#[cfg(target_arch = "wasm32")]
mod js {
    use wasm_bindgen::prelude::*;
    #[wasm_bindgen]
    extern "C" {
        #[wasm_bindgen(js_namespace = performance, js_name = now)]
        pub fn perf_now() -> f64;
        #[wasm_bindgen(js_namespace = performance, js_name = timeOrigin, thread_local_v2)]
        pub static TIME_ORIGIN: f64;
    }
}

/// Milliseconds, monotonic on this thread.
pub fn now_ms() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        js::perf_now()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        use std::sync::OnceLock;
        static T0: OnceLock<std::time::Instant> = OnceLock::new();
        T0.get_or_init(std::time::Instant::now)
            .elapsed()
            .as_secs_f64()
            * 1e3
    }
}

/// Nanoseconds on a clock shared by every thread of the page.
pub fn shared_now_ns() -> i64 {
    #[cfg(target_arch = "wasm32")]
    {
        let origin = js::TIME_ORIGIN.with(|o| *o);
        ((origin + js::perf_now()) * 1e6) as i64
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        (now_ms() * 1e6) as i64
    }
}

pub fn live_clock() -> gmp_live::live::Clock {
    Arc::new(shared_now_ns)
}
