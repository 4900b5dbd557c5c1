package main

import (
	"fmt"
	"runtime"
	"sync"
)

func main() {
	runtime.GOMAXPROCS(1)
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			fmt.Println("goroutine", i)
		}()
	}
	wg.Wait()
	fmt.Println("NumGoroutine:", runtime.NumGoroutine())
}
