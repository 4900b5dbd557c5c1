// Checks time.AfterFunc (time/sleep.go: AfterFunc, runtime/time.go: goFunc): f runs in
// its own goroutine (main keeps running while f is blocked, and NumGoroutine counts it);
// Stop before f runs returns true and f never runs; Reset of a fired AfterFunc timer
// returns false and runs f again; several AfterFuncs run in order of their durations.
package main

import (
	"fmt"
	"runtime"
	"sync"
	"time"
)

func main() {
	started := make(chan int)
	release := make(chan bool)
	done := make(chan bool)
	time.AfterFunc(time.Millisecond, func() {
		started <- runtime.NumGoroutine()
		<-release
		done <- true
	})
	n := <-started
	fmt.Println("goroutines while f runs:", n)
	fmt.Println("main continues while f is blocked")
	close(release)
	<-done

	var mu sync.Mutex
	ran := 0
	t := time.AfterFunc(20*time.Millisecond, func() {
		mu.Lock()
		ran++
		mu.Unlock()
	})
	fmt.Println("Stop before f runs:", t.Stop())
	time.Sleep(40 * time.Millisecond)
	mu.Lock()
	fmt.Println("runs after Stop:", ran)
	mu.Unlock()

	runs := make(chan int, 4)
	count := 0
	t2 := time.AfterFunc(time.Millisecond, func() {
		count++
		runs <- count
	})
	fmt.Println("first run:", <-runs)
	fmt.Println("Reset after fired:", t2.Reset(time.Millisecond))
	fmt.Println("second run:", <-runs)
	fmt.Println("Stop after fired:", t2.Stop())

	order := make(chan string, 3)
	time.AfterFunc(60*time.Millisecond, func() { order <- "60ms" })
	time.AfterFunc(20*time.Millisecond, func() { order <- "20ms" })
	time.AfterFunc(40*time.Millisecond, func() { order <- "40ms" })
	fmt.Println("order:", <-order, <-order, <-order)
}
