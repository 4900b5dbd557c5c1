package sync

// A Locker represents an object that can be locked and unlocked.
type Locker interface {
	Lock()
	Unlock()
}

// The runtime object behind each value is made on first use (id 0: none yet), so the
// zero value of every type here is ready to use, as Go's is.

// A WaitGroup waits for a collection of goroutines to finish.
type WaitGroup struct{ id int }

func (wg *WaitGroup) Add(delta int)
func (wg *WaitGroup) Done()
func (wg *WaitGroup) Wait()

// Go calls f in a new goroutine and adds that task to the WaitGroup (Go 1.25).
func (wg *WaitGroup) Go(f func()) {
	wg.Add(1)
	go func() {
		defer wg.Done()
		f()
	}()
}

// A Mutex is a mutual exclusion lock (internal/sync/mutex.go, on the runtime's
// object: spinning, the semaphore's queue, starvation mode).
type Mutex struct{ id int }

func mutexLock(m *Mutex)
func mutexUnlock(m *Mutex)

// Lock locks m.
func (m *Mutex) Lock() { mutexLock(m) }

// Unlock unlocks m.
func (m *Mutex) Unlock() { mutexUnlock(m) }

// TryLock tries to lock m and reports whether it succeeded.
func (m *Mutex) TryLock() bool { return mutexTryLock(m) }

func mutexTryLock(m *Mutex) bool

// A RWMutex is a reader/writer mutual exclusion lock (sync/rwmutex.go, on the
// runtime's object): once a writer waits in Lock, new readers wait for it.
type RWMutex struct{ id int }

func rwLock(rw *RWMutex)
func rwUnlock(rw *RWMutex)
func rwRLock(rw *RWMutex)
func rwRUnlock(rw *RWMutex)
func rwTryLock(rw *RWMutex) bool
func rwTryRLock(rw *RWMutex) bool

// Lock locks rw for writing.
func (rw *RWMutex) Lock() { rwLock(rw) }

// Unlock unlocks rw for writing.
func (rw *RWMutex) Unlock() { rwUnlock(rw) }

// RLock locks rw for reading.
func (rw *RWMutex) RLock() { rwRLock(rw) }

// RUnlock undoes a single RLock call.
func (rw *RWMutex) RUnlock() { rwRUnlock(rw) }

// TryLock tries to lock rw for writing and reports whether it succeeded.
func (rw *RWMutex) TryLock() bool { return rwTryLock(rw) }

// TryRLock tries to lock rw for reading and reports whether it succeeded.
func (rw *RWMutex) TryRLock() bool { return rwTryRLock(rw) }

// RLocker returns a Locker interface that implements the Lock and Unlock methods by
// calling rw.RLock and rw.RUnlock.
func (rw *RWMutex) RLocker() Locker { return (*rlocker)(rw) }

type rlocker RWMutex

func (r *rlocker) Lock()   { (*RWMutex)(r).RLock() }
func (r *rlocker) Unlock() { (*RWMutex)(r).RUnlock() }

// Once is an object that will perform exactly one action.
type Once struct {
	done bool
	m    Mutex
}

func (o *Once) Do(f func()) {
	if o.done {
		return
	}
	o.m.Lock()
	defer o.m.Unlock()
	if !o.done {
		defer func() { o.done = true }()
		f()
	}
}

// OnceFunc returns a function that invokes f only once. If f panics, the returned
// function panics with the same value on every call (sync/oncefunc.go).
func OnceFunc(f func()) func() {
	var once Once
	finished := false // f returned normally
	var failure any   // what f panicked with
	run := func() {
		defer func() {
			if !finished {
				failure = recover()
				panic(failure)
			}
		}()
		f()
		f = nil
		finished = true
	}
	return func() {
		once.Do(run)
		if !finished {
			panic(failure)
		}
	}
}

// OnceValue returns a function that calls f once and returns its value on every
// call; if f panics, the returned function panics with the same value on every
// call (sync/oncefunc.go).
func OnceValue[T any](f func() T) func() T {
	var once Once
	finished := false
	var failure any
	var result T
	run := func() {
		defer func() {
			if !finished {
				failure = recover()
				panic(failure)
			}
		}()
		result = f()
		f = nil
		finished = true
	}
	return func() T {
		once.Do(run)
		if !finished {
			panic(failure)
		}
		return result
	}
}

// OnceValues returns a function that calls f once and returns its two values on
// every call; if f panics, the returned function panics with the same value on
// every call.
func OnceValues[T1, T2 any](f func() (T1, T2)) func() (T1, T2) {
	var once Once
	finished := false
	var failure any
	var r1 T1
	var r2 T2
	run := func() {
		defer func() {
			if !finished {
				failure = recover()
				panic(failure)
			}
		}()
		r1, r2 = f()
		f = nil
		finished = true
	}
	return func() (T1, T2) {
		once.Do(run)
		if !finished {
			panic(failure)
		}
		return r1, r2
	}
}

