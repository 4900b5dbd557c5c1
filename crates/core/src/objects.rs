//! # Channels, mutexes and WaitGroups (`chan.go`, `sema.go`, `sync`)
//!
//! Just enough of each to show how they meet the scheduler: a G that cannot proceed
//! parks (`gopark`, status `_Gwaiting` with Go's wait reason) on the object's queue, and
//! the G that unblocks it calls `goready`, which puts it in the **waker's runnext** and
//! calls `wakep` (`proc.go: ready`).
//!
//! - Unbuffered send/receive hand the value straight to a parked partner, as
//!   `chan.go:send`/`recv` do; a buffered channel queues up to `cap` values.
//! - `sync.Mutex` follows `internal/sync/mutex.go`: in normal mode `Unlock` wakes the
//!   first waiter (into the unlocker's runnext) to *compete*: the unlocker, or any G
//!   arriving, may take the lock first, and a waiter that loses goes back to the front
//!   of the queue. A locker spins a few times (`runtime_canSpin`) while the holder runs
//!   on another P. A waiter that waited over 1 ms switches the mutex to starvation
//!   mode, where `Unlock` hands the lock straight to the first waiter and yields its P
//!   to it (`semrelease1` with `handoff`, `goyield`). Unlocking an unlocked mutex is a
//!   fatal error.
//! - `close(ch)` readies the parked receivers last-parked first (`closechan`).
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
    Cond(SpinLock<CondVar>),
    RWMutex(SpinLock<RwMutex>),
    Once(SpinLock<OnceObj>),
    Timer(SpinLock<TimerObj>),
}

/// A runtime timer (`runtime/time.go: timer`) made by `time.NewTimer`, `AfterFunc`,
/// `NewTicker`: not a goroutine, an entry in some P's timer heap while it is due and
/// something will observe it. A channel timer is in a heap only while a goroutine is
/// blocked on its channel (`needsAdd`: `!t.isChan || t.blocked > 0`); otherwise a
/// receive runs it when it finds it due (`maybeRunChan`).
pub struct TimerObj {
    pub kind: crate::code::TimerKind,
    /// When it fires next (ns on the program's clock); 0 when not pending.
    pub when: i64,
    pub period: i64,
    /// Goroutines blocked on its channel (`t.blocked`).
    pub blocked: u32,
    /// The P whose heap holds it (`t.ts`; `timerHeaped`), and how many entries for it
    /// that heap holds (at most one is live: see [`crate::timers::Entry`]).
    pub home: Option<u32>,
    pub entries: u32,
    /// The generation of its live entry.
    pub gen: u32,
    /// `timerZombie`: in a heap but not to run (stopped, or nobody blocked any more).
    pub zombie: bool,
}

impl TimerObj {
    /// `timer.needsAdd`.
    pub fn needs_add(&self) -> bool {
        self.home.is_none()
            && self.when > 0
            && (!matches!(self.kind, crate::code::TimerKind::Chan(_)) || self.blocked > 0)
    }
    pub fn chan(&self) -> Option<u32> {
        match self.kind {
            crate::code::TimerKind::Chan(c) => Some(c),
            crate::code::TimerKind::Func(_) => None,
        }
    }
}

/// `sync.Once` (`sync/once.go`): `done` and the mutex `m` that later callers wait on
/// while the first runs `f`.
#[derive(Clone, Default)]
pub struct OnceObj {
    pub done: bool,
    pub m: SyncMutex,
}

/// `sync.Cond`: its `L` (a mutex object) and its `notifyList` (`sema.go`): tickets
/// `wait` (next to hand out) and `notify` (next to wake), and the parked waiters in the
/// order they called `notifyListWait`.
#[derive(Clone, Default)]
pub struct CondVar {
    pub mutex: u32,
    pub wait: u64,
    pub notify: u64,
    pub waiters: VecDeque<(GIdx, u64)>,
    /// Gs inside `Wait` that have been woken (or were notified before they parked) and
    /// now relock `L`.
    relock: Vec<GIdx>,
}

/// `rwmutexMaxReaders`.
pub const RWMUTEX_MAX_READERS: i64 = 1 << 30;

/// `sync.RWMutex` (`sync/rwmutex.go`): the writers' mutex `w`, `readerCount` (minus
/// `rwmutexMaxReaders` while a writer holds or waits), `readerWait` (readers the
/// pending writer still waits for), and the two semaphores' queues.
#[derive(Clone, Default)]
pub struct RwMutex {
    pub w: SyncMutex,
    pub reader_count: i64,
    pub reader_wait: i64,
    /// Readers parked in `RLock` (`readerSem`), and those released by `Unlock`.
    pub reader_sem: VecDeque<GIdx>,
    readers_released: Vec<GIdx>,
    /// The writer parked until the last reader leaves (`writerSem`), and the one the
    /// last reader released.
    pub writer_sem: Option<GIdx>,
    writer_released: Option<GIdx>,
}

