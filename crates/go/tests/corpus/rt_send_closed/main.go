package main

import "fmt"

func main() {
	jobs := make(chan string, 2)
	jobs <- "wash"
	jobs <- "dry"
	close(jobs)
	for j := range jobs {
		fmt.Println("job", j)
	}
	fmt.Println("one more job")
	jobs <- "fold"
}
