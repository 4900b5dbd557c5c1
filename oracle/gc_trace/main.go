// The phases of one runtime.GC() cycle in the execution trace: which goroutine stops
// the world for sweep termination (the caller, in gcStart), where the caller waits
// (gcWaitOnMark: "wait until GC ends"), and which goroutine stops the world for mark
// termination (a gcBgMarkWorker, in gcMarkDone). Writes the trace to the file named by
// the first argument; see README.md for how it is read.
package main

import (
	"os"
	"runtime"
	"runtime/trace"
)

func main() {
	f, err := os.Create(os.Args[1])
	if err != nil {
		panic(err)
	}
	if err := trace.Start(f); err != nil {
		panic(err)
	}
	runtime.GC()
	trace.Stop()
	f.Close()
}
