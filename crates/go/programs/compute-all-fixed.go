// The fix: a semaphore of GOMAXPROCS slots, Gosched between attempts, a WaitGroup.
package main

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// The explorer's parameters (p.n=40 in a link, gmp run compute-all-fixed --set n=40).
const (
	n        = 100                    // items [1, 100000]
	attempts = 50                     // attempts each item needs before it succeeds [1, 1000000]
	attempt  = 100 * time.Microsecond // CPU time of one attempt [0, 1h]
)

var done atomic.Int64

func tryOnce(i int, tries *int) bool {
	for start := time.Now(); time.Since(start) < attempt; {
	}
	*tries++
	return *tries >= attempts
}

func computeAll() {
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0)) // at most one worker per P
	for i := 0; i < n; i++ {
		wg.Add(1)
		sem <- struct{}{}
		go func(i int) {
			defer wg.Done()
			defer func() { <-sem }()
			tries := 0
			for !tryOnce(i, &tries) {
				runtime.Gosched() // let others run between attempts
			}
			done.Add(1)
		}(i)
	}
	wg.Wait() // a real completion signal
}

func main() {
	computeAll()
	fmt.Println(done.Load(), "of", n, "results ready")
}
