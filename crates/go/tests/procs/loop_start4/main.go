// GOMAXPROCS=4
package main

import (
	"fmt"
	"sync"
)

// Six goroutines started in a loop note the order they ran in.
func main() {
	var wg sync.WaitGroup
	var mu sync.Mutex
	order := ""
	for _, name := range []string{"A", "B", "C", "D", "E", "F"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			order += name
			mu.Unlock()
		}()
	}
	wg.Wait()
	fmt.Println(order)
}
