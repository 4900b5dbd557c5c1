// Checks runtime.Goexit called by main (runtime/panic.go: Goexit, runtime/proc.go:
// checkdead): main's deferred calls run, the program keeps going while another goroutine
// finishes, and then the runtime reports "no goroutines (main called runtime.Goexit) -
// deadlock!" with exit status 2.
package main

import (
	"fmt"
	"runtime"
)

func main() {
	start := make(chan bool)
	go func() {
		<-start
		fmt.Println("other goroutine runs after main's Goexit")
		fmt.Println("other goroutine done")
	}()
	defer close(start)
	defer fmt.Println("main's deferred call runs")
	runtime.Goexit()
	fmt.Println("unreachable")
}
