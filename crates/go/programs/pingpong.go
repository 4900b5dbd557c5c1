// Two goroutines bounce a value over unbuffered channels: runnext hand-offs.
package main

import (
	"fmt"
	"runtime"
)

// The explorer's parameters (p.rounds=1000 in a link, gmp run pingpong --set rounds=1000).
const (
	rounds = 100000 // round trips [1, 100000000]
	procs  = 1      // the program's runtime.GOMAXPROCS(n) [1, 64]
)

func main() {
	runtime.GOMAXPROCS(procs)
	ping, pong := make(chan int), make(chan int)
	go func() {
		for i := 0; i < rounds; i++ {
			pong <- <-ping
		}
	}()
	for i := 0; i < rounds; i++ {
		ping <- i
		<-pong
	}
	fmt.Println(rounds, "round trips")
}
