package main

import (
	"fmt"
	"sync"
	"time"
)

func main() {
	var wg sync.WaitGroup
	var mu sync.Mutex
	var out []int
	for _, d := range []int{30, 10, 20} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			time.Sleep(time.Duration(d) * time.Millisecond)
			mu.Lock()
			out = append(out, d)
			mu.Unlock()
		}()
	}
	wg.Wait()
	fmt.Println(out)
	start := time.Now()
	time.Sleep(5 * time.Millisecond)
	fmt.Println(time.Since(start) >= 5*time.Millisecond, time.Duration(1500)*time.Microsecond)
}
