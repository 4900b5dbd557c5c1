// The chapter's runtime.Gosched example: goroutines A, B, ... take turns on one P.
package main

import (
	"fmt"
	"runtime"
	"sync"
)

// The explorer's parameters (p.goroutines=3 in a link, gmp run gosched --set goroutines=3).
const (
	goroutines = 2    // how many goroutines (named A, B, C, ...) [1, 26]
	iterations = 3    // labels each goroutine records [1, 1000]
	yield      = true // call runtime.Gosched after each label
	procs      = 1    // the program's runtime.GOMAXPROCS(n) [1, 64]
)

func main() {
	runtime.GOMAXPROCS(procs)

	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		order []string
	)
	worker := func(name string) {
		defer wg.Done()
		for i := 0; i < iterations; i++ {
			mu.Lock()
			order = append(order, fmt.Sprintf("%s%d", name, i))
			mu.Unlock()
			if yield {
				runtime.Gosched() // give the P to the next runnable goroutine
			}
		}
	}

	wg.Add(goroutines)
	for i := 0; i < goroutines; i++ {
		go worker(string(rune('A' + i)))
	}
	wg.Wait()
	fmt.Println(order)
}
