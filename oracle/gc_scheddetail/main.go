// What GODEBUG=schedtrace=1000,scheddetail=1 shows of the GC's goroutines after a
// cycle: one gcBgMarkWorker per P, parked in the worker pool ("GC worker (idle)"),
// listed with the other goroutines (scheddetail lists every G, runtime ones too).
package main

import (
	"fmt"
	"runtime"
	"time"
)

func main() {
	runtime.GC()
	time.Sleep(1100 * time.Millisecond)
	fmt.Println("done")
}
