// sync.Mutex starvation mode: main re-locks the mutex in a loop (hold 20 µs, release,
// take it back at once) while W waits for it. How long does W wait, and how many times
// does main take the lock back before W gets it? GOMAXPROCS=2.
package main

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

var sink uint64

func hold(d time.Duration) {
	end := time.Now().Add(d)
	for time.Now().Before(end) {
		sink++
	}
}

func main() {
	runtime.GOMAXPROCS(2)
	var mu sync.Mutex
	var got atomic.Bool
	var waited time.Duration
	var relocks int
	mu.Lock()
	go func() {
		t0 := time.Now()
		mu.Lock()
		waited = time.Since(t0)
		got.Store(true)
		mu.Unlock()
	}()
	hold(100 * time.Microsecond) // let W block in Lock
	for !got.Load() {
		mu.Unlock()
		mu.Lock()
		relocks++
		hold(20 * time.Microsecond)
	}
	mu.Unlock()
	fmt.Printf("W waited %d us; main re-locked %d times\n", waited.Microseconds()/100*100, relocks)
}
