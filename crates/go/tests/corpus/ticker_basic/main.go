// Checks time.Ticker (time/tick.go: NewTicker, Ticker.Stop, Ticker.Reset, Tick;
// runtime/time.go: timer.unlockAndRun for periodic timers): ticks are delivered, Stop
// ends them, Reset changes the period, time.Tick works, and a slow receiver gets at most
// one pending tick (the missed ones are dropped).
package main

import (
	"fmt"
	"time"
)

func main() {
	tk := time.NewTicker(10 * time.Millisecond)
	n := 0
	for n < 3 {
		<-tk.C
		n++
	}
	fmt.Println("ticks received:", n)
	tk.Stop()
	select {
	case <-tk.C:
		fmt.Println("tick after Stop")
	case <-time.After(50 * time.Millisecond):
		fmt.Println("no tick after Stop")
	}

	slow := time.NewTicker(time.Hour)
	slow.Reset(10 * time.Millisecond)
	got := 0
	timeout := time.After(200 * time.Millisecond)
loop:
	for got < 2 {
		select {
		case <-slow.C:
			got++
		case <-timeout:
			break loop
		}
	}
	fmt.Println("ticks after Reset to 10ms:", got)
	slow.Stop()

	c := time.Tick(10 * time.Millisecond)
	<-c
	<-c
	fmt.Println("time.Tick delivered 2 ticks")

	// 50ms ticker, receiver away for 130ms (two periods elapse): only one tick waits;
	// the next one is due at 150ms.
	drop := time.NewTicker(50 * time.Millisecond)
	time.Sleep(130 * time.Millisecond)
	pending := 0
	for {
		select {
		case <-drop.C:
			pending++
			continue
		default:
		}
		break
	}
	fmt.Println("pending ticks after missing two periods:", pending)
	<-drop.C
	fmt.Println("next tick still arrives")
	drop.Stop()
}
