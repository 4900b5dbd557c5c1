package main

import (
	"fmt"
	"time"
)

func main() {
	ch := make(chan int, 1)
	select {
	case v := <-ch:
		fmt.Println("got", v)
	default:
		fmt.Println("empty")
	}
	ch <- 7
	select {
	case v := <-ch:
		fmt.Println("got", v)
	default:
		fmt.Println("empty")
	}
	quit := make(chan bool)
	data := make(chan int)
	go func() {
		for i := 0; i < 3; i++ {
			data <- i
			time.Sleep(time.Millisecond)
		}
		quit <- true
	}()
	for {
		select {
		case v := <-data:
			fmt.Println("data", v)
		case <-quit:
			fmt.Println("quit")
			return
		}
	}
}
