package time

type Duration int64

const (
	Nanosecond  Duration = 1
	Microsecond          = 1000 * Nanosecond
	Millisecond          = 1000 * Microsecond
	Second               = 1000 * Millisecond
	Minute               = 60 * Second
	Hour                 = 60 * Minute
)

func Sleep(d Duration)

func (d Duration) String() string { return durationString(d) }

func durationString(d Duration) string
func (d Duration) Nanoseconds() int64   { return int64(d) }
func (d Duration) Microseconds() int64  { return int64(d) / 1000 }
func (d Duration) Milliseconds() int64  { return int64(d) / 1000000 }
func (d Duration) Seconds() float64     { return float64(d) / 1e9 }

// Time is the program's virtual clock reading (ns since the run started).
type Time struct{ ns int64 }

func Now() Time
func (t Time) Sub(u Time) Duration { return Duration(t.ns - u.ns) }

// Since reads the monotonic clock as Go's does (time.go: Since → runtimeNano, the
// runtime's nanotime, a vDSO clock_gettime) without making a Time. It is a call, so
// its prologue is a safe point, as Go's is.
func Since(t Time) Duration { return Duration(runtimeNano() - t.ns) }

func runtimeNano() int64

// Timers. Go keeps timers in the runtime (time.go: per-P timer heaps), not in
// goroutines; here a timer is a goroutine that sleeps, a simplification that adds a
// goroutine (and a goid) per timer: runtime.NumGoroutine counts it.
type Timer struct {
	C       <-chan Time
	c       chan Time
	f       func()
	stopped bool
	fired   bool
}

func (t *Timer) run(d Duration) {
	Sleep(d)
	if t.stopped {
		return
	}
	t.fired = true
	if t.f != nil {
		go t.f()
		return
	}
	select {
	case t.c <- Now():
	default:
	}
}

func NewTimer(d Duration) *Timer {
	c := make(chan Time, 1)
	t := &Timer{C: c, c: c}
	go t.run(d)
	return t
}

func AfterFunc(d Duration, f func()) *Timer {
	t := &Timer{f: f}
	go t.run(d)
	return t
}

// Stop reports whether it stopped the timer before it fired.
func (t *Timer) Stop() bool {
	was := !t.stopped && !t.fired
	t.stopped = true
	return was
}

func After(d Duration) <-chan Time { return NewTimer(d).C }

type Ticker struct {
	C       <-chan Time
	stopped bool
}

func NewTicker(d Duration) *Ticker {
	c := make(chan Time, 1)
	t := &Ticker{C: c}
	go func() {
		for !t.stopped {
			Sleep(d)
			select {
			case c <- Now():
			default:
			}
		}
	}()
	return t
}

func (t *Ticker) Stop() { t.stopped = true }

func Tick(d Duration) <-chan Time { return NewTicker(d).C }
