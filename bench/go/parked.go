// 100,000 goroutines parked on one channel, then released: the main thread's load in
// the page (tests/e2e/bench-longtask.mjs) and a checkpoint's cost
// (crates/go/benches/fork.rs, which forks the run while main sleeps: a millisecond,
// which the page's deterministic driver at its default speed shows in 20 ms).
package main

import (
	"fmt"
	"sync"
	"time"
)

func main() {
	var wg sync.WaitGroup
	ch := make(chan int)
	for i := 0; i < 100000; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-ch
		}()
	}
	time.Sleep(time.Millisecond)
	close(ch)
	wg.Wait()
	fmt.Println("all 100000 done")
}
