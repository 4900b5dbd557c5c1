// runtime.GOMAXPROCS(n) returns the setting before the call, also when the call
// changes it (debug.go: GOMAXPROCS reads gomaxprocs before it stops the world).
package main

import (
	"fmt"
	"runtime"
)

func main() {
	a := runtime.GOMAXPROCS(4) // GOMAXPROCS=2 in the environment
	b := runtime.GOMAXPROCS(1)
	c := runtime.GOMAXPROCS(1) // no change
	d := runtime.GOMAXPROCS(0) // a query
	fmt.Println(a, b, c, d)
}
