// Checks select with a time.After timeout (runtime/select.go: selectgo, time/sleep.go:
// After): a channel that never sends loses to the timeout; a channel that becomes ready
// first wins over a long timeout; a per-iteration timeout in a loop fires only once the
// producer has run dry.
package main

import (
	"fmt"
	"time"
)

func main() {
	never := make(chan int)
	select {
	case v := <-never:
		fmt.Println("never sent, got", v)
	case <-time.After(20 * time.Millisecond):
		fmt.Println("timeout on silent channel")
	}

	soon := make(chan string)
	go func() {
		time.Sleep(5 * time.Millisecond)
		soon <- "value"
	}()
	select {
	case v := <-soon:
		fmt.Println("channel won:", v)
	case <-time.After(300 * time.Millisecond):
		fmt.Println("timeout won")
	}

	data := make(chan int)
	go func() {
		for i := 0; i < 3; i++ {
			data <- i * 10
		}
	}()
	for i := 0; i < 5; i++ {
		select {
		case v := <-data:
			fmt.Println("iteration", i, "got", v)
		case <-time.After(15 * time.Millisecond):
			fmt.Println("iteration", i, "timeout")
		}
	}
}
