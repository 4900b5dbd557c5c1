// An M's life: a read(2) that blocks keeps its thread, so the runtime gives the P to
// another M (handoffp → startm): a new one the first time (newm), then one that was
// parked on the idle list (stopm) and is woken again (notewakeup).
package main

import (
	"fmt"
	"runtime"
	"sync"
	"time"

	"gmp/explorer"
)

// The explorer's parameters (p.readers=6 in a link, gmp run m-life --set readers=6).
const (
	spinners = 2                     // CPU-bound goroutines that keep the Ps busy [0, 8]
	readers  = 4                     // goroutines reading a slow file at the same time [1, 16]
	rounds   = 2                     // rounds of reads, one after another [1, 10]
	block    = 15 * time.Millisecond // how long each read(2) blocks [1ms, 1s]
	work     = 80 * time.Millisecond // CPU time each spinner needs [1ms, 1s]
	procs    = 2                     // the program's runtime.GOMAXPROCS(n) [1, 64]
)

func spin(d time.Duration, wg *sync.WaitGroup) {
	defer wg.Done()
	for start := time.Now(); time.Since(start) < d; {
	}
}

// read reads a slow file: read(2) holds its M in the kernel until the byte comes.
func read(wg *sync.WaitGroup) {
	defer wg.Done()
	f := explorer.SlowFile(block)
	f.Read(make([]byte, 1))
	f.Close()
}

func main() {
	runtime.GOMAXPROCS(procs)

	var spinning sync.WaitGroup
	spinning.Add(spinners)
	for i := 0; i < spinners; i++ {
		go spin(work, &spinning)
	}
	for r := 0; r < rounds; r++ {
		var reading sync.WaitGroup
		reading.Add(readers)
		for i := 0; i < readers; i++ {
			go read(&reading)
		}
		reading.Wait()
	}
	spinning.Wait()
	fmt.Println(rounds, "rounds of", readers, "reads done")
}
