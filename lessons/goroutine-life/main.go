// A goroutine's life: go (newproc) takes a dead G from its P's free list (gfget) or
// makes a new one, execute runs it, time.Sleep parks it (gopark) until the timer
// readies it (goready), and its return (goexit0) leaves it dead on the free list
// (gfput), stack and all, for the next go statement.
package main

import (
	"fmt"
	"sync"
	"time"
	"unsafe"
)

// The explorer's parameters (gmp run lessons/goroutine-life/main.go --set rounds=5).
const (
	rounds = 3                    // goroutines main starts [1, 50]
	nap    = 1 * time.Millisecond // how long each one sleeps, parked [0, 1s]
	wait   = true                 // main waits for each goroutine before the next go
)

func main() {
	var wg sync.WaitGroup
	addrs := make([]uintptr, rounds)
	for i := range rounds {
		wg.Add(1)
		go func() { // newproc: _Gdead -> _Grunnable
			defer wg.Done()
			var x int // a local on this goroutine's own stack
			addrs[i] = uintptr(unsafe.Pointer(&x))
			time.Sleep(nap) // gopark: _Grunning -> _Gwaiting, until goready
		}()
		if wait {
			wg.Wait() // it has returned: goexit0 made it _Gdead, on P0's free list
		}
	}
	wg.Wait()
	life := make([]string, rounds)
	for i, a := range addrs {
		if i > 0 && a == addrs[i-1] {
			life[i] = "reused" // the same stack: the same G, from gfget
		} else {
			life[i] = "new"
		}
	}
	fmt.Println(life)
}
