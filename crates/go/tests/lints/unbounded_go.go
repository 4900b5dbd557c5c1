package main

import (
	"fmt"
	"sync"
)

func crunch(n int) int {
	s := 0
	for i := range 1000 {
		s += (i * n) % 7
	}
	return s
}

func main() {
	var wg sync.WaitGroup
	var mu sync.Mutex
	total := 0
	for i := 0; i < 10000; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := crunch(100)
			mu.Lock()
			total += s
			mu.Unlock()
		}()
	}
	wg.Wait()
	fmt.Println(total)
}
