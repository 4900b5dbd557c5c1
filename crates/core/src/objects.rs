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
use std::sync::Arc;

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
    pub recvq: VecDeque<Waiter>,
    pub sendq: VecDeque<(Waiter, i64)>,
}

/// A G queued on a channel (Go's `sudog`): alone, or as one case of a `select`.
#[derive(Clone, Debug, PartialEq)]
pub struct Waiter {
    pub g: GIdx,
    /// The select this wait belongs to, and which of its cases it is.
    pub sel: Option<(Arc<SelState>, usize)>,
}

impl Waiter {
    pub fn plain(g: GIdx) -> Waiter {
        Waiter { g, sel: None }
    }
    /// May this waiter be woken? A select's cases race: the first partner to claim
    /// one wins the select (Go's `selectDone` CAS), the others are stale.
    fn claim(&self) -> bool {
        match &self.sel {
            None => true,
            Some((s, i)) => {
                let won = s
                    .done
                    .compare_exchange(false, true, Ordering::AcqRel, Ordering::Acquire)
                    .is_ok();
                if won {
                    s.fired.store(*i, Ordering::Release);
                }
                won
            }
        }
    }
}

/// One parked `select`: which case fired.
#[derive(Debug, Default)]
pub struct SelState {
    pub done: std::sync::atomic::AtomicBool,
    pub fired: std::sync::atomic::AtomicUsize,
}

impl PartialEq for SelState {
    fn eq(&self, o: &SelState) -> bool {
        std::ptr::eq(self, o)
    }
}

/// The first waiter of a queue that can still be woken (stale select cases dropped).
fn pop_claimed<T>(q: &mut VecDeque<T>, w: impl Fn(&T) -> &Waiter) -> Option<T> {
    while let Some(x) = q.pop_front() {
        if w(&x).claim() {
            return Some(x);
        }
    }
    None
}

