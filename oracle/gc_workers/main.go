// Who marks? With GODEBUG=gctrace=1 the "ms cpu" part of each line splits the mark
// phase's CPU time into assist/background/idle. Cycle 1: runtime.GC() while nothing
// else runs, so Ps with nothing to do run idle-priority mark workers (findRunnable's
// idle GC work). Cycle 2: runtime.GC() while `busy` goroutines spin on every P, so no
// P is idle and only the dedicated/fractional workers of gcControllerState.startCycle
// (scheduled first by findRunnableGCWorker) mark.
package main

import (
	"fmt"
	"runtime"
	"sync"
	"time"
)

func spin(d time.Duration, wg *sync.WaitGroup) {
	defer wg.Done()
	start := time.Now()
	n := 0
	for time.Since(start) < d {
		n++
	}
}

func main() {
	runtime.GC()
	var wg sync.WaitGroup
	busy := runtime.GOMAXPROCS(0)
	for i := 0; i < busy; i++ {
		wg.Add(1)
		go spin(30*time.Millisecond, &wg)
	}
	time.Sleep(5 * time.Millisecond)
	runtime.GC()
	wg.Wait()
	fmt.Println("done")
}
