// GOMAXPROCS=2
package main

import "fmt"

// Two goroutines bat a counter back and forth on unbuffered channels, each printing
// as it hits; main prints when the rally is over.
func main() {
	ping, pong := make(chan int), make(chan int)
	done := make(chan bool)
	go func() {
		for v := range ping {
			fmt.Println("pong", v)
			pong <- v + 1
		}
		done <- true
	}()
	v := 0
	for i := 0; i < 3; i++ {
		fmt.Println("ping", v)
		ping <- v
		v = <-pong
	}
	close(ping)
	<-done
	fmt.Println("end", v)
}