/// What a `select` did.
#[derive(Debug, PartialEq)]
pub enum SelOutcome {
    /// Case `fired` (== the number of cases: the default case) went through.
    Done {
        fired: usize,
        ready: Vec<(GIdx, Option<i64>)>,
        value: Option<i64>,
    },
    /// Queued on every case's channel and parked.
    Parked(Arc<SelState>),
    Panic(&'static str),
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

/// A receive that can proceed at once (`chanrecv`'s fast paths): from a waiting
/// sender, from the buffer, or from a closed channel.
fn recv_ready(c: &mut Chan) -> Option<Outcome> {
    if let Some((s, v)) = pop_claimed(&mut c.sendq, |(w, _)| w) {
        let got = if c.cap == 0 {
            v
        } else {
            // Take the head of the buffer; the sender's value goes to its tail.
            let head = c.buf.pop_front().expect("full buffer");
            c.buf.push_back(v);
            head
        };
        return Some(Outcome::Done {
            ready: vec![(s.g, None)],
            value: Some(got),
        });
    }
    if let Some(v) = c.buf.pop_front() {
        return Some(Outcome::Done {
            ready: vec![],
            value: Some(v),
        });
    }
    if c.closed {
        return Some(Outcome::Done {
            ready: vec![],
            value: Some(CLOSED),
        });
    }
    None
}

fn done() -> Outcome {
    Outcome::Done {
        ready: vec![],
        value: None,
    }
}

pub struct Objects {
    /// Declared up front by a built-in program, or made at run time by a front end's
    /// code (`make(chan T)`, the first use of a `sync.Mutex`): never freed.
    pub objs: crate::arena::AppendVec<Obj>,
    rmw: crate::sync::Rmw,
}

/// The token a receive from a closed, drained channel delivers (Go's zero value with
/// `ok == false`).
pub const CLOSED: i64 = i64::MIN;

impl Objects {
    pub fn new(decls: &[ObjDecl], gomaxprocs: usize, rmw: crate::sync::Rmw) -> Objects {
        let objs = crate::arena::AppendVec::default();
        for o in decls.iter().map(|d| match d {
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
        }) {
            objs.push(o);
        }
        Objects { rmw, objs }
    }

    fn obj(&self, id: u32) -> &Obj {
        self.objs.get(id as usize).expect("unknown object")
    }

    /// `makechan`.
    pub fn new_chan(&self, cap: usize) -> u32 {
        self.objs.push(Obj::Chan(SpinLock::new(Chan {
            cap,
            ..Chan::default()
        }))) as u32
    }
    pub fn new_mutex(&self) -> u32 {
        self.objs
            .push(Obj::Mutex(SpinLock::new(SyncMutex::default()))) as u32
    }
    pub fn new_waitgroup(&self) -> u32 {
        self.objs.push(Obj::WaitGroup(WaitGroup::default())) as u32
    }
    /// `len(ch)`, `cap(ch)`.
    pub fn chan_len(&self, id: u32) -> (usize, usize) {
        let c = self.chan(id).lock();
        (c.buf.len(), c.cap)
    }

    fn chan(&self, id: u32) -> &SpinLock<Chan> {
        match self.obj(id) {
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
        if let Some(r) = pop_claimed(&mut c.recvq, |w| w) {
            return Outcome::Done {
                ready: vec![(r.g, Some(v))],
                value: None,
            };
        }
        if c.buf.len() < c.cap {
            c.buf.push_back(v);
            return done();
        }
        c.sendq.push_back((Waiter::plain(g), v));
        park(WaitReason::ChanSend);
        Outcome::Parked(WaitReason::ChanSend)
    }

    /// `chanrecv`.
    pub fn recv(&self, id: u32, g: GIdx, park: impl FnOnce(WaitReason)) -> Outcome {
        let mut c = self.chan(id).lock();
        if let Some(out) = recv_ready(&mut c) {
            return out;
        }
        c.recvq.push_back(Waiter::plain(g));
        park(WaitReason::ChanReceive);
        Outcome::Parked(WaitReason::ChanReceive)
    }

    /// `closechan`: readies every waiting receiver (zero value); waiting senders panic
    /// in Go, which this model reports as a panic of the closer.
    pub fn close(&self, id: u32) -> Outcome {
        let mut c = self.chan(id).lock();
        if c.closed {
            return Outcome::Panic("close of closed channel");
        }
        c.closed = true;
        if !c.sendq.is_empty() {
            return Outcome::Panic("send on closed channel");
        }
        let ready = std::iter::from_fn(|| pop_claimed(&mut c.recvq, |w| w))
            .map(|w| (w.g, Some(CLOSED)))
            .collect();
        Outcome::Done { ready, value: None }
    }

    /// `selectgo`: lock every case's channel in id order (`lockorder`), poll the cases
    /// in a random order (`pollorder`, from `rand`), take the first that can proceed;
    /// with none ready, return the default case if there is one (`block` false), else
    /// queue a waiter on every channel and park (`waitReasonSelect`). A case that fires
    /// later wins the select for its G; the other queued cases are dropped as stale.
    pub fn select(
        &self,
        cases: &[(u32, Option<i64>)],
        g: GIdx,
        block: bool,
        mut rand: impl FnMut(u32) -> u32,
        park: impl FnOnce(WaitReason),
    ) -> SelOutcome {
        let n = cases.len();
        let mut poll: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            poll.swap(i, rand(i as u32 + 1) as usize);
        }
        let mut order: Vec<u32> = cases.iter().map(|c| c.0).collect();
        order.sort_unstable();
        order.dedup();
        let mut locks: Vec<(u32, crate::sync::SpinGuard<'_, Chan>)> =
            order.iter().map(|&id| (id, self.chan(id).lock())).collect();
        let chan_of = |id: u32| -> usize { locks.iter().position(|(i, _)| *i == id).unwrap() };
        let idx: Vec<usize> = cases.iter().map(|c| chan_of(c.0)).collect();
        for &i in &poll {
            let c = &mut locks[idx[i]].1;
            match cases[i].1 {
                Some(v) => {
                    if c.closed {
                        return SelOutcome::Panic("send on closed channel");
                    }
                    if let Some(r) = pop_claimed(&mut c.recvq, |w| w) {
                        return SelOutcome::Done {
                            fired: i,
                            ready: vec![(r.g, Some(v))],
                            value: None,
                        };
                    }
                    if c.buf.len() < c.cap {
                        c.buf.push_back(v);
                        return SelOutcome::Done {
                            fired: i,
                            ready: vec![],
                            value: None,
                        };
                    }
                }
                None => {
                    if let Some(Outcome::Done { ready, value }) = recv_ready(c) {
                        return SelOutcome::Done {
                            fired: i,
                            ready,
                            value,
                        };
                    }
                }
            }
        }
        if !block {
            return SelOutcome::Done {
                fired: n,
                ready: vec![],
                value: None,
            };
        }
        let st = Arc::new(SelState::default());
        for (i, case) in cases.iter().enumerate() {
            let w = Waiter {
                g,
                sel: Some((st.clone(), i)),
            };
            let c = &mut locks[idx[i]].1;
            match case.1 {
                Some(v) => c.sendq.push_back((w, v)),
                None => c.recvq.push_back(w),
            }
        }
        park(WaitReason::Select);
        drop(locks);
        SelOutcome::Parked(st)
    }

    pub fn lock(&self, id: u32, g: GIdx, park: impl FnOnce(WaitReason)) -> Outcome {
        let Obj::Mutex(m) = self.obj(id) else {
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
        let Obj::Mutex(m) = self.obj(id) else {
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
        match self.obj(id) {
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
