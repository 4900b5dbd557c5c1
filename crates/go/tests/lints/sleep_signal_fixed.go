package main

import (
	"fmt"
	"sync"
	"time"
)

func main() {
	results := make([]int, 4)
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = i * i
		}()
	}
	time.Sleep(10 * time.Millisecond)
	wg.Wait()
	fmt.Println(results)
}
