// Which Ps do two CPU-bound goroutines end up on with GOMAXPROCS=4?
// Run with GOMAXPROCS=4 GODEBUG=schedtrace=100,scheddetail=1: the P lines of the
// SCHED line printed at about 100 ms show which Ps run (status=1) and which sit
// idle (status=0).
package main

import "time"

var sink [2]uint64

func spin(slot int, d time.Duration) {
	start := time.Now()
	for time.Since(start) < d {
		for i := 0; i < 1000; i++ {
			sink[slot] += uint64(i)
		}
	}
}

func main() {
	done := make(chan bool)
	for s := 0; s < 2; s++ {
		go func() {
			spin(s, 250*time.Millisecond)
			done <- true
		}()
	}
	<-done
	<-done
}
