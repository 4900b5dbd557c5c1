package main

import (
	"fmt"
	"runtime"
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
	jobs := make(chan int)
	sums := make(chan int, 10000)
	for w := 0; w < runtime.NumCPU(); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := range jobs {
				sums <- crunch(n)
			}
		}()
	}
	for i := 0; i < 10000; i++ {
		jobs <- 100
	}
	close(jobs)
	wg.Wait()
	close(sums)
	total := 0
	for s := range sums {
		total += s
	}
	fmt.Println(total)
}
