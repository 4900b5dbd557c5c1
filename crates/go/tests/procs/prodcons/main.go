// GOMAXPROCS=2
package main

import (
	"fmt"
	"strings"
)

// A producer and a consumer on a channel of two slots, each noting what it did.
func main() {
	ch := make(chan int, 2)
	done := make(chan bool)
	var log strings.Builder
	var mu = make(chan bool, 1)
	note := func(s string) { mu <- true; log.WriteString(s); <-mu }
	go func() {
		for v := range ch {
			note(fmt.Sprint("g", v, " "))
		}
		done <- true
	}()
	for i := 0; i < 5; i++ {
		note(fmt.Sprint("p", i, " "))
		ch <- i
	}
	close(ch)
	<-done
	fmt.Println(log.String())
}
