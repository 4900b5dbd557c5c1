// Checks context deadlines (context/context.go: WithDeadline, WithTimeout,
// WithDeadlineCause, WithTimeoutCause, timerCtx): Err is nil before the deadline and
// DeadlineExceeded after it; cancelling early gives Canceled; Deadline's ok; a child's
// deadline is the earlier of its own and its parent's; a past deadline is already
// exceeded; WithTimeoutCause's cause is reported by Cause.
package main

import (
	"context"
	"errors"
	"fmt"
	"time"
)

func main() {
	bg := context.Background()
	_, ok := bg.Deadline()
	fmt.Println("Background has deadline:", ok)

	ctx, cancel := context.WithTimeout(bg, 30*time.Millisecond)
	defer cancel()
	_, ok = ctx.Deadline()
	fmt.Println("WithTimeout has deadline:", ok, "Err before:", ctx.Err())
	child, cancelChild := context.WithCancel(ctx)
	defer cancelChild()
	<-ctx.Done()
	err := ctx.Err()
	fmt.Println("Err after:", err, err == context.DeadlineExceeded, errors.Is(err, context.DeadlineExceeded))
	var te interface{ Timeout() bool }
	fmt.Println("DeadlineExceeded is a timeout:", errors.As(err, &te) && te.Timeout())
	<-child.Done()
	fmt.Println("child of timed-out context Err:", child.Err(), "Cause:", context.Cause(child))

	early, cancelEarly := context.WithTimeout(bg, time.Hour)
	cancelEarly()
	fmt.Println("cancelled early Err:", early.Err())

	d1 := time.Now().Add(time.Hour)
	parent, cancelP := context.WithDeadline(bg, d1)
	defer cancelP()
	later, cancelL := context.WithTimeout(parent, 2*time.Hour)
	defer cancelL()
	dl, _ := later.Deadline()
	fmt.Println("child with later deadline keeps parent's:", dl.Equal(d1), later == parent)
	sooner, cancelS := context.WithTimeout(parent, time.Minute)
	defer cancelS()
	dl, _ = sooner.Deadline()
	fmt.Println("child with sooner deadline uses its own:", dl.Before(d1))

	past, cancelPast := context.WithDeadline(bg, time.Now().Add(-time.Second))
	defer cancelPast()
	fmt.Println("past deadline Err immediately:", past.Err())

	slow := errors.New("too slow")
	tc, cancelTC := context.WithTimeoutCause(bg, 20*time.Millisecond, slow)
	defer cancelTC()
	<-tc.Done()
	fmt.Println("WithTimeoutCause Err:", tc.Err(), "Cause:", context.Cause(tc))

	dc, cancelDC := context.WithDeadlineCause(bg, time.Now().Add(time.Hour), slow)
	cancelDC()
	fmt.Println("WithDeadlineCause cancelled early Err:", dc.Err(), "Cause:", context.Cause(dc))
}
