package context

// Package context for the GMP Explorer: Go 1.27's whole API (Background,
// TODO, the With* constructors, WithoutCancel, AfterFunc, Cause), behaving as
// Go's context.go does: the same errors, the same String of every context,
// the same panics, cancellation flowing from a parent to its children (a
// parent of the user's own type is watched by a goroutine, or through its
// AfterFunc method when it has one). Go keeps a context's state in
// atomic.Values read without a lock; here one sync.Mutex per context guards
// all of it.

import (
	"errors"
	"fmt"
	"sync"
	"time"
)

// Context carries a deadline, a cancellation signal and values across API
// boundaries; its methods may be called by many goroutines at once.
type Context interface {
	// Deadline reports when the work done for this context should be
	// cancelled; ok is false when there is no deadline.
	Deadline() (deadline time.Time, ok bool)
	// Done returns a channel closed when the context is cancelled, or nil
	// when it never can be.
	Done() <-chan struct{}
	// Err is nil until Done is closed, then Canceled or DeadlineExceeded.
	Err() error
	// Value returns the value bound to key, or nil.
	Value(key any) any
}

// Canceled is the error Err returns when the context was cancelled by a call
// rather than by its deadline.
var Canceled = errors.New("context canceled")

// DeadlineExceeded is the error Err returns when the context's deadline
// passed. It is a net.Error of sorts: Timeout and Temporary report true.
var DeadlineExceeded error = deadlineExceededError{}

type deadlineExceededError struct{}

func (deadlineExceededError) Error() string   { return "context deadline exceeded" }
func (deadlineExceededError) Timeout() bool   { return true }
func (deadlineExceededError) Temporary() bool { return true }

// A CancelFunc tells an operation to abandon its work; calls after the first
// do nothing.
type CancelFunc func()

// A CancelCauseFunc is a CancelFunc that also records why (see Cause).
type CancelCauseFunc func(cause error)

// ---------------------------------------------------------------------------
// The roots. As context.go: emptyCtx, backgroundCtx, todoCtx.

// emptyCtx never ends, has no deadline and holds no values.
type emptyCtx struct{}

func (emptyCtx) Deadline() (time.Time, bool) { return time.Time{}, false }
func (emptyCtx) Done() <-chan struct{}       { return nil }
func (emptyCtx) Err() error                  { return nil }
func (emptyCtx) Value(key any) any           { return nil }

type backgroundCtx struct{ emptyCtx }

func (backgroundCtx) String() string { return "context.Background" }

type todoCtx struct{ emptyCtx }

func (todoCtx) String() string { return "context.TODO" }

// Background returns the empty context at the top of every tree: never
// cancelled, no deadline, no values.
func Background() Context { return backgroundCtx{} }

// TODO returns an empty context like Background's, for code not yet sure
// which context to use.
func TODO() Context { return todoCtx{} }

// mustHaveParent panics as every constructor does for a nil parent.
func mustHaveParent(parent Context) {
	if parent == nil {
		panic("cannot create context from nil parent")
	}
}

// ---------------------------------------------------------------------------
// Cancelable contexts. As context.go: cancelCtx.

// canceler is what a parent keeps of each child it must cancel with it.
type canceler interface {
	cancel(removeFromParent bool, err, cause error)
	Done() <-chan struct{}
}

// cancelCtxKey's address is the key under which a cancelCtx answers Value
// with itself (how Cause and ownCancelCtx find it under wrappers).
var cancelCtxKey int

// closedchan stands for Done when a context is cancelled before anyone asked
// for its channel.
var closedchan = closedChannel()

func closedChannel() chan struct{} {
	c := make(chan struct{})
	close(c)
	return c
}

type cancelCtx struct {
	Context // the parent, or a stopCtx wrapping it

	mu       sync.Mutex
	done     chan struct{}         // made on demand; closed (or closedchan) once cancelled
	children map[canceler]struct{} // nil once cancelled
	err      error                 // nil until cancelled
	cause    error                 // set with err
}

// Value answers cancelCtxKey with c itself, any other key from the parents.
func (c *cancelCtx) Value(key any) any {
	if key == &cancelCtxKey {
		return c
	}
	return value(c.Context, key)
}

// Done makes the channel on first use.
func (c *cancelCtx) Done() <-chan struct{} {
	c.mu.Lock()
	if c.done == nil {
		c.done = make(chan struct{})
	}
	d := c.done
	c.mu.Unlock()
	return d
}

