//! The worker pool: Web Workers from wasm-bindgen-rayon over the shared
//! `WebAssembly.Memory`. Each M of a live run is one long task on one worker.

use gmp_live::Spawner;

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
#[cfg(target_arch = "wasm32")]
pub async fn init(threads: usize) -> Result<(), String> {
    wasm_bindgen_futures::JsFuture::from(wasm_bindgen_rayon::init_thread_pool(threads))
        .await
        .map(|_| ())
        .map_err(|e| format!("{e:?}"))
}

#[cfg(not(target_arch = "wasm32"))]
pub async fn init(_threads: usize) -> Result<(), String> {
    Err("the worker pool exists only in the browser".into())
}

/// Runs each task on its own pool worker (`rayon::spawn`). A live run's first M is
/// started from the main thread; every later M is started by an M, on a worker.
pub struct PoolSpawner;

impl Spawner for PoolSpawner {
    fn spawn(&self, _name: String, task: Box<dyn FnOnce() + Send + 'static>) {
        #[cfg(target_arch = "wasm32")]
        rayon::spawn(task);
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
        #[cfg(target_arch = "wasm32")]
        rayon::spawn(move || {
            for task in tasks {
                rayon::spawn(task);
            }
        });
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
