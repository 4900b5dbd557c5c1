// The schedtrace chapter's workload: goroutines that only compute, more of them than
// there are Ps.
package main

import (
	"fmt"
	"sync"
	"time"
)

// The explorer's parameters (p.goroutines=8 in a link, gmp run cpu-bound --set goroutines=8).
const (
	goroutines = 40                    // CPU-bound goroutines [1, 100000]
	work       = 20 * time.Millisecond // how long each one computes, from its start [0, 1h]
)

// spin computes for d: it reads the clock until d has passed. time.Since is a call,
// so its prologue is a safe point as well as the asynchronous preemption signal.
func spin(d time.Duration, wg *sync.WaitGroup) {
	defer wg.Done()
	for start := time.Now(); time.Since(start) < d; {
	}
}

func main() {
	var wg sync.WaitGroup
	wg.Add(goroutines)
	for i := 0; i < goroutines; i++ {
		go spin(work, &wg)
	}
	wg.Wait()
	fmt.Println("done")
}
