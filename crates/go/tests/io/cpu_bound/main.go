package main

import (
	"fmt"
	"sync"
	"time"
)

// spin does call-free arithmetic for about d of CPU time.
func spin(d time.Duration, wg *sync.WaitGroup) {
	defer wg.Done()
	start := time.Now()
	x := 1
	for i := 0; ; i++ {
		x = x*31 + i
		if i%1_000_000 == 0 && time.Since(start) >= d {
			break
		}
	}
	_ = x
}

func main() {
	var wg sync.WaitGroup
	wg.Add(8)
	for i := 0; i < 8; i++ {
		go spin(50*time.Millisecond, &wg)
	}
	wg.Wait()
	fmt.Println("done")
}
