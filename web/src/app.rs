//! The first page: start one worker per M, show the figures they advance.

use std::sync::Arc;

use gloo_timers::callback::Interval;
use gmp_live::Heartbeat;
use yew::prelude::*;

use crate::pool::{self, Collect, RayonSpawner};

/// How many Ms (worker threads) the page starts.
const MS: usize = 2;

#[derive(Clone, PartialEq)]
enum Phase {
    Starting,
    /// Workers run; per-M loop counts as last read.
    Live(Vec<u64>),
    /// No cross-origin isolation: no shared memory with workers.
    NotIsolated,
    Failed(String),
}

#[function_component(App)]
pub fn app() -> Html {
    let phase = use_state(|| {
        if pool::cross_origin_isolated() {
            Phase::Starting
        } else {
            Phase::NotIsolated
        }
    });

    {
        let phase = phase.clone();
        use_effect_with((), move |_| {
            let mut ticker: Option<Interval> = None;
            if *phase == Phase::Starting {
                let hb = Heartbeat::new(MS);
                let hb_read = Arc::clone(&hb);
                let failed = std::rc::Rc::new(std::cell::Cell::new(false));
                let (on_fail, failed_read) = (phase.clone(), failed.clone());
                wasm_bindgen_futures::spawn_local(async move {
                    match pool::init(MS).await {
                        Ok(()) => {
                            let collect = Collect::default();
                            hb.start(&collect);
                            RayonSpawner::spawn_all(collect.0.into_inner().unwrap());
                        }
                        Err(e) => {
                            failed.set(true);
                            on_fail.set(Phase::Failed(e));
                        }
                    }
                });
                let phase = phase.clone();
                ticker = Some(Interval::new(200, move || {
                    // Only atomic loads: never blocks the main thread.
                    let counts: Vec<u64> = hb_read
                        .loops
                        .iter()
                        .map(|c| c.load(std::sync::atomic::Ordering::Relaxed))
                        .collect();
                    if !failed_read.get() {
                        phase.set(Phase::Live(counts));
                    }
                }));
            }
            move || drop(ticker)
        });
    }

    html! {
        <main class="page">
            <header>
                <h1>{ "GMP Explorer" }</h1>
                <p class="lede">{ "Go's goroutine scheduler: Gs (goroutines) run on Ms (threads) that hold Ps (processors)." }</p>
            </header>
            { status_view(&phase) }
        </main>
    }
}

fn status_view(phase: &Phase) -> Html {
    match phase {
        Phase::Starting => html! {
            <p id="status" data-state="starting" role="status">{ "Starting worker threads…" }</p>
        },
        Phase::NotIsolated => html! {
            <div id="status" data-state="not-isolated" class="notice" role="status">
                <p>{ "This page is not cross-origin isolated, so the browser withholds SharedArrayBuffer and real worker threads cannot share the scheduler's memory. The explorer runs its deterministic driver here instead." }</p>
                <p><a href="" target="_blank" rel="noopener">{ "Open live mode in a new tab" }</a></p>
            </div>
        },
        Phase::Failed(e) => html! {
            <p id="status" data-state="failed" class="notice" role="alert">{ format!("The worker threads could not start: {e}") }</p>
        },
        Phase::Live(counts) => html! {
            <section id="status" data-state="live" aria-label="Live threads">
                <p>{ format!("{} Ms running on Web Workers over shared memory.", counts.len()) }</p>
                <ul class="ms">
                    { for counts.iter().enumerate().map(|(i, n)| html! {
                        <li><span class="m">{ format!("M{i}") }</span>
                            { " loops: " }<output data-m={i.to_string()} class="count">{ n }</output></li>
                    }) }
                </ul>
            </section>
        },
    }
}
