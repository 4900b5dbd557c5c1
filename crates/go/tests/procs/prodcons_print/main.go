// GOMAXPROCS=2
package main

import "fmt"

func main() {
	ch := make(chan int, 2)
	done := make(chan bool)
	go func() {
		for v := range ch {
			fmt.Println("got", v)
		}
		done <- true
	}()
	for i := 0; i < 5; i++ {
		fmt.Println("put", i)
		ch <- i
	}
	close(ch)
	<-done
}