func (c *cancelCtx) Err() error {
	c.mu.Lock()
	err := c.err
	c.mu.Unlock()
	return err
}

// doneChan is the channel as it stands, nil if nobody asked for it yet.
func (c *cancelCtx) doneChan() chan struct{} {
	c.mu.Lock()
	d := c.done
	c.mu.Unlock()
	return d
}

// String: the parent's name followed by ".WithCancel".
func (c *cancelCtx) String() string { return contextName(c.Context) + ".WithCancel" }

// cancel closes Done, records err and cause (cause defaults to err), cancels
// every child (in the map's order, as Go does), and, when asked, takes c out
// of its parent's children. Only the first call has any effect.
// As context.go: (*cancelCtx).cancel.
func (c *cancelCtx) cancel(removeFromParent bool, err, cause error) {
	if err == nil {
		panic("context: internal error: missing cancel error")
	}
	if cause == nil {
		cause = err
	}
	c.mu.Lock()
	if c.err != nil {
		c.mu.Unlock()
		return
	}
	c.err, c.cause = err, cause
	if c.done == nil {
		c.done = closedchan
	} else {
		close(c.done)
	}
	kids := c.children
	c.children = nil
	for child := range kids {
		// The child's own lock is taken under c's, parent before child.
		child.cancel(false, err, cause)
	}
	c.mu.Unlock()
	if removeFromParent {
		removeChild(c.Context, c)
	}
}

// propagateCancel makes parent the context c hangs from and arranges for
// child to be cancelled when parent is: at once if parent already is; by
// parent itself when it is (or wraps without hiding) one of this package's
// cancelCtxs; through parent's AfterFunc method when it has one; otherwise
// by a goroutine waiting on both Done channels.
// As context.go: (*cancelCtx).propagateCancel.
func (c *cancelCtx) propagateCancel(parent Context, child canceler) {
	c.Context = parent
	pdone := parent.Done()
	if pdone == nil {
		return
	}
	select {
	case <-pdone:
		child.cancel(false, parent.Err(), Cause(parent))
		return
	default:
	}
	if p, ok := ownCancelCtx(parent); ok {
		p.mu.Lock()
		if p.err != nil {
			err, cause := p.err, p.cause
			p.mu.Unlock()
			child.cancel(false, err, cause)
			return
		}
		if p.children == nil {
			p.children = make(map[canceler]struct{})
		}
		p.children[child] = struct{}{}
		p.mu.Unlock()
		return
	}
	if af, ok := parent.(afterFuncer); ok {
		c.mu.Lock()
		stop := af.AfterFunc(func() {
			child.cancel(false, parent.Err(), Cause(parent))
		})
		c.Context = stopCtx{Context: parent, stop: stop}
		c.mu.Unlock()
		return
	}
	go func() {
		select {
		case <-parent.Done():
			child.cancel(false, parent.Err(), Cause(parent))
		case <-child.Done():
		}
	}()
}

// ownCancelCtx finds the cancelCtx behind parent, provided parent's Done is
// that cancelCtx's own channel (a wrapper with a Done of its own must be
// watched like any other context). As context.go: parentCancelCtx.
func ownCancelCtx(parent Context) (*cancelCtx, bool) {
	pdone := parent.Done()
	if pdone == nil || pdone == closedchan {
		return nil, false
	}
	p, ok := parent.Value(&cancelCtxKey).(*cancelCtx)
	if !ok {
		return nil, false
	}
	if p.doneChan() != pdone {
		return nil, false
	}
	return p, true
}

// removeChild forgets child in parent: through the stop function when the
// parent is watched through its AfterFunc, else in the cancelCtx's children.
// As context.go: removeChild.
func removeChild(parent Context, child canceler) {
	if s, ok := parent.(stopCtx); ok {
		s.stop()
		return
	}
	p, ok := ownCancelCtx(parent)
	if !ok {
		return
	}
	p.mu.Lock()
	if p.children != nil {
		delete(p.children, child)
	}
	p.mu.Unlock()
}

// afterFuncer is a Context of the user's own that offers AfterFunc; a child
// is then cancelled through it rather than watched by a goroutine.
type afterFuncer interface {
	AfterFunc(func()) func() bool
}

