package main

import "fmt"

func main() {
	done := make(chan struct{})
	results := make(chan int, 3)
	go func() {
		for i := 1; i <= 3; i++ {
			results <- i * 10
		}
		close(results)
		close(done)
	}()
	<-done
	for r := range results {
		fmt.Println("result", r)
	}
	fmt.Println("closing again")
	close(done)
}
