// Does runtime.GC() shrink a goroutine's stack? A deep recursion grows main's stack
// (each copy moves main's locals); after it returns, each GC cycle's stack scan halves
// the stack while less than a quarter of it is in use (stack.go: shrinkstack), which
// moves the locals again. Prints, for 8 GCs in a row, whether &local moved.
package main

import (
	"fmt"
	"runtime"
	"unsafe"
)

func deep(n int) int {
	var pad [256]byte
	pad[n%256] = byte(n)
	if n == 0 {
		return int(pad[0])
	}
	return deep(n-1) + int(pad[n%256])
}

func main() {
	var local [16]byte
	start := uintptr(unsafe.Pointer(&local))
	deep(200)
	grown := uintptr(unsafe.Pointer(&local))
	moves := ""
	last := grown
	for i := 0; i < 8; i++ {
		runtime.GC()
		now := uintptr(unsafe.Pointer(&local))
		if now != last {
			moves += " 1"
		} else {
			moves += " 0"
		}
		last = now
	}
	fmt.Println("grew:", start != grown, "moved after each GC:"+moves, local[0])
}
