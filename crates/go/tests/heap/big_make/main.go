// One 100 MB []byte: real Go allocates it (it is beyond the 2^26 elements the explorer
// once refused); in the explorer it meets the heap budget the test sets.
package main

import "fmt"

func main() {
	b := make([]byte, 100<<20)
	b[len(b)-1] = 7
	fmt.Println(len(b), b[len(b)-1])
}
