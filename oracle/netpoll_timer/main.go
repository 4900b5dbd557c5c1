// How long does time.Sleep(d) take in a program with nothing else to do? The idle M
// waits for the timer in netpoll (epoll_wait), whose timeout is whole milliseconds.
// Prints, for each d, the median of 200 sleeps in microseconds.
package main

import (
	"fmt"
	"sort"
	"time"
)

func main() {
	for _, d := range []time.Duration{
		20 * time.Microsecond, 50 * time.Microsecond, 500 * time.Microsecond,
		900 * time.Microsecond, 1500 * time.Microsecond, 2500 * time.Microsecond,
	} {
		took := make([]time.Duration, 200)
		for i := range took {
			t0 := time.Now()
			time.Sleep(d)
			took[i] = time.Since(t0)
		}
		sort.Slice(took, func(a, b int) bool { return took[a] < took[b] })
		fmt.Printf("sleep %v: median %d us\n", d, took[len(took)/2].Microseconds())
	}
}
