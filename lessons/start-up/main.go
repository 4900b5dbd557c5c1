// Start-up: before main.main, schedinit makes GOMAXPROCS Ps (procresize) and caps
// threads at 10000 (maxmcount); runtime.main starts sysmon on its own M, the runtime's
// goroutines (forcegchelper, bgsweep, bgscavenge, ...) and runs package init locked
// to M0. Only then does main.main run, as goroutine 1.
package main

import (
	"fmt"
	"runtime"
)

// The explorer's parameters (gmp run lessons/start-up/main.go --set waiting=2).
const (
	waiting = 0 // goroutines main starts, parked, before it counts [0, 100]
)

var order []string

func init() {
	order = append(order, "init") // runtime.main runs package init before main.main
}

func main() {
	order = append(order, "main")
	block := make(chan bool)
	for range waiting {
		go func() { <-block }()
	}
	// The runtime's own goroutines are not counted (isSystemGoroutine).
	fmt.Println(order, "goroutines:", runtime.NumGoroutine(), "Ps:", runtime.GOMAXPROCS(0))
}
