//! Manual check: a live run changes GOMAXPROCS while 40 CPU-bound goroutines run.
use gmp_core::{workloads, Config, GKind};
use gmp_live::{live::std_clock, Live, LiveOptions, StdSpawner};

fn main() {
    let s = workloads::find("playground").unwrap();
    let p = s.params(&[]).unwrap();
    let live = Live::start(
        s.program(&p).unwrap(),
        Config {
            gomaxprocs: 4,
            ..Config::default()
        },
        LiveOptions {
            scale: 1.0,
            clock: std_clock(),
            max_threads: 64,
        },
        Box::new(StdSpawner),
    )
    .unwrap();
    live.rt.request_spawn(GKind::Cpu, 40).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(300));
    live.rt.request_gomaxprocs(2).unwrap();
    for i in 0..50 {
        std::thread::sleep(std::time::Duration::from_millis(100));
        let snap = live.rt.snapshot();
        println!(
            "{i}: gomaxprocs={} global={} pending={} updater_pending={}",
            snap.gomaxprocs,
            snap.global_len,
            live.rt.pending_gomaxprocs(),
            live.rt.updater_pending()
        );
        if snap.gomaxprocs == 2 {
            break;
        }
    }
    for e in live.rt.events().snapshot().iter().filter(|e| {
        matches!(
            e.kind,
            gmp_core::trace::EvKind::STWBegin { .. }
                | gmp_core::trace::EvKind::STWEnd
                | gmp_core::trace::EvKind::ProcsChange { .. }
        )
    }) {
        println!("{:?}", e);
    }
    match live.rt.updater_g() {
        Some(g) => {
            let g = live.rt.g(g);
            println!("updater status {:?} {:?}", g.status(), g.waitreason());
        }
        None => println!("updater claimed or not started"),
    }
    live.stop();
}
