// In which order do goroutines waiting on a sync.Cond resume? GOMAXPROCS=1: W1..W4
// call Wait in that order; then main wakes them with Broadcast (first line) or with
// four Signals (second line), each time holding the lock and then releasing it.
package main

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
)

func round(broadcast bool) string {
	var mu sync.Mutex
	cond := sync.NewCond(&mu)
	var order []string
	var wg sync.WaitGroup
	ready := false
	for i := 1; i <= 4; i++ {
		wg.Add(1)
		name := fmt.Sprintf("W%d", i)
		go func() {
			defer wg.Done()
			mu.Lock()
			for !ready {
				cond.Wait()
			}
			order = append(order, name)
			mu.Unlock()
		}()
		runtime.Gosched() // let it reach Wait before the next one starts
	}
	mu.Lock()
	ready = true
	if broadcast {
		cond.Broadcast()
	} else {
		for i := 0; i < 4; i++ {
			cond.Signal()
		}
	}
	mu.Unlock()
	wg.Wait()
	return strings.Join(order, " ")
}

func main() {
	runtime.GOMAXPROCS(1)
	fmt.Println("Broadcast:", round(true))
	fmt.Println("Signal x4:", round(false))
}
