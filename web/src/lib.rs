//! GMP Explorer's page: a thin Yew shell over gmp-core and gmp-live.
//!
//! Threading rule: the browser main thread never blocks. It starts the worker pool, hands
//! the Ms their loops, and then only *reads* shared atomics on a timer.

pub mod app;
pub mod caption;
pub mod clock;
pub mod compiler;
pub mod components;
pub mod confirm;
pub mod embed;
pub mod engine;
pub mod i18n;
pub mod lessons;
pub mod pool;
pub mod quiz;
pub mod recording;
pub mod runner;
pub mod state;
pub mod strings;
pub mod ui;
pub mod url;

/// Mounts the app in place of the boot notice.
pub fn start() {
    console_error_panic_hook::set_once();
    if let Some(boot) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("boot"))
    {
        boot.remove();
    }
    yew::Renderer::<app::App>::new().render();
}
