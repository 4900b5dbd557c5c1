// A 50 µs time.Sleep in a program with nothing else to do: does it take a whole
// millisecond (the idle M waits in epoll_wait, whose timeout is in ms)? The same
// question as ../netpoll_timer, in the subset the explorer's Go front end runs.
package main

import (
	"fmt"
	"time"
)

func main() {
	short := 0
	for i := 0; i < 20; i++ {
		t0 := time.Now()
		time.Sleep(50 * time.Microsecond)
		if time.Since(t0) < time.Millisecond {
			short++
		}
	}
	fmt.Println("sleeps shorter than 1ms:", short, "of 20")
}
