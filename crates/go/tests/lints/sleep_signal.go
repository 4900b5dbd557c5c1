package main

import (
	"fmt"
	"time"
)

func main() {
	results := make([]int, 4)
	for i := 0; i < 4; i++ {
		go func() {
			results[i] = i * i
		}()
	}
	time.Sleep(10 * time.Millisecond)
	fmt.Println(results)
}
