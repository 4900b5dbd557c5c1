// GOMAXPROCS=2
package main

import (
	"fmt"
	"sync"
)

func main() {
	var wg sync.WaitGroup
	var mu sync.Mutex
	order := []string{}
	for _, name := range []string{"A", "B", "C", "D"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			order = append(order, name)
			mu.Unlock()
		}()
	}
	wg.Wait()
	fmt.Println(order)
}
