// A GOMAXPROCS change while goroutines run: runtime.GOMAXPROCS(n) stops the world,
// procresize makes or destroys Ps (a destroyed P's run queue goes to the global
// queue), and starting the world again gives the Ps with work an M each.
package main

import (
	"fmt"
	"runtime"
	"sync"
	"time"
)

// The explorer's parameters (p.to=4 in a link, gmp run procs-change --set to=4).
const (
	workers = 8                     // CPU-bound goroutines [1, 64]
	work    = 20 * time.Millisecond // CPU time each one needs [1ms, 1s]
	from    = 4                     // GOMAXPROCS at the start [1, 64]
	to      = 1                     // GOMAXPROCS after the change [1, 64]
	at      = 3 * time.Millisecond  // when main changes it [0, 1s]
)

func spin(d time.Duration, wg *sync.WaitGroup) {
	defer wg.Done()
	for start := time.Now(); time.Since(start) < d; {
	}
}

func main() {
	runtime.GOMAXPROCS(from)

	var wg sync.WaitGroup
	wg.Add(workers)
	for i := 0; i < workers; i++ {
		go spin(work, &wg)
	}
	time.Sleep(at)
	old := runtime.GOMAXPROCS(to) // returns the previous setting
	fmt.Println("GOMAXPROCS", old, "->", to)
	wg.Wait()
	fmt.Println("done with", runtime.GOMAXPROCS(0), "Ps")
}