/// What one turn of `RLock` did.
#[derive(Debug, PartialEq, Eq)]
pub enum RLockStep {
    Acquired,
    Parked,
}

#[derive(Clone, Default)]
pub struct Chan {
    pub cap: usize,
    pub buf: VecDeque<i64>,
    pub closed: bool,
    pub recvq: VecDeque<Waiter>,
    pub sendq: VecDeque<(Waiter, i64)>,
    /// The runtime timer feeding it (`c.timer`), for a timer's channel.
    pub timer: Option<u32>,
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

/// `internal/sync/mutex.go: Mutex`: the bits of its `state` word and its semaphore's
/// wait queue (`sema.go: semaRoot`). The waiter count (`state >> mutexWaiterShift`) is
/// `waiters.len()`: here a G counts itself and parks in one step under the object lock.
#[derive(Clone, Default)]
pub struct SyncMutex {
    /// `mutexLocked`.
    pub locked: bool,
    /// `mutexWoken`: a woken waiter (or a spinning locker) is on its way, so `Unlock`
    /// wakes nobody else.
    pub woken: bool,
    /// `mutexStarving`: `Unlock` hands the lock straight to the first waiter.
    pub starving: bool,
    /// The semaphore's queue: new waiters at the back, woken ones that lost at the front
    /// (`semacquire1(lifo)`).
    pub waiters: VecDeque<GIdx>,
    /// The waiter a starving `Unlock` handed the lock to (`semrelease1`: `s.ticket = 1`).
    pub handoff: Option<GIdx>,
    /// `lockSlow`'s locals of each G inside it.
    slow: Vec<(GIdx, LockSlow)>,
}

/// `lockSlow`'s locals: `waitStartTime`, `starving`, `awoke`, `iter`, and whether the G
/// is coming back from `runtime_SemacquireMutex`.
#[derive(Clone, Copy, Default, Debug)]
struct LockSlow {
    wait_start: i64,
    starving: bool,
    awoke: bool,
    iter: u32,
    from_sema: bool,
}

/// `starvationThresholdNs`: a waiter that waited longer switches the mutex to starvation
/// mode.
pub const MUTEX_STARVATION_NS: i64 = 1_000_000;

/// What one turn of `Lock` did.
#[derive(Debug, PartialEq, Eq)]
pub enum LockStep {
    /// The G holds the mutex.
    Acquired,
    /// `runtime_doSpin`: spin, then try again.
    Spin,
    /// Queued on the semaphore and parked; on waking it runs `Lock` again.
    Parked,
}

/// What `Unlock` did.
#[derive(Debug, PartialEq, Eq)]
pub enum UnlockStep {
    /// `fatal("sync: unlock of unlocked mutex")`.
    Unlocked,
    Done,
    /// Normal mode: this waiter was woken to compete for the lock.
    Wake(GIdx),
    /// Starvation mode: the lock was handed to this waiter; the unlocker yields.
    Handoff(GIdx),
}

impl SyncMutex {
    /// Whether `g` is inside `lockSlow` on this mutex (spinning or queued).
    pub fn is_waiting(&self, g: GIdx) -> bool {
        self.slow.iter().any(|(w, _)| *w == g)
    }

    /// One turn of `sync.Mutex.Lock` for `g` at `now` (`internal/sync/mutex.go: Lock`,
    /// `lockSlow`). `can_spin(iter)` is `runtime_canSpin`; `park` runs under the lock
    /// after `g` is queued. A G that gets `Spin` or `Parked` calls this again when it
    /// next runs, as `lockSlow` loops.
    pub fn lock_turn(
        &mut self,
        g: GIdx,
        now: i64,
        can_spin: impl Fn(u32) -> bool,
        park: impl FnOnce(WaitReason),
    ) -> LockStep {
        let mut st = match self.slow.iter().position(|(w, _)| *w == g) {
            Some(i) => self.slow.swap_remove(i).1,
            None => {
                // Fast path: `CompareAndSwapInt32(&m.state, 0, mutexLocked)`.
                if !self.locked && !self.woken && !self.starving && self.waiters.is_empty() {
                    self.locked = true;
                    return LockStep::Acquired;
                }
                LockSlow::default()
            }
        };
        if st.from_sema {
            // Back from `runtime_SemacquireMutex`.
            st.from_sema = false;
            st.starving = st.starving || now - st.wait_start > MUTEX_STARVATION_NS;
            if self.starving {
                // The lock was handed to us; leave starvation mode if we are the last
                // waiter or did not wait long.
                assert_eq!(self.handoff, Some(g), "sync: inconsistent mutex state");
                self.handoff = None;
                self.locked = true;
                if !st.starving || self.waiters.is_empty() {
                    self.starving = false;
                }
                return LockStep::Acquired;
            }
            st.awoke = true;
            st.iter = 0;
        }
        // Spin while another G holds the lock in normal mode, and say that we are coming
        // (`mutexWoken`) so Unlock wakes nobody.
        if self.locked && !self.starving && can_spin(st.iter) {
            if !st.awoke && !self.woken && !self.waiters.is_empty() {
                self.woken = true;
                st.awoke = true;
            }
            st.iter += 1;
            self.slow.push((g, st));
            return LockStep::Spin;
        }
        if st.awoke {
            assert!(self.woken, "sync: inconsistent mutex state");
            self.woken = false;
        }
        if !self.locked && !self.starving {
            self.locked = true;
            return LockStep::Acquired;
        }
        // Queue on the semaphore: at the front if we waited before.
        if st.starving && self.locked {
            self.starving = true;
        }
        if st.wait_start == 0 {
            st.wait_start = now.max(1);
            self.waiters.push_back(g);
        } else {
            self.waiters.push_front(g);
        }
        st.from_sema = true;
        self.slow.push((g, st));
        park(WaitReason::SyncMutexLock);
        LockStep::Parked
    }

