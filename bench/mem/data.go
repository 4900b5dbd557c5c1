// A million-entry map[int]int, a million small structs and a 10 MB []byte, all kept
// to the end: what Go data of ~50 MB takes in the explorer.
package main

import "fmt"

type P struct {
	X, Y int32
	Name string
}

func main() {
	m := make(map[int]int)
	for i := 0; i < 1_000_000; i++ {
		m[i] = i * 2
	}
	ps := make([]P, 1_000_000)
	for i := range ps {
		ps[i] = P{int32(i), int32(-i), "p"}
	}
	buf := make([]byte, 10<<20)
	for i := range buf {
		buf[i] = byte(i)
	}
	sum := 0
	for i := 0; i < len(ps); i += 1000 {
		sum += m[i] + int(ps[i].X) + int(buf[i])
	}
	fmt.Println(len(m), len(ps), len(buf), sum)
}
