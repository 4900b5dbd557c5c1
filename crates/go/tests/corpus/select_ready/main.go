package main

import "fmt"

func main() {
	evens := make(chan int)
	odds := make(chan int)
	quit := make(chan struct{})
	go func() {
		for i := 0; i < 6; i++ {
			if i%2 == 0 {
				evens <- i
			} else {
				odds <- i
			}
		}
		close(quit)
	}()
	sumE, sumO := 0, 0
	for done := false; !done; {
		select {
		case v := <-evens:
			sumE += v
		case v := <-odds:
			sumO += v
		case <-quit:
			done = true
		}
	}
	fmt.Println("evens", sumE, "odds", sumO)
	var never chan int
	buf := make(chan int, 1)
	for i := 0; i < 3; i++ {
		select {
		case v := <-never:
			fmt.Println("impossible", v)
		case buf <- i:
			fmt.Println("sent", i)
		case v := <-buf:
			fmt.Println("received", v)
		}
	}
}
