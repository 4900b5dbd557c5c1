// Cooperative against signal-based preemption: a goroutine spins on the only P.
package main

import (
	"runtime"
	"time"
)

// The explorer's parameters (p.call=true in a link, gmp run tight-loop --set call=true).
const (
	call  = false                // the loop calls a (non-inlined) function each iteration
	sleep = 1 * time.Millisecond // how long main sleeps [0, 1h]
)

func main() {
	runtime.GOMAXPROCS(1)
	go func() {
		if call {
			for {
				work() // a real call: its prologue is a safe point
			}
		}
		for {
		} // no calls: only a signal can preempt this loop
	}()
	time.Sleep(sleep)
	println("exit")
}

// work calls a function, so gc gives it a stack check in its prologue: a safe point.
// (A leaf with a frame under 128 bytes, like bump, is NOSPLIT: calling only bump
// would never be preempted without signals.)
//
//go:noinline
func work() { bump() }

//go:noinline
func bump() { n++ }

var n int