    /// `sync.Mutex.Unlock` (`internal/sync/mutex.go: Unlock`, `unlockSlow`).
    pub fn unlock_turn(&mut self) -> UnlockStep {
        if !self.locked {
            return UnlockStep::Unlocked;
        }
        self.locked = false;
        if !self.starving {
            // Normal mode: wake one waiter to compete, unless one is already woken.
            if self.waiters.is_empty() || self.woken {
                return UnlockStep::Done;
            }
            self.woken = true;
            let w = self.waiters.pop_front().expect("waiters");
            return UnlockStep::Wake(w);
        }
        // Starvation mode: `runtime_Semrelease(&m.sema, true, 2)` hands it over.
        let w = self
            .waiters
            .pop_front()
            .expect("sync: inconsistent mutex state");
        self.handoff = Some(w);
        UnlockStep::Handoff(w)
    }
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

impl SelState {
    /// The copy of a parked select's state: one per select, shared by its G and the
    /// channels' waiters as the original is.
    pub fn fork(a: &Arc<SelState>, f: &mut crate::fork::Forker) -> Arc<SelState> {
        use crate::fork::ForkAtomic;
        f.arc(a, |_, s| SelState {
            done: s.done.fork(),
            fired: s.fired.fork(),
        })
    }
}

impl Waiter {
    fn fork(&self, f: &mut crate::fork::Forker) -> Waiter {
        Waiter {
            g: self.g,
            sel: self.sel.as_ref().map(|(s, i)| (SelState::fork(s, f), *i)),
        }
    }
}

impl Objects {
    /// A copy of every object for a checkpoint (see [`crate::fork`]).
    pub fn fork(&self, f: &mut crate::fork::Forker) -> Objects {
        use crate::fork::{fork_spin, ForkAtomic};
        Objects {
            objs: self.objs.fork_with(|o| match o {
                Obj::Chan(c) => {
                    let c = c.lock();
                    Obj::Chan(SpinLock::new(Chan {
                        cap: c.cap,
                        buf: c.buf.clone(),
                        closed: c.closed,
                        recvq: c.recvq.iter().map(|w| w.fork(f)).collect(),
                        sendq: c.sendq.iter().map(|(w, v)| (w.fork(f), *v)).collect(),
                        timer: c.timer,
                    }))
                }
                Obj::Timer(t) => {
                    let t = t.lock();
                    Obj::Timer(SpinLock::new(TimerObj {
                        kind: match &t.kind {
                            crate::code::TimerKind::Chan(c) => crate::code::TimerKind::Chan(*c),
                            crate::code::TimerKind::Func(g) => {
                                crate::code::TimerKind::Func(g.fork(f))
                            }
                        },
                        when: t.when,
                        period: t.period,
                        blocked: t.blocked,
                        home: t.home,
                        entries: t.entries,
                        gen: t.gen,
                        zombie: t.zombie,
                    }))
                }
                Obj::Mutex(m) => Obj::Mutex(fork_spin(m)),
                Obj::WaitGroup(w) => Obj::WaitGroup(WaitGroup {
                    counter: w.counter.fork(),
                    waiters: fork_spin(&w.waiters),
                }),
                Obj::Cond(c) => Obj::Cond(fork_spin(c)),
                Obj::RWMutex(m) => Obj::RWMutex(fork_spin(m)),
                Obj::Once(o) => Obj::Once(fork_spin(o)),
            }),
            rmw: self.rmw,
        }
    }
}

/// The token a receive from a closed, drained channel delivers (Go's zero value with
/// `ok == false`).
pub const CLOSED: i64 = i64::MIN;

/// What a sender parked on a channel is readied with when the channel is closed: it
/// panics `send on closed channel` (`chan.go: closechan` readies the senders too).
pub const SEND_CLOSED: i64 = i64::MIN + 1;

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
            ObjDecl::Cond { mutex } => Obj::Cond(SpinLock::new(CondVar {
                mutex: *mutex,
                ..CondVar::default()
            })),
            ObjDecl::RWMutex => Obj::RWMutex(SpinLock::new(RwMutex::default())),
            ObjDecl::Once => Obj::Once(SpinLock::new(OnceObj::default())),
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
    /// `len(ch)`, `cap(ch)`: a timer's channel shows 0 and 0 (`chanlen`, `chancap`: it
    /// is buffered inside so that Stop and Reset can undo a send unseen).
    pub fn chan_len(&self, id: u32) -> (usize, usize) {
        let c = self.chan(id).lock();
        if c.timer.is_some() {
            return (0, 0);
        }
        (c.buf.len(), c.cap)
    }

