// sync.RWMutex wake order. GOMAXPROCS=1: main holds the write lock; W2 blocks in Lock,
// then R1, R2, R3 block in RLock, in that order; main unlocks and waits. Each records
// when it gets its lock.
package main

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
)

func main() {
	runtime.GOMAXPROCS(1)
	var rw sync.RWMutex
	var order []string
	var wg sync.WaitGroup
	rw.Lock()
	wg.Add(1)
	go func() {
		defer wg.Done()
		rw.Lock()
		order = append(order, "W2")
		rw.Unlock()
	}()
	runtime.Gosched() // W2 blocks
	for i := 1; i <= 3; i++ {
		wg.Add(1)
		name := fmt.Sprintf("R%d", i)
		go func() {
			defer wg.Done()
			rw.RLock()
			order = append(order, name)
			rw.RUnlock()
		}()
		runtime.Gosched() // it blocks before the next one starts
	}
	order = append(order, "main-unlock")
	rw.Unlock()
	wg.Wait()
	fmt.Println(strings.Join(order, " "))
}
