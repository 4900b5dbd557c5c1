// The scheduling loop: main starts goroutines on one P and waits. Each goroutine's
// exit (goexit0) sends the M back to schedule, and findRunnable picks the next G:
// runnext, then the ring, with one look at the global queue every 61st schedtick.
package main

import (
	"fmt"
	"sync"
)

// The explorer's parameters (gmp run lessons/scheduling-loop/main.go --set goroutines=3).
const (
	goroutines = 320 // goroutines main starts before it waits [1, 1000]
)

func main() {
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		order []int
	)
	wg.Add(goroutines)
	for i := 0; i < goroutines; i++ {
		go func() {
			defer wg.Done()
			mu.Lock()
			order = append(order, i) // the order the goroutines ran in
			mu.Unlock()
		}()
	}
	wg.Wait()
	fmt.Println(ranges(order))
}

// ranges writes runs of consecutive numbers as first-last: [319 126-253 ...].
func ranges(xs []int) string {
	s := ""
	for i := 0; i < len(xs); {
		j := i
		for j+1 < len(xs) && xs[j+1] == xs[j]+1 {
			j++
		}
		if i > 0 {
			s += " "
		}
		if j > i {
			s += fmt.Sprintf("%d-%d", xs[i], xs[j])
		} else {
			s += fmt.Sprint(xs[i])
		}
		i = j + 1
	}
	return "[" + s + "]"
}
