// math/rand/v2: a Rand over a seeded PCG gives Go's numbers, ranges, floats, Perm and
// Shuffle; N of a Duration; IntN(0) panics.
package main

import (
	"fmt"
	"math/rand/v2"
	"time"
)

func main() {
	r := rand.New(rand.NewPCG(1, 2))
	fmt.Println(r.Uint64(), r.Int64(), r.Uint32(), r.Int32(), r.Int(), r.Uint())
	fmt.Println(r.IntN(10), r.IntN(1000), r.Int64N(1<<40+7), r.Uint64N(3), r.Int32N(100), r.Uint32N(7), r.UintN(16))
	fmt.Println(r.Float64(), r.Float32())
	fmt.Println(r.Perm(10))
	s := []string{"a", "b", "c", "d", "e"}
	r.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
	fmt.Println(s)
	p := rand.NewPCG(42, 54)
	p.Seed(7, 8)
	fmt.Println(p.Uint64(), p.Uint64())
	x := rand.N(10 * time.Second)
	fmt.Println(x >= 0 && x < 10*time.Second, rand.IntN(5) < 5)
	defer func() { fmt.Println("recovered:", recover()) }()
	r.IntN(0)
}
