//! # Channels, mutexes and WaitGroups (`chan.go`, `sema.go`, `sync`)
//!
//! Just enough of each to show how they meet the scheduler: a G that cannot proceed
//! parks (`gopark`, status `_Gwaiting` with Go's wait reason) on the object's queue, and
//! the G that unblocks it calls `goready`, which puts it in the **waker's runnext** and
//! calls `wakep` (GMP-REFERENCE §7, §17.2).
//!
//! - Unbuffered send/receive hand the value straight to a parked partner, as
//!   `chan.go:send`/`recv` do; a buffered channel queues up to `cap` values.
//! - `sync.Mutex` here hands the lock directly to the first waiter on `Unlock` (Go's
//!   starvation mode); Go's normal mode lets the woken waiter compete, which only
//!   changes timing.
//! - `sync.WaitGroup.Done` that brings the counter to zero readies every waiter.
//!
//! The park protocol: the G is queued on the object *and* switched to `_Gwaiting` while
//! the object's lock is held (Go's `gopark` unlock function), so no waker can ready a G
//! that is still running.

use crate::sync::SpinLock;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicI64, Ordering};

use crate::g::{GIdx, WaitReason};
use crate::program::ObjDecl;

pub enum Obj {
    Chan(SpinLock<Chan>),
    Mutex(SpinLock<SyncMutex>),
    WaitGroup(WaitGroup),
}

#[derive(Default)]
pub struct Chan {
    pub cap: usize,
    pub buf: VecDeque<i64>,
    pub closed: bool,
    pub recvq: VecDeque<GIdx>,
    pub sendq: VecDeque<(GIdx, i64)>,
}

#[derive(Default)]
pub struct SyncMutex {
    pub locked: bool,
    pub waiters: VecDeque<GIdx>,
}

/// Like `sync.WaitGroup`, the counter is an atomic: `Add`/`Done` never take a lock
/// unless they bring it to zero with waiters to wake.
#[derive(Default)]
pub struct WaitGroup {
    pub counter: AtomicI64,
    pub waiters: SpinLock<Vec<GIdx>>,
}

/// What an operation did.
#[derive(Debug, PartialEq)]
pub enum Outcome {
    /// Done; these Gs (with the value each receives, if any) must be readied.
    Done {
        ready: Vec<(GIdx, Option<i64>)>,
        value: Option<i64>,
    },
    /// The G was queued and parked with this reason.
    Parked(WaitReason),
    /// A Go panic (`send on closed channel`, `negative WaitGroup counter`, ...).
    Panic(&'static str),
}

fn done() -> Outcome {
    Outcome::Done {
        ready: vec![],
        value: None,
    }
}

pub struct Objects {
    pub objs: Vec<Obj>,
    rmw: crate::sync::Rmw,
}

impl Objects {
    pub fn new(decls: &[ObjDecl], gomaxprocs: usize, rmw: crate::sync::Rmw) -> Objects {
        Objects {
            rmw,
            objs: decls
                .iter()
                .map(|d| match d {
                    ObjDecl::Chan { cap } => Obj::Chan(SpinLock::new(Chan {
                        cap: if *cap == crate::program::CAP_GOMAXPROCS {
                            gomaxprocs
                        } else {
                            *cap
                        },
                        ..Chan::default()
                    })),
                    ObjDecl::Mutex => Obj::Mutex(SpinLock::new(SyncMutex::default())),
                    ObjDecl::WaitGroup => Obj::WaitGroup(WaitGroup::default()),
                })
                .collect(),
        }
    }

    fn chan(&self, id: u32) -> &SpinLock<Chan> {
        match &self.objs[id as usize] {
            Obj::Chan(c) => c,
            _ => panic!("object {id} is not a channel"),
        }
    }

    /// `chansend`. `park` runs under the channel lock after `g` is queued.
    pub fn send(&self, id: u32, g: GIdx, v: i64, park: impl FnOnce(WaitReason)) -> Outcome {
        let mut c = self.chan(id).lock();
        if c.closed {
            return Outcome::Panic("send on closed channel");
        }
        if let Some(r) = c.recvq.pop_front() {
            return Outcome::Done {
                ready: vec![(r, Some(v))],
                value: None,
            };
        }
        if c.buf.len() < c.cap {
            c.buf.push_back(v);
            return done();
        }
        c.sendq.push_back((g, v));
        park(WaitReason::ChanSend);
        Outcome::Parked(WaitReason::ChanSend)
    }

    /// `chanrecv`.
    pub fn recv(&self, id: u32, g: GIdx, park: impl FnOnce(WaitReason)) -> Outcome {
        let mut c = self.chan(id).lock();
        if let Some((s, v)) = c.sendq.pop_front() {
            let got = if c.cap == 0 {
                v
            } else {
                // Take the head of the buffer; the sender's value goes to its tail.
                let head = c.buf.pop_front().expect("full buffer");
                c.buf.push_back(v);
                head
            };
            return Outcome::Done {
                ready: vec![(s, None)],
                value: Some(got),
            };
        }
        if let Some(v) = c.buf.pop_front() {
            return Outcome::Done {
                ready: vec![],
                value: Some(v),
            };
        }
        if c.closed {
            return Outcome::Done {
                ready: vec![],
                value: Some(0),
            };
        }
        c.recvq.push_back(g);
        park(WaitReason::ChanReceive);
        Outcome::Parked(WaitReason::ChanReceive)
    }

