package main

import (
	"fmt"
	"runtime"
	"sync"
)

func main() {
	runtime.GOMAXPROCS(1)

	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		order []string
	)
	worker := func(name string) {
		defer wg.Done()
		for i := 0; i < 3; i++ {
			mu.Lock()
			order = append(order, fmt.Sprintf("%s%d", name, i))
			mu.Unlock()
		}
	}

	wg.Add(3)
	go worker("A")
	go worker("B")
	go worker("C")
	wg.Wait()
	fmt.Println(order)
}
