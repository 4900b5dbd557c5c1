// Mistakes with goroutines and channels that the compiler catches: each is one error,
// and go build prints all of them with -gcflags=-e.
package main

import (
	"fmt"
	"sync"
)

func producer(out chan<- int) {
	v := <-out
	fmt.Println(v)
}

func consumer(in <-chan int) {
	in <- 1
	close(in)
}

func main() {
	var mu sync.Mutex
	ch := make(chan int)
	mu.Lock
	for i, v := range ch {
		fmt.Println(i, v)
	}
	var done chan struct{}
	done <- true
	select {
	case x := 1:
		fmt.Println(x)
	}
	consumer(ch)
}
