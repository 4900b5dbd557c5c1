// GOMAXPROCS=2
package main

import (
	"fmt"
	"sync"
)

func main() {
	var wg sync.WaitGroup
	var mu sync.Mutex
	var log []string
	add := func(s string) { mu.Lock(); log = append(log, s); mu.Unlock() }
	for _, outer := range []string{"x", "y"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			add(outer)
			for _, inner := range []string{"1", "2"} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					add(outer + inner)
				}()
			}
		}()
	}
	wg.Wait()
	fmt.Println(log)
}