// stopCtx stands for a parent watched through its AfterFunc; stop undoes the
// registration. It has no String, so names built on it read
// "context.stopCtx" as in Go.
type stopCtx struct {
	Context
	stop func() bool
}

func newCancelCtx(parent Context) *cancelCtx {
	mustHaveParent(parent)
	c := &cancelCtx{}
	c.propagateCancel(parent, c)
	return c
}

// WithCancel returns a copy of parent whose Done closes when cancel is
// called or when parent's Done closes, whichever is first.
// As context.go: WithCancel.
func WithCancel(parent Context) (ctx Context, cancel CancelFunc) {
	c := newCancelCtx(parent)
	return c, func() { c.cancel(true, Canceled, nil) }
}

// WithCancelCause is WithCancel whose cancel function records a cause (nil
// records Canceled), read back by Cause. As context.go: WithCancelCause.
func WithCancelCause(parent Context) (ctx Context, cancel CancelCauseFunc) {
	c := newCancelCtx(parent)
	return c, func(cause error) { c.cancel(true, Canceled, cause) }
}

// Cause returns why c was cancelled: the cause given to its (or an
// ancestor's) cancel, else c.Err(); nil while c is not cancelled.
// As context.go: Cause.
func Cause(c Context) error {
	err := c.Err()
	if err == nil {
		return nil
	}
	cc, ok := c.Value(&cancelCtxKey).(*cancelCtx)
	if !ok {
		return err
	}
	cc.mu.Lock()
	cause := cc.cause
	cc.mu.Unlock()
	if cause == nil {
		return err
	}
	return cause
}

// ---------------------------------------------------------------------------
// AfterFunc. As context.go: AfterFunc, afterFuncCtx.

// afterFuncCtx is a child of the context AfterFunc watches; cancelling it
// starts f in its own goroutine, unless stop got there first.
type afterFuncCtx struct {
	cancelCtx
	once sync.Once // whoever runs it first decides: f starts, or f is stopped
	f    func()
}

func (a *afterFuncCtx) cancel(removeFromParent bool, err, cause error) {
	a.cancelCtx.cancel(false, err, cause)
	if removeFromParent {
		removeChild(a.Context, a)
	}
	a.once.Do(func() {
		f := a.f // (the explorer's go statement cannot take a.f() directly yet)
		go f()
	})
}

// AfterFunc arranges for f to run in a goroutine of its own once ctx is
// done (at once if it already is). The stop function it returns prevents
// that, reporting true, if f has not been started yet, false otherwise.
func AfterFunc(ctx Context, f func()) (stop func() bool) {
	a := &afterFuncCtx{f: f}
	a.cancelCtx.propagateCancel(ctx, a)
	return func() bool {
		won := false
		a.once.Do(func() { won = true })
		if won {
			a.cancel(true, Canceled, nil)
		}
		return won
	}
}

// ---------------------------------------------------------------------------
// WithoutCancel. As context.go: withoutCancelCtx.

// WithoutCancel returns a context with parent's values but none of its
// cancellation or deadline.
func WithoutCancel(parent Context) Context {
	mustHaveParent(parent)
	return withoutCancelCtx{parent}
}

type withoutCancelCtx struct {
	c Context
}

func (withoutCancelCtx) Deadline() (time.Time, bool) { return time.Time{}, false }
func (withoutCancelCtx) Done() <-chan struct{}       { return nil }
func (withoutCancelCtx) Err() error                  { return nil }
func (w withoutCancelCtx) Value(key any) any         { return value(w, key) }
func (w withoutCancelCtx) String() string            { return contextName(w.c) + ".WithoutCancel" }

// ---------------------------------------------------------------------------
// Deadlines. As context.go: WithDeadlineCause, timerCtx.

type timerCtx struct {
	cancelCtx
	timer    *time.Timer // guarded by cancelCtx.mu; nil once stopped
	deadline time.Time
}

func (t *timerCtx) Deadline() (time.Time, bool) { return t.deadline, true }

// String shows the deadline and, in brackets, the time left until it.
func (t *timerCtx) String() string {
	left := time.Until(t.deadline)
	return contextName(t.cancelCtx.Context) + ".WithDeadline(" + t.deadline.String() +
		" [" + left.String() + "])"
}

func (t *timerCtx) cancel(removeFromParent bool, err, cause error) {
	t.cancelCtx.cancel(false, err, cause)
	if removeFromParent {
		removeChild(t.cancelCtx.Context, t)
	}
	t.mu.Lock()
	if t.timer != nil {
		t.timer.Stop()
		t.timer = nil
	}
	t.mu.Unlock()
}

