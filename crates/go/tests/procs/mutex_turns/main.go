// GOMAXPROCS=2
package main

import (
	"fmt"
	"sync"
)

// Two goroutines take turns at a mutex three times each, noting who held it.
func main() {
	var mu sync.Mutex
	var wg sync.WaitGroup
	turns := ""
	for _, name := range []string{"a", "b"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 3; i++ {
				mu.Lock()
				turns += name
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	fmt.Println(turns)
}
