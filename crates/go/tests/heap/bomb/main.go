// Keeps every 1 MB slice it makes, without end: real Go runs until the machine's memory
// (or a ulimit) is gone and then prints "fatal error: runtime: out of memory" or
// "fatal error: out of memory" with exit status 2. A fatal error is not a panic: the
// deferred recover never runs.
package main

import "fmt"

func main() {
	defer func() {
		fmt.Println("recovered:", recover())
	}()
	var keep [][]byte
	for i := 0; ; i++ {
		keep = append(keep, make([]byte, 1<<20))
		if i%50 == 0 {
			fmt.Println("slices kept:", len(keep))
		}
	}
}