    /// `closechan`: readies every waiting receiver (zero value), last parked first;
    /// waiting senders panic in Go, which this model reports as a panic of the closer.
    pub fn close(&self, id: u32) -> Outcome {
        let mut c = self.chan(id).lock();
        if c.closed {
            return Outcome::Panic("close of closed channel");
        }
        c.closed = true;
        if !c.sendq.is_empty() {
            return Outcome::Panic("send on closed channel");
        }
        // `chan.go: closechan` pushes each dequeued receiver onto a `gList` and, once the
        // lock is dropped, readies them with `glist.pop()`: a stack, so the last receiver
        // to park is readied first. Each `goready` takes the closer's runnext and kicks
        // the previous one to the ring, so on one P they run as R1, then Rn ... R2.
        let ready = c.recvq.drain(..).rev().map(|g| (g, Some(0))).collect();
        Outcome::Done { ready, value: None }
    }

    pub fn lock(&self, id: u32, g: GIdx, park: impl FnOnce(WaitReason)) -> Outcome {
        let Obj::Mutex(m) = &self.objs[id as usize] else {
            panic!("object {id} is not a mutex")
        };
        let mut m = m.lock();
        if !m.locked {
            m.locked = true;
            return done();
        }
        m.waiters.push_back(g);
        park(WaitReason::SyncMutexLock);
        Outcome::Parked(WaitReason::SyncMutexLock)
    }

    pub fn unlock(&self, id: u32) -> Outcome {
        let Obj::Mutex(m) = &self.objs[id as usize] else {
            panic!("object {id} is not a mutex")
        };
        let mut m = m.lock();
        if !m.locked {
            return Outcome::Panic("sync: unlock of unlocked mutex");
        }
        match m.waiters.pop_front() {
            // Hand-off: the waiter now owns the lock.
            Some(w) => Outcome::Done {
                ready: vec![(w, None)],
                value: None,
            },
            None => {
                m.locked = false;
                done()
            }
        }
    }

    fn wg(&self, id: u32) -> &WaitGroup {
        match &self.objs[id as usize] {
            Obj::WaitGroup(w) => w,
            _ => panic!("object {id} is not a WaitGroup"),
        }
    }

    pub fn wg_add(&self, id: u32, n: i64) -> Outcome {
        let w = self.wg(id);
        let v = self.rmw.add(&w.counter, n);
        if v < 0 {
            return Outcome::Panic("sync: negative WaitGroup counter");
        }
        if v > 0 || n > 0 {
            return done();
        }
        // Zero: wake the waiters. A Wait that saw a non-zero counter queued itself under
        // the lock before we take it, so we see it; a later Wait sees zero.
        let ready = w.waiters.lock().drain(..).map(|g| (g, None)).collect();
        Outcome::Done { ready, value: None }
    }

    pub fn wg_wait(&self, id: u32, g: GIdx, park: impl FnOnce(WaitReason)) -> Outcome {
        let w = self.wg(id);
        if w.counter.load(Ordering::Acquire) == 0 {
            return done();
        }
        let mut waiters = w.waiters.lock();
        if w.counter.load(Ordering::Acquire) == 0 {
            return done();
        }
        waiters.push(g);
        park(WaitReason::SyncWaitGroupWait);
        Outcome::Parked(WaitReason::SyncWaitGroupWait)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn objs() -> Objects {
        Objects::new(
            &[
                ObjDecl::Chan { cap: 0 },
                ObjDecl::Chan { cap: 1 },
                ObjDecl::WaitGroup,
            ],
            1,
            crate::sync::Rmw::Atomic,
        )
    }

    #[test]
    fn unbuffered_send_parks_until_a_receiver_takes_the_value() {
        let o = objs();
        let mut parked = None;
        assert_eq!(
            o.send(0, GIdx(5), 42, |r| parked = Some(r)),
            Outcome::Parked(WaitReason::ChanSend)
        );
        assert_eq!(parked, Some(WaitReason::ChanSend));
        assert_eq!(
            o.recv(0, GIdx(6), |_| panic!("must not park")),
            Outcome::Done {
                ready: vec![(GIdx(5), None)],
                value: Some(42)
            }
        );
    }

    #[test]
    fn buffered_channel_queues_up_to_cap() {
        let o = objs();
        assert!(matches!(
            o.send(1, GIdx(5), 1, |_| {}),
            Outcome::Done { .. }
        ));
        assert!(matches!(o.send(1, GIdx(5), 2, |_| {}), Outcome::Parked(_)));
        assert_eq!(
            o.recv(1, GIdx(6), |_| {}),
            Outcome::Done {
                ready: vec![(GIdx(5), None)],
                value: Some(1)
            }
        );
        assert_eq!(
            o.recv(1, GIdx(6), |_| {}),
            Outcome::Done {
                ready: vec![],
                value: Some(2)
            }
        );
    }

    #[test]
    fn waitgroup_zero_readies_all_waiters() {
        let o = objs();
        o.wg_add(2, 1);
        assert!(matches!(o.wg_wait(2, GIdx(1), |_| {}), Outcome::Parked(_)));
        assert_eq!(
            o.wg_add(2, -1),
            Outcome::Done {
                ready: vec![(GIdx(1), None)],
                value: None
            }
        );
        assert_eq!(
            o.wg_add(2, -1),
            Outcome::Panic("sync: negative WaitGroup counter")
        );
    }
}
