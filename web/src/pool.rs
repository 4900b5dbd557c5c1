//! The worker pool: Web Workers from wasm-bindgen-rayon over the shared
//! `WebAssembly.Memory`. Each M of a live run is one long task on one worker.
//!
//! Only the threaded build has it (`target_feature = "atomics"`). The fallback build,
//! which index.html loads where the page is not cross-origin isolated or shared memory
//! is missing, is plain wasm32 without atomics: no pool, so no live driver.

use gmp_live::Spawner;

/// Whether this build can share its memory with workers: the threaded wasm build.
/// (Natively there is no pool either: the page's unit tests run without one.)
pub const THREADED: bool = cfg!(all(target_arch = "wasm32", target_feature = "atomics"));

/// Whether live mode can start here: the threaded build, on an isolated page.
pub fn threads_possible() -> bool {
    THREADED && cross_origin_isolated()
}

/// Whether this page may share memory with workers (COOP/COEP were sent). Without it the
/// browser hides `SharedArrayBuffer` and workers cannot see our memory.
pub fn cross_origin_isolated() -> bool {
    let global = js_sys::global();
    js_sys::Reflect::get(&global, &"crossOriginIsolated".into())
        .ok()
        .and_then(|v| v.as_bool())
        .unwrap_or(false)
}

/// Starts `threads` workers and resolves when they are ready to take tasks.
#[cfg(all(target_arch = "wasm32", target_feature = "atomics"))]
pub async fn init(threads: usize) -> Result<(), String> {
    wasm_bindgen_futures::JsFuture::from(wasm_bindgen_rayon::init_thread_pool(threads))
        .await
        .map(|_| ())
        .map_err(|e| format!("{e:?}"))
}

#[cfg(not(all(target_arch = "wasm32", target_feature = "atomics")))]
pub async fn init(_threads: usize) -> Result<(), String> {
    Err("the worker pool exists only in the threaded build, in the browser".into())
}

/// Runs each task on its own pool worker (`rayon::spawn`). A live run's first M is
/// started from the main thread; every later M is started by an M, on a worker.
pub struct PoolSpawner;

impl Spawner for PoolSpawner {
    fn spawn(&self, _name: String, task: Box<dyn FnOnce() + Send + 'static>) {
        #[cfg(all(target_arch = "wasm32", target_feature = "atomics"))]
        rayon::spawn(task);
        #[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
        {
            drop(task);
            unreachable!("{_name}: Engine::new_live refuses to start without the worker pool");
        }
        #[cfg(not(target_arch = "wasm32"))]
        gmp_live::StdSpawner.spawn(_name, task);
    }
}

/// Hands a batch of tasks to the pool with a single `rayon::spawn` from this thread;
/// the rest are spawned from inside a worker. Rayon's wake-up path may take a lock,
/// and a contended lock would make the main thread wait, which the browser forbids.
pub struct RayonSpawner;

impl RayonSpawner {
    pub fn spawn_all(tasks: Vec<Box<dyn FnOnce() + Send + 'static>>) {
        #[cfg(all(target_arch = "wasm32", target_feature = "atomics"))]
        rayon::spawn(move || {
            for task in tasks {
                rayon::spawn(task);
            }
        });
        #[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
        assert!(tasks.is_empty(), "no worker pool in this build");
        #[cfg(not(target_arch = "wasm32"))]
        for task in tasks {
            gmp_live::StdSpawner.spawn(String::new(), task);
        }
    }
}

/// Collects the tasks a driver starts, so they can be handed to the pool in one go.
#[derive(Default)]
pub struct Collect(pub std::sync::Mutex<Vec<Box<dyn FnOnce() + Send + 'static>>>);

impl Spawner for Collect {
    fn spawn(&self, _name: String, task: Box<dyn FnOnce() + Send + 'static>) {
        self.0.lock().unwrap().push(task);
    }
}
