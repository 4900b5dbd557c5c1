// GOMAXPROCS=2
package main

import (
	"fmt"
	"sync"
)

func main() {
	start := make(chan struct{})
	out := make(chan string, 3)
	var wg sync.WaitGroup
	for _, name := range []string{"A", "B", "C"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			out <- name
		}()
	}
	for i := 0; i < 1000; i++ {
		_ = i * i
	}
	close(start)
	wg.Wait()
	close(out)
	for s := range out {
		fmt.Print(s)
	}
	fmt.Println()
}
