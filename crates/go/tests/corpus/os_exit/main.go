package main

import (
	"fmt"
	"os"
)

func main() {
	defer fmt.Println("not printed: os.Exit skips deferred calls")
	fmt.Println("exiting with 3")
	os.Exit(3)
}
