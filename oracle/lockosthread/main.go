// runtime.LockOSThread: does a locked goroutine always come back on the same thread?
// GOMAXPROCS=2, two CPU-bound goroutines keep the Ps busy; L locks itself to its thread
// and sleeps 100 times, U does the same without locking. Each counts how many distinct
// thread ids (gettid) it ran on.
package main

import (
	"fmt"
	"runtime"
	"sync"
	"syscall"
	"time"
)

var sink [2]uint64

func threads(lock bool) int {
	if lock {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
	}
	seen := map[int]bool{}
	for i := 0; i < 100; i++ {
		seen[syscall.Gettid()] = true
		time.Sleep(100 * time.Microsecond)
	}
	return len(seen)
}

func main() {
	runtime.GOMAXPROCS(2)
	stop := make(chan bool)
	for i := 0; i < 2; i++ {
		go func() {
			for {
				select {
				case <-stop:
					return
				default:
					sink[i]++
				}
			}
		}()
	}
	var wg sync.WaitGroup
	var locked, unlocked int
	wg.Add(2)
	go func() { defer wg.Done(); locked = threads(true) }()
	go func() { defer wg.Done(); unlocked = threads(false) }()
	wg.Wait()
	close(stop)
	fmt.Printf("locked: %d thread(s); unlocked: more than one: %v\n", locked, unlocked > 1)
}
