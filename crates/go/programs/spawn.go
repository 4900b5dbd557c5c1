// The fan-out benchmark: n trivial goroutines and a WaitGroup.
package main

import (
	"fmt"
	"sync"
)

// The explorer's parameters (p.n=1000 in a link, gmp run spawn --set n=1000).
const (
	n = 1000000 // goroutines [1, 10000000]
)

func main() {
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() { wg.Done() }()
	}
	wg.Wait()
	fmt.Println(n, "goroutines done")
}
