// main waits on a channel nobody sends on: checkdead reports a deadlock.
package main

import "time"

// The explorer's parameters (p.sleeper=true in a link, gmp run deadlock --set sleeper=true).
const (
	sleeper = false // another goroutine sleeps 50 ms first (the report waits for its timer)
)

func main() {
	if sleeper {
		go func() { time.Sleep(50 * time.Millisecond) }()
	}
	ch := make(chan int)
	<-ch // nobody will ever send
}
