// The chapter's bug: unbounded goroutines spin-retrying, and main guesses with Sleep.
package main

import (
	"fmt"
	"sync/atomic"
	"time"
)

// The explorer's parameters (p.n=40 in a link, gmp run compute-all --set n=40).
const (
	n        = 100                    // goroutines (one per item) [1, 100000]
	attempts = 50                     // attempts each item needs before it succeeds [1, 1000000]
	attempt  = 100 * time.Microsecond // CPU time of one attempt [0, 1h]
	sleep    = 2 * time.Second        // main's time.Sleep guess [0, 1h]
)

var done atomic.Int64

// tryOnce burns about one attempt's CPU time and succeeds on the last attempt.
func tryOnce(i int, tries *int) bool {
	for start := time.Now(); time.Since(start) < attempt; {
	}
	*tries++
	return *tries >= attempts
}

func computeAll() {
	for i := 0; i < n; i++ {
		go func(i int) {
			tries := 0
			for { // spin-retry: no sleep, no channel, nothing to wait on
				if tryOnce(i, &tries) {
					done.Add(1)
					return
				}
			}
		}(i)
	}
	time.Sleep(sleep) // "should be enough time"
}

func main() {
	computeAll()
	fmt.Println(done.Load(), "of", n, "results ready after the sleep")
}
