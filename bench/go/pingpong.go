// 200,000 rounds of ping-pong over two unbuffered channels: a send, a wake-up and a
// receive each way a round (issue 25.4's channel figure).
package main

import "fmt"

func main() {
	ping, pong := make(chan int), make(chan int)
	go func() {
		for v := range ping {
			pong <- v + 1
		}
		close(pong)
	}()
	sum := 0
	for i := 0; i < 200000; i++ {
		ping <- i
		sum += <-pong
	}
	close(ping)
	fmt.Println(sum)
}
