// GOMAXPROCS=4
package main

import "fmt"

// Four workers square their numbers and send the results back; main prints them in
// the order they arrive.
func main() {
	results := make(chan int)
	for i := 1; i <= 4; i++ {
		go func() {
			s := 0
			for k := 0; k < 2000; k++ {
				s += k % (i + 1)
			}
			results <- i*i + s*0
		}()
	}
	for i := 0; i < 4; i++ {
		fmt.Print(<-results, " ")
	}
	fmt.Println()
}
