// math/rand/v2: ChaCha8's numbers for a seed are Go's, past its first rekeying (16 blocks);
// Read keeps a value's bytes that did not fit; a Rand over it; Seed starts again.
package main

import (
	"fmt"
	"math/rand/v2"
)

func main() {
	var seed [32]byte
	copy(seed[:], "chacha8 seed of thirty-two bytes")
	c := rand.NewChaCha8(seed)
	sum := uint64(0)
	for i := 0; i < 1000; i++ {
		x := c.Uint64()
		if i < 3 || i == 123 || i == 124 || i == 500 || i == 999 {
			fmt.Println(i, x)
		}
		sum ^= x * uint64(i+1)
	}
	fmt.Println("xor", sum)
	b := make([]byte, 13)
	n, err := c.Read(b)
	fmt.Println(n, err, b)
	n, err = c.Read(b[:5])
	fmt.Println(n, err, b[:5])
	r := rand.New(c)
	fmt.Println(r.IntN(100), r.Perm(6), r.Float64())
	c.Seed([32]byte{1})
	fmt.Println(c.Uint64())
}