    /// A runtime timer (`newTimer`), not yet due; a channel timer marks its channel.
    pub fn new_timer(&self, kind: crate::code::TimerKind) -> u32 {
        let ch = match &kind {
            crate::code::TimerKind::Chan(c) => Some(*c),
            crate::code::TimerKind::Func(_) => None,
        };
        let id = self.objs.push(Obj::Timer(SpinLock::new(TimerObj {
            kind,
            when: 0,
            period: 0,
            blocked: 0,
            home: None,
            entries: 0,
            gen: 0,
            zombie: false,
        }))) as u32;
        if let Some(c) = ch {
            self.chan(c).lock().timer = Some(id);
        }
        id
    }

    pub(crate) fn timer(&self, id: u32) -> &SpinLock<TimerObj> {
        match self.obj(id) {
            Obj::Timer(t) => t,
            _ => panic!("object {id} is not a timer"),
        }
    }

    /// The timer feeding channel `id`, if it is a timer's.
    pub fn chan_timer(&self, id: u32) -> Option<u32> {
        match self.obj(id) {
            Obj::Chan(c) => c.lock().timer,
            _ => None,
        }
    }

    /// `sendTime`'s `select { case c <- v: default: }`: to a waiting receiver (returned,
    /// to be readied with `v`), into the buffer, or dropped when the buffer is full.
    pub fn try_send(&self, id: u32, v: i64) -> Option<(GIdx, i64)> {
        let mut c = self.chan(id).lock();
        if c.closed {
            return None;
        }
        if let Some(r) = pop_claimed(&mut c.recvq, |w| w) {
            return Some((r.g, v));
        }
        if c.buf.len() < c.cap {
            c.buf.push_back(v);
        }
        None
    }

    /// `timerchandrain`: empties the buffer; whether there was a value.
    pub fn chan_drain(&self, id: u32) -> bool {
        let mut c = self.chan(id).lock();
        let any = !c.buf.is_empty();
        c.buf.clear();
        any
    }

    /// A `sync.Cond`'s `notifyList` without a mutex of its own.
    pub fn new_notify_list(&self) -> u32 {
        self.objs.push(Obj::Cond(SpinLock::new(CondVar {
            mutex: u32::MAX,
            ..CondVar::default()
        }))) as u32
    }

    /// `notifyListAdd`: the next ticket.
    pub fn notify_list_add(&self, id: u32) -> u64 {
        let mut c = self.cond(id).lock();
        c.wait += 1;
        c.wait - 1
    }

    pub fn new_rwmutex(&self) -> u32 {
        self.objs
            .push(Obj::RWMutex(SpinLock::new(RwMutex::default()))) as u32
    }