// WithDeadline returns a copy of parent cancelled at d at the latest (a
// parent's earlier deadline stands: the result is then WithCancel's).
func WithDeadline(parent Context, d time.Time) (Context, CancelFunc) {
	return WithDeadlineCause(parent, d, nil)
}

// WithDeadlineCause is WithDeadline whose expiry records cause (see Cause).
func WithDeadlineCause(parent Context, d time.Time, cause error) (Context, CancelFunc) {
	mustHaveParent(parent)
	if pd, ok := parent.Deadline(); ok && pd.Before(d) {
		return WithCancel(parent)
	}
	t := &timerCtx{deadline: d}
	t.cancelCtx.propagateCancel(parent, t)
	left := time.Until(d)
	if left <= 0 {
		// Already past: cancelled before it is returned.
		t.cancel(true, DeadlineExceeded, cause)
		return t, func() { t.cancel(false, Canceled, nil) }
	}
	t.mu.Lock()
	if t.err == nil {
		t.timer = time.AfterFunc(left, func() { t.cancel(true, DeadlineExceeded, cause) })
	}
	t.mu.Unlock()
	return t, func() { t.cancel(true, Canceled, nil) }
}

// WithTimeout is WithDeadline(parent, time.Now().Add(timeout)).
func WithTimeout(parent Context, timeout time.Duration) (Context, CancelFunc) {
	return WithDeadline(parent, time.Now().Add(timeout))
}

// WithTimeoutCause is WithDeadlineCause(parent, time.Now().Add(timeout), cause).
func WithTimeoutCause(parent Context, timeout time.Duration, cause error) (Context, CancelFunc) {
	return WithDeadlineCause(parent, time.Now().Add(timeout), cause)
}

// ---------------------------------------------------------------------------
// Values. As context.go: WithValue, valueCtx, value.

type valueCtx struct {
	Context
	key, val any
}

// WithValue returns a copy of parent in which key's value is val. key must
// be non-nil and of a comparable type.
func WithValue(parent Context, key, val any) Context {
	mustHaveParent(parent)
	if key == nil {
		panic("nil key")
	}
	if !comparable(key) {
		panic("key is not comparable")
	}
	return &valueCtx{parent, key, val}
}

// comparable reports whether key can be compared with ==. Go asks reflect
// whether key's type is comparable; here the comparison is tried (it panics
// for a slice, map or func, or a struct or array holding one).
func comparable(key any) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	_ = key == key
	return true
}

func (v *valueCtx) Value(key any) any {
	if v.key == key {
		return v.val
	}
	return value(v.Context, key)
}

func (v *valueCtx) String() string {
	return contextName(v.Context) + ".WithValue(" + stringify(v.key) + ", " + stringify(v.val) + ")"
}

// value walks up from c looking for key, without recursion through this
// package's own kinds; a context of another kind is asked itself.
// As context.go: value.
func value(c Context, key any) any {
	for {
		switch x := c.(type) {
		case *valueCtx:
			if key == x.key {
				return x.val
			}
			c = x.Context
		case *cancelCtx:
			if key == &cancelCtxKey {
				return x
			}
			c = x.Context
		case *timerCtx:
			if key == &cancelCtxKey {
				return &x.cancelCtx
			}
			c = x.Context
		case withoutCancelCtx:
			if key == &cancelCtxKey {
				// Cause must not see past WithoutCancel.
				return nil
			}
			c = x.c
		case backgroundCtx, todoCtx:
			return nil
		default:
			return c.Value(key)
		}
	}
}

// ---------------------------------------------------------------------------
// Names. As context.go: contextName, stringify.

type stringer interface {
	String() string
}

// contextName is c's String, or its type's name when it has none.
func contextName(c Context) string {
	if s, ok := c.(stringer); ok {
		return s.String()
	}
	return fmt.Sprintf("%T", c)
}

// stringify names a key or value: its String, the string itself, "<nil>",
// or else its type's name (Go avoids fmt here, for the value's sake).
func stringify(v any) string {
	switch s := v.(type) {
	case stringer:
		return s.String()
	case string:
		return s
	case nil:
		return "<nil>"
	}
	return fmt.Sprintf("%T", v)
}
