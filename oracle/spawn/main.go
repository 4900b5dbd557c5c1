// The fan-out benchmark that `gmp run spawn` models (experiment f): n trivial
// goroutines with a WaitGroup. GOMAXPROCS comes from the environment, as usual;
// N (default 1000000) sets n.
package main

import (
	"fmt"
	"os"
	"strconv"
	"sync"
)

func main() {
	n := 1000000
	if s := os.Getenv("N"); s != "" {
		if v, err := strconv.Atoi(s); err == nil && v > 0 {
			n = v
		}
	}
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() { wg.Done() }()
	}
	wg.Wait()
	fmt.Println(n, "goroutines done")
}
