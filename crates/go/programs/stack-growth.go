// The recursion example: the address of a local jumps when the stack is copied.
package main

import (
	"fmt"
	"runtime"
	"unsafe"
)

// The explorer's parameters (p.depth=5000 in a link, gmp run stack-growth --set depth=5000).
const (
	depth = 20000 // recursion depth [2, 2000000]
	gc    = false // call runtime.GC() after the recursion returns (the stack shrinks)
)

var addrs [depth]uintptr

// recurse notes where its local array lives at each level. Between two levels the
// address moves by one frame; when the runtime copies the stack to a bigger block,
// it jumps.
func recurse(level int) {
	var local [128]byte
	addrs[level] = uintptr(unsafe.Pointer(&local))
	if level+1 < depth {
		recurse(level + 1)
	}
}

func main() {
	recurse(0)
	report()
	if gc {
		runtime.GC() // a stack scan: the now mostly unused stack is halved
	}
}

func report() {
	jumps := 0
	for i := 1; i < depth; i++ {
		d := int64(addrs[i-1]) - int64(addrs[i])
		if d < 0 {
			d = -d
		}
		if d > 100_000 {
			jumps++
			if jumps <= 6 {
				fmt.Printf("stack copy near depth %d: jumped %d bytes\n", i, d)
			}
		}
	}
	fmt.Println("total large jumps (stack copies) detected:", jumps)
}
