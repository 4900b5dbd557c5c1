// A 50 MB []byte and a 10^7-element []int64: 130 MB of scalars.
package main

import "fmt"

func main() {
	b := make([]byte, 50<<20)
	xs := make([]int64, 10_000_000)
	for i := range xs {
		xs[i] = int64(i)
	}
	b[len(b)-1] = 1
	fmt.Println(len(b), len(xs), xs[len(xs)-1]+int64(b[len(b)-1]))
}
