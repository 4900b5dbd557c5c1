// Oracle for `gmp run stack-growth`: the course chapter's recursion example on
// linux/amd64, Go 1.27. recurse's frame is $272 for two depths (the compiler inlines one
// level of the recursion), so consecutive locals sit 152 and 128 bytes apart.
//
// Prints the chapter's lines (jumps over 100 000 bytes), then every copy including the
// small jumps the chapter's threshold hides.
package main

import (
	"fmt"
	"unsafe"
)

const maxDepth = 20000

var addrs [maxDepth]uintptr

func recurse(depth int) {
	var local [128]byte
	addrs[depth] = uintptr(unsafe.Pointer(&local))
	if depth+1 < maxDepth {
		recurse(depth + 1)
	}
}

func main() {
	recurse(0)
	report()
}

//go:noinline
func report() {
	jumps := 0
	for i := 1; i < maxDepth; i++ {
		diff := int64(addrs[i-1]) - int64(addrs[i])
		if diff < 0 {
			diff = -diff
		}
		if diff > 100_000 {
			jumps++
			if jumps <= 6 {
				fmt.Printf("stack copy near depth %d: jumped %d bytes\n", i, diff)
			}
		}
	}
	fmt.Println("total large jumps (stack copies) detected:", jumps)
	for i := 1; i < maxDepth; i++ {
		if d := int64(addrs[i-1]) - int64(addrs[i]); d != 152 && d != 128 {
			fmt.Printf("copy at depth %d\n", i)
		}
	}
}