// Cond implements a condition variable, a rendezvous point for goroutines waiting for
// or announcing the occurrence of an event (sync/cond.go). Its waiters are the
// runtime's notify list (runtime/sema.go): Signal wakes the one that has waited
// longest.
type Cond struct {
	// L is held while observing or changing the condition.
	L      Locker
	notify notifyList
}

type notifyList struct{ id int }

func runtime_notifyListAdd(l *notifyList) uint32
func runtime_notifyListWait(l *notifyList, t uint32)
func runtime_notifyListNotifyOne(l *notifyList)
func runtime_notifyListNotifyAll(l *notifyList)

// NewCond returns a new Cond with Locker l.
func NewCond(l Locker) *Cond { return &Cond{L: l} }

// Wait atomically unlocks c.L and suspends execution of the calling goroutine. After
// later resuming execution, Wait locks c.L before returning.
func (c *Cond) Wait() {
	t := runtime_notifyListAdd(&c.notify)
	c.L.Unlock()
	runtime_notifyListWait(&c.notify, t)
	c.L.Lock()
}

// Signal wakes one goroutine waiting on c, if there is any.
func (c *Cond) Signal() { runtime_notifyListNotifyOne(&c.notify) }

// Broadcast wakes all goroutines waiting on c.
func (c *Cond) Broadcast() { runtime_notifyListNotifyAll(&c.notify) }

// A Pool is a set of temporary objects that may be individually saved and retrieved
// (sync/pool.go): a private slot and a shared list per P, emptied into a victim cache
// at each GC and dropped at the next. The runtime natives keep the caches, each call
// one indivisible step as Go's pinned, non-preemptible code is.
type Pool struct {
	caches any // the per-P caches, the victim caches and the GC cycle they are of

	// New optionally specifies a function to generate a value when Get would
	// otherwise return nil.
	New func() any
}

func poolGet(p *Pool) any
func poolPut(p *Pool, x any)

// Put adds x to the pool.
func (p *Pool) Put(x any) {
	if x == nil {
		return
	}
	poolPut(p, x)
}

// Get selects an arbitrary item from the Pool, removes it from the Pool, and returns
// it to the caller. If Get would otherwise return nil and p.New is non-nil, Get
// returns the result of calling p.New.
func (p *Pool) Get() any {
	x := poolGet(p)
	if x == nil && p.New != nil {
		x = p.New()
	}
	return x
}

// Map is like a Go map[any]any but is safe for concurrent use by multiple goroutines
// without additional locking or coordination (sync/map.go). Each operation is one
// indivisible step on the runtime side.
type Map struct {
	m any // the entries
}

// mapOp is every Map operation as one native: op names it (see the methods).
func mapOp(m *Map, op int, key, value, old any) (any, bool)

// mapEntries is a copy of the entries, for Range.
func mapEntries(m *Map) ([]any, []any)

// Load returns the value stored in the map for a key, or nil if no value is present.
func (m *Map) Load(key any) (value any, ok bool) { return mapOp(m, 0, key, nil, nil) }

// Store sets the value for a key.
func (m *Map) Store(key, value any) { mapOp(m, 1, key, value, nil) }

// LoadOrStore returns the existing value for the key if present. Otherwise, it
// stores and returns the given value. The loaded result is true if the value was
// loaded, false if stored.
func (m *Map) LoadOrStore(key, value any) (actual any, loaded bool) {
	return mapOp(m, 2, key, value, nil)
}

// LoadAndDelete deletes the value for a key, returning the previous value if any.
func (m *Map) LoadAndDelete(key any) (value any, loaded bool) {
	return mapOp(m, 3, key, nil, nil)
}

// Delete deletes the value for a key.
func (m *Map) Delete(key any) { mapOp(m, 3, key, nil, nil) }

// Swap swaps the value for a key and returns the previous value if any.
func (m *Map) Swap(key, value any) (previous any, loaded bool) {
	return mapOp(m, 4, key, value, nil)
}

// CompareAndSwap swaps the old and new values for key if the value stored in the
// map is equal to old.
func (m *Map) CompareAndSwap(key, old, new any) (swapped bool) {
	_, swapped = mapOp(m, 5, key, new, old)
	return swapped
}

// CompareAndDelete deletes the entry for key if its value is equal to old.
func (m *Map) CompareAndDelete(key, old any) (deleted bool) {
	_, deleted = mapOp(m, 6, key, nil, old)
	return deleted
}

// Clear deletes all the entries.
func (m *Map) Clear() { mapOp(m, 7, nil, nil, nil) }

// Range calls f sequentially for each key and value present in the map. If f returns
// false, range stops the iteration.
func (m *Map) Range(f func(key, value any) bool) {
	keys, values := mapEntries(m)
	for i, k := range keys {
		if !f(k, values[i]) {
			break
		}
	}
}