    /// `Mutex.TryLock` (`rw` false), `RWMutex.TryLock` (`rw`), `RWMutex.TryRLock`
    /// (`rw` and `read`): take it if that needs no wait, never park.
    pub fn try_lock(&self, id: u32, rw: bool, read: bool) -> bool {
        let free = |m: &SyncMutex| !m.locked && !m.starving;
        if !rw {
            let mut m = self.mutex(id).lock();
            if !free(&m) {
                return false;
            }
            m.locked = true;
            return true;
        }
        let mut r = self.rwmutex(id).expect("RWMutex").lock();
        if read {
            // `TryRLock`: no writer holds or waits (`readerCount >= 0`).
            if r.reader_count < 0 {
                return false;
            }
            r.reader_count += 1;
            return true;
        }
        // `TryLock`: `w.TryLock()`, then `readerCount` 0 -> -rwmutexMaxReaders (when
        // that fails Go unlocks `w` again; checked first here, to the same effect).
        if !free(&r.w) || r.reader_count != 0 {
            return false;
        }
        r.w.locked = true;
        r.reader_count = -RWMUTEX_MAX_READERS;
        true
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

    /// `closechan`: readies every waiting receiver (zero value) and sender (which then
    /// panics `send on closed channel` in its own goroutine), last parked first.
    pub fn close(&self, id: u32) -> Outcome {
        let mut c = self.chan(id).lock();
        if c.closed {
            return Outcome::Panic("close of closed channel");
        }
        c.closed = true;
        // `chan.go: closechan` pushes each dequeued receiver onto a `gList` and, once the
        // lock is dropped, readies them with `glist.pop()`: a stack, so the last receiver
        // to park is readied first. Each `goready` takes the closer's runnext and kicks
        // the previous one to the ring, so on one P they run as R1, then Rn ... R2.
        // (A select's stale cases are dropped; a select case that wins is readied.)
        // (The readers are released first, then the writers, onto one list.)
        let mut ready: Vec<(GIdx, Option<i64>)> =
            std::iter::from_fn(|| pop_claimed(&mut c.recvq, |w| w))
                .map(|w| (w.g, Some(CLOSED)))
                .collect();
        ready.extend(
            std::iter::from_fn(|| pop_claimed(&mut c.sendq, |(w, _)| w))
                .map(|(w, _)| (w.g, Some(SEND_CLOSED))),
        );
        ready.reverse();
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
        park: impl FnOnce(WaitReason, &Arc<SelState>),
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
        // Still under every case's lock: no waker can see the queued cases yet, so the
        // parking G can record `st` (for the case that fires) before any can run it.
        park(WaitReason::Select, &st);
        drop(locks);
        SelOutcome::Parked(st)
    }

    fn mutex(&self, id: u32) -> &SpinLock<SyncMutex> {
        match self.obj(id) {
            Obj::Mutex(m) => m,
            _ => panic!("object {id} is not a mutex"),
        }
    }

    /// One turn of `sync.Mutex.Lock` on mutex `id` ([`SyncMutex::lock_turn`]).
    pub fn mutex_lock(
        &self,
        id: u32,
        g: GIdx,
        now: i64,
        can_spin: impl Fn(u32) -> bool,
        park: impl FnOnce(WaitReason),
    ) -> LockStep {
        self.mutex(id).lock().lock_turn(g, now, can_spin, park)
    }

    /// `sync.Mutex.Unlock` on mutex `id` ([`SyncMutex::unlock_turn`]).
    pub fn mutex_unlock(&self, id: u32) -> UnlockStep {
        self.mutex(id).lock().unlock_turn()
    }

    pub(crate) fn cond(&self, id: u32) -> &SpinLock<CondVar> {
        match &self.objs[id as usize] {
            Obj::Cond(c) => c,
            _ => panic!("object {id} is not a sync.Cond"),
        }
    }

    fn once(&self, id: u32) -> &SpinLock<OnceObj> {
        match &self.objs[id as usize] {
            Obj::Once(o) => o,
            _ => panic!("object {id} is not a sync.Once"),
        }
    }

    pub(crate) fn rwmutex(&self, id: u32) -> Option<&SpinLock<RwMutex>> {
        match &self.objs[id as usize] {
            Obj::RWMutex(rw) => Some(rw),
            _ => None,
        }
    }

    /// `sync.Cond.Signal` / `Broadcast` (`sema.go: notifyListNotifyOne`,
    /// `notifyListNotifyAll`): the waiters to ready, in order. One wakes the waiter
    /// holding the oldest unnotified ticket; all wakes every waiter in the order they
    /// began to wait.
    pub fn cond_notify(&self, id: u32, all: bool) -> Vec<GIdx> {
        let mut c = self.cond(id).lock();
        if c.wait == c.notify {
            return Vec::new();
        }
        let woken: Vec<GIdx> = if all {
            c.notify = c.wait;
            c.waiters.drain(..).map(|(g, _)| g).collect()
        } else {
            let t = c.notify;
            c.notify = t + 1;
            match c.waiters.iter().position(|&(_, ticket)| ticket == t) {
                Some(i) => vec![c.waiters.remove(i).unwrap().0],
                None => Vec::new(), // its waiter has not parked yet: it will not
            }
        };
        // (Each waiter put itself on `relock` when it began to wait.)
        woken
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

impl crate::runtime::Runtime {
    /// `mu.Lock()` by `gp` on M `m`: one turn of `lockSlow` (or `rw.Lock()` on an
    /// RWMutex). The G's pc moves past the op only once it holds the lock; after a spin,
    /// or when it wakes from the semaphore, it runs `Lock` again.
    pub(crate) fn mutex_lock(
        &self,
        m: crate::runtime::MId,
        gp: GIdx,
        id: u32,
        cont: &mut crate::runtime::MCont,
    ) -> crate::runtime::Wait {
        if self.objs.rwmutex(id).is_some() {
            return self.rw_lock(m, gp, id, cont);
        }
        self.mutex_lock_turn(m, gp, id, cont).1
    }

    /// One turn of `Lock` on mutex `id`; true if `gp` now holds it (its pc moved on).
    fn mutex_lock_turn(
        &self,
        m: crate::runtime::MId,
        gp: GIdx,
        id: u32,
        cont: &mut crate::runtime::MCont,
    ) -> (bool, crate::runtime::Wait) {
        let step = self.objs.mutex_lock(
            id,
            gp,
            self.now(),
            |iter| self.sync_runtime_can_spin(m, iter),
            |r| self.park_m(m, gp, r),
        );
        (
            step == LockStep::Acquired,
            self.lock_step_wait(gp, step, cont),
        )
    }

    /// What the M does after one turn of a lock: on `Acquired` the G's pc moves on.
    fn lock_step_wait(
        &self,
        gp: GIdx,
        step: LockStep,
        cont: &mut crate::runtime::MCont,
    ) -> crate::runtime::Wait {
        use crate::runtime::{MCont, Wait};
        match step {
            LockStep::Acquired => self.advance_past_op(gp),
            // `runtime_doSpin`: `procyield(active_spin_cnt)`.
            LockStep::Spin => {
                // A G's code yields `Lock` again when it resumes.
                self.exec(gp).retry = true;
                return Wait::Run {
                    after: crate::consts::ACTIVE_SPIN_NS,
                };
            }
            LockStep::Parked => {
                self.exec(gp).retry = true;
                *cont = MCont::Schedule
            }
        }
        Wait::Run {
            after: self.cfg.cost.mutex_op as i64,
        }
    }

    /// A built-in program's pc moves past the op; a front end's code needs nothing (it
    /// yields the op again only when told to `retry`).
    fn advance_past_op(&self, gp: GIdx) {
        let mut ex = self.exec(gp);
        if !ex.in_code {
            if let Some(f) = ex.frames.last_mut() {
                f.pc += 1;
            }
        }
    }

    /// `mu.Unlock()` by `gp` on M `m`. The woken waiter goes into this P's runnext
    /// (`semrelease1` → `readyWithTime` → `goready`); in starvation mode the unlocker
    /// then yields its P to it (`goyield`).
    pub(crate) fn mutex_unlock(
        &self,
        m: crate::runtime::MId,
        gp: GIdx,
        id: u32,
        cont: &mut crate::runtime::MCont,
    ) -> crate::runtime::Wait {
        use crate::runtime::Wait;
        if self.objs.rwmutex(id).is_some() {
            return self.rw_unlock(m, gp, id, cont);
        }
        match self.objs.mutex_unlock(id) {
            UnlockStep::Unlocked => {
                // `internal/sync/mutex.go: unlockSlow` calls `fatal`, not panic: it
                // cannot be recovered and the program exits 2.
                self.fatal(Some(m), "", "sync: unlock of unlocked mutex");
                return Wait::Exit;
            }
            step => self.after_unlock(m, gp, step, cont),
        }
        Wait::Run {
            after: self.cfg.cost.mutex_op as i64,
        }
    }

    /// Ready the waiter an `Unlock` woke; in starvation mode, yield to it.
    fn after_unlock(
        &self,
        m: crate::runtime::MId,
        gp: GIdx,
        step: UnlockStep,
        cont: &mut crate::runtime::MCont,
    ) {
        match step {
            UnlockStep::Unlocked | UnlockStep::Done => {}
            UnlockStep::Wake(w) => self.ready(m, w, true),
            UnlockStep::Handoff(w) => {
                self.ready(m, w, true);
                self.goyield(m, gp, cont);
            }
        }
    }

    /// `rw.Lock()` (`sync/rwmutex.go: Lock`): take the writers' mutex `w` (a full
    /// `sync.Mutex`, one turn per step), then announce the writer (`readerCount -=
    /// rwmutexMaxReaders`) and wait on `writerSem` until the active readers leave.
    fn rw_lock(
        &self,
        m: crate::runtime::MId,
        gp: GIdx,
        id: u32,
        cont: &mut crate::runtime::MCont,
    ) -> crate::runtime::Wait {
        use crate::runtime::{MCont, Wait};
        let mut rw = self.objs.rwmutex(id).expect("RWMutex").lock();
        if rw.writer_released == Some(gp) {
            rw.writer_released = None;
            drop(rw);
            return self.lock_step_wait(gp, LockStep::Acquired, cont);
        }
        let step = rw.w.lock_turn(
            gp,
            self.now(),
            |iter| self.sync_runtime_can_spin(m, iter),
            |r| self.park_m(m, gp, r),
        );
        if step != LockStep::Acquired {
            drop(rw);
            return self.lock_step_wait(gp, step, cont);
        }
        let r = rw.reader_count;
        rw.reader_count -= RWMUTEX_MAX_READERS;
        if r != 0 {
            rw.reader_wait += r;
            if rw.reader_wait != 0 {
                rw.writer_sem = Some(gp);
                self.park_m(m, gp, WaitReason::SyncRWMutexLock);
                *cont = MCont::Schedule;
                return Wait::Run {
                    after: self.cfg.cost.mutex_op as i64,
                };
            }
        }
        drop(rw);
        self.lock_step_wait(gp, LockStep::Acquired, cont)
    }

    /// `rw.Unlock()` (`sync/rwmutex.go: Unlock`): announce no writer, release every
    /// reader that blocked meanwhile (`runtime_Semrelease(&rw.readerSem)` each, FIFO,
    /// each into this P's runnext), then unlock `w`.
    fn rw_unlock(
        &self,
        m: crate::runtime::MId,
        gp: GIdx,
        id: u32,
        cont: &mut crate::runtime::MCont,
    ) -> crate::runtime::Wait {
        use crate::runtime::Wait;
        let mut rw = self.objs.rwmutex(id).expect("RWMutex").lock();
        let r = rw.reader_count + RWMUTEX_MAX_READERS;
        if r >= RWMUTEX_MAX_READERS {
            drop(rw);
            self.fatal(Some(m), "", "sync: Unlock of unlocked RWMutex");
            return Wait::Exit;
        }
        rw.reader_count = r;
        let mut readers = Vec::new();
        for _ in 0..r {
            match rw.reader_sem.pop_front() {
                Some(g) => readers.push(g),
                None => break,
            }
        }
        rw.readers_released.extend(readers.iter().copied());
        let step = rw.w.unlock_turn();
        drop(rw);
        for g in readers {
            self.ready(m, g, true);
        }
        self.after_unlock(m, gp, step, cont);
        Wait::Run {
            after: self.cfg.cost.mutex_op as i64,
        }
    }

    /// `rw.RLock()` (`sync/rwmutex.go: RLock`): one more reader; with a writer pending or
    /// holding, park on `readerSem` until its `Unlock`.
    pub(crate) fn rw_rlock(
        &self,
        m: crate::runtime::MId,
        gp: GIdx,
        id: u32,
        cont: &mut crate::runtime::MCont,
    ) -> crate::runtime::Wait {
        use crate::runtime::{MCont, Wait};
        let rw = self
            .objs
            .rwmutex(id)
            .unwrap_or_else(|| panic!("object {id} is not an RWMutex"));
        let mut rw = rw.lock();
        if let Some(i) = rw.readers_released.iter().position(|&g| g == gp) {
            rw.readers_released.swap_remove(i);
            drop(rw);
            return self.lock_step_wait(gp, LockStep::Acquired, cont);
        }
        rw.reader_count += 1;
        if rw.reader_count < 0 {
            rw.reader_sem.push_back(gp);
            self.park_m(m, gp, WaitReason::SyncRWMutexRLock);
            *cont = MCont::Schedule;
            return Wait::Run {
                after: self.cfg.cost.mutex_op as i64,
            };
        }
        drop(rw);
        self.lock_step_wait(gp, LockStep::Acquired, cont)
    }

    /// `rw.RUnlock()` (`sync/rwmutex.go: RUnlock`, `rUnlockSlow`): the last reader a
    /// pending writer waits for releases it (`runtime_Semrelease(&rw.writerSem)`).
    pub(crate) fn rw_runlock(&self, m: crate::runtime::MId, id: u32) -> crate::runtime::Wait {
        use crate::runtime::Wait;
        let rw = self
            .objs
            .rwmutex(id)
            .unwrap_or_else(|| panic!("object {id} is not an RWMutex"));
        let mut rw = rw.lock();
        rw.reader_count -= 1;
        let r = rw.reader_count;
        let mut writer = None;
        if r < 0 {
            if r + 1 == 0 || r + 1 == -RWMUTEX_MAX_READERS {
                drop(rw);
                self.fatal(Some(m), "", "sync: RUnlock of unlocked RWMutex");
                return Wait::Exit;
            }
            rw.reader_wait -= 1;
            if rw.reader_wait == 0 {
                writer = rw.writer_sem.take();
                rw.writer_released = writer;
            }
        }
        drop(rw);
        if let Some(w) = writer {
            self.ready(m, w, true);
        }
        Wait::Run {
            after: self.cfg.cost.mutex_op as i64,
        }
    }

    /// `once.Do(f)` up to `f()` (`sync/once.go: Do`, `doSlow`): done → skip `f` and
    /// `OnceEnd`; else lock `o.m` (one `lockSlow` turn per step) and check again.
    pub(crate) fn once_do(
        &self,
        m: crate::runtime::MId,
        gp: GIdx,
        id: u32,
        cont: &mut crate::runtime::MCont,
    ) -> crate::runtime::Wait {
        let skip = |rt: &Self| {
            if let Some(f) = rt.exec(gp).frames.last_mut() {
                f.pc += 3;
            }
        };
        let mut o = self.objs.once(id).lock();
        // Fast path: `done.Load()`, unless this G is back from waiting on `m`.
        if o.done && !o.m.is_waiting(gp) {
            drop(o);
            skip(self);
            return crate::runtime::Wait::Run {
                after: self.cfg.cost.other as i64,
            };
        }
        let step = o.m.lock_turn(
            gp,
            self.now(),
            |iter| self.sync_runtime_can_spin(m, iter),
            |r| self.park_m(m, gp, r),
        );
        if step != LockStep::Acquired {
            drop(o);
            return self.lock_step_wait(gp, step, cont);
        }
        if o.done {
            // Another caller ran f while we waited: the deferred Unlock, and return.
            let u = o.m.unlock_turn();
            drop(o);
            skip(self);
            self.after_unlock(m, gp, u, cont);
            return crate::runtime::Wait::Run {
                after: self.cfg.cost.mutex_op as i64,
            };
        }
        drop(o);
        // Go on to `Call(f)`.
        self.lock_step_wait(gp, LockStep::Acquired, cont)
    }

    /// After `f` returned: `doSlow`'s deferred `done.Store(true)`, then `m.Unlock()`.
    pub(crate) fn once_end(
        &self,
        m: crate::runtime::MId,
        gp: GIdx,
        id: u32,
        cont: &mut crate::runtime::MCont,
    ) -> crate::runtime::Wait {
        let mut o = self.objs.once(id).lock();
        o.done = true;
        let u = o.m.unlock_turn();
        drop(o);
        self.after_unlock(m, gp, u, cont);
        crate::runtime::Wait::Run {
            after: self.cfg.cost.mutex_op as i64,
        }
    }

    /// `sync.Cond.Wait` by `gp` (`sync/cond.go: Wait`): take a ticket
    /// (`notifyListAdd`), unlock `c.L`, park until notified (`notifyListWait`), then
    /// lock `c.L` again; the pc moves past the op only then. (When unlocking `c.L` hands
    /// it to a starving waiter, Go's unlocker yields before it parks; here it parks at
    /// once. The waiter is in runnext either way.)
    pub(crate) fn cond_wait(
        &self,
        m: crate::runtime::MId,
        gp: GIdx,
        id: u32,
        cont: &mut crate::runtime::MCont,
    ) -> crate::runtime::Wait {
        use crate::runtime::{MCont, Wait};
        let c = self.objs.cond(id);
        let l = c.lock().mutex;
        let relocking = {
            let mut cv = c.lock();
            match cv.relock.iter().position(|&g| g == gp) {
                Some(i) => {
                    cv.relock.swap_remove(i);
                    true
                }
                None => false,
            }
        };
        if relocking {
            let (acquired, w) = self.mutex_lock_turn(m, gp, l, cont);
            if !acquired {
                c.lock().relock.push(gp);
            }
            return w;
        }
        let t = {
            let mut cv = c.lock();
            cv.wait += 1;
            cv.wait - 1
        };
        match self.objs.mutex_unlock(l) {
            UnlockStep::Unlocked => {
                self.fatal(Some(m), "", "sync: unlock of unlocked mutex");
                return Wait::Exit;
            }
            UnlockStep::Done => {}
            UnlockStep::Wake(w) | UnlockStep::Handoff(w) => self.ready(m, w, true),
        }
        let mut cv = c.lock();
        cv.relock.push(gp);
        if t < cv.notify {
            // Notified between the ticket and the wait: do not park.
            return Wait::Run {
                after: self.cfg.cost.mutex_op as i64,
            };
        }
        cv.waiters.push_back((gp, t));
        self.park_m(m, gp, WaitReason::SyncCondWait);
        drop(cv);
        *cont = MCont::Schedule;
        Wait::Run {
            after: self.cfg.cost.mutex_op as i64,
        }
    }

    /// `notifyListWait(l, t)` by `gp` (`sync.Cond.Wait` after it unlocked `c.L`): park
    /// until ticket `t` is notified, unless it has been already.
    pub(crate) fn notify_list_wait(
        &self,
        m: crate::runtime::MId,
        gp: GIdx,
        id: u32,
        ticket: u64,
        cont: &mut crate::runtime::MCont,
    ) -> crate::runtime::Wait {
        use crate::runtime::{MCont, Wait};
        let mut cv = self.objs.cond(id).lock();
        if ticket >= cv.notify {
            cv.waiters.push_back((gp, ticket));
            self.park_m(m, gp, WaitReason::SyncCondWait);
            *cont = MCont::Schedule;
        }
        Wait::Run {
            after: self.cfg.cost.mutex_op as i64,
        }
    }

    /// `sync.Cond.Signal`/`Broadcast` on M `m`: each woken waiter is readied into this
    /// P's runnext (`readyWithTime` → `goready`), so after a Broadcast the last waiter
    /// runs first and the others follow in the order they waited.
    pub(crate) fn cond_notify(
        &self,
        m: crate::runtime::MId,
        id: u32,
        all: bool,
    ) -> crate::runtime::Wait {
        for g in self.objs.cond_notify(id, all) {
            self.ready(m, g, true);
        }
        crate::runtime::Wait::Run {
            after: self.cfg.cost.mutex_op as i64,
        }
    }

    /// `proc.go: internal_sync_runtime_canSpin`: spin only a few times, only with
    /// GOMAXPROCS > 1 and another P running, and only if our own run queue is empty.
    /// (`numCPUStartup > 1`: the model assumes a multicore machine.)
    fn sync_runtime_can_spin(&self, m: crate::runtime::MId, iter: u32) -> bool {
        if iter >= crate::consts::ACTIVE_SPIN
            || self.gomaxprocs() as i32
                <= self.sched.npidle.load(Ordering::Acquire)
                    + self.sched.nmspinning.load(Ordering::Acquire)
                    + 1
        {
            return false;
        }
        match self.m(m).p() {
            Some(p) => self.p(p).runq.runqempty(),
            None => false,
        }
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
