// GOMAXPROCS=4
package main

import "fmt"

// Three receivers park on one channel; main sends three values, then prints who got
// which.
func main() {
	ch := make(chan int)
	got := make(chan string, 3)
	for _, name := range []string{"A", "B", "C"} {
		go func() {
			v := <-ch
			got <- fmt.Sprint(name, v)
		}()
	}
	for i := 0; i < 200; i++ {
		_ = i * i
	}
	for i := 1; i <= 3; i++ {
		ch <- i
	}
	for i := 0; i < 3; i++ {
		fmt.Print(<-got, " ")
	}
	fmt.Println()
}
