// A make whose size in bytes is past malloc.go: maxAlloc (1<<48 on 64-bit) panics
// "len out of range", an ordinary run-time panic a deferred recover stops.
package main

import "fmt"

func main() {
	n := 1 << 49
	defer func() { fmt.Println("recovered:", recover()) }()
	b := make([]byte, n)
	fmt.Println(len(b))
}
