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

func (d Duration) String() string
func (d Duration) Nanoseconds() int64   { return int64(d) }
func (d Duration) Microseconds() int64  { return int64(d) / 1000 }
func (d Duration) Milliseconds() int64  { return int64(d) / 1000000 }
func (d Duration) Seconds() float64     { return float64(d) / 1e9 }

// Time is the program's virtual clock reading (ns since the run started).
type Time struct{ ns int64 }

func Now() Time
func (t Time) Sub(u Time) Duration { return Duration(t.ns - u.ns) }
func Since(t Time) Duration        { return Now().Sub(t) }
