// Checks Timer.Stop and Timer.Reset results with Go 1.23+ synchronous timer channels
// (time/sleep.go: Timer.Stop / Timer.Reset, runtime/time.go: timer.stop / timer.modify):
// Stop before firing is true; Stop after the value was received is false; Stop after
// the time passed but before any receive is true and leaves no stale value; Reset on an
// active timer is true, on a stopped one false; a Reset timer fires once at its new
// time; a second Stop is false.
package main

import (
	"fmt"
	"time"
)

func ready(c <-chan time.Time) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

func main() {
	t1 := time.NewTimer(time.Hour)
	fmt.Println("Stop before firing:", t1.Stop())
	fmt.Println("Stop again:", t1.Stop())

	t2 := time.NewTimer(time.Millisecond)
	<-t2.C
	fmt.Println("Stop after receive:", t2.Stop())

	t3 := time.NewTimer(time.Millisecond)
	time.Sleep(20 * time.Millisecond)
	fmt.Println("Stop after expiry, no receive:", t3.Stop())
	fmt.Println("stale value after Stop:", ready(t3.C))

	fmt.Println("Reset of stopped timer:", t1.Reset(time.Hour))
	fmt.Println("Reset of active timer:", t1.Reset(time.Hour))
	t1.Stop()

	// Reset moves the timer: early (30ms) is reset to fire after late (10ms).
	early := time.NewTimer(30 * time.Millisecond)
	late := time.NewTimer(10 * time.Millisecond)
	fmt.Println("Reset early to 60ms:", early.Reset(60*time.Millisecond))
	for i := 0; i < 2; i++ {
		select {
		case <-early.C:
			fmt.Println("fired: reset timer")
		case <-late.C:
			fmt.Println("fired: 10ms timer")
		}
	}
	select {
	case <-early.C:
		fmt.Println("reset timer fired twice")
	case <-time.After(40 * time.Millisecond):
		fmt.Println("reset timer fired once")
	}
	fmt.Println("Stop after fired and received:", early.Stop())

	// Reset of an expired, unreceived timer: the old value is discarded.
	t4 := time.NewTimer(time.Millisecond)
	time.Sleep(20 * time.Millisecond)
	fmt.Println("Reset after expiry, no receive:", t4.Reset(time.Hour))
	fmt.Println("stale value after Reset:", ready(t4.C))
	fmt.Println("Stop of reset timer:", t4.Stop())
}
