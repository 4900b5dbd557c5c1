package main

import "fmt"

func producer(n int, out chan<- int) {
	for i := 1; i <= n; i++ {
		out <- i
	}
	close(out)
}

func square(in <-chan int, out chan<- int) {
	for v := range in {
		out <- v * v
	}
	close(out)
}

func main() {
	a := make(chan int)
	b := make(chan int)
	go producer(5, a)
	go square(a, b)
	total := 0
	for v := range b {
		total += v
	}
	fmt.Println("total", total)
	c := make(chan string, 2)
	c <- "x"
	c <- "y"
	fmt.Println(len(c), cap(c), <-c, <-c)
	close(c)
	v, ok := <-c
	fmt.Printf("%q %v\n", v, ok)
	done := make(chan struct{})
	results := make(chan chan int, 1)
	go func() {
		r := make(chan int, 1)
		r <- 42
		results <- r
		close(done)
	}()
	<-done
	fmt.Println(<-<-results)
}
