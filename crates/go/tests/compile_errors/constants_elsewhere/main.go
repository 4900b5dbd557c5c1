// Constants that their target cannot hold, in literals, sends, multiple assignments and
// conversions: each line in main is one error. There are twelve, so go build prints
// ten and then "too many errors".
package main

const big = 1 << 70

type U uint8

type T struct{ b uint8 }

func main() {
	var x, a uint8
	x, a = 1, 256
	_ = T{b: 1000}
	_ = []uint8{1, 2, 300}
	_ = map[uint8]bool{256: true}
	ch := make(chan uint8, 1)
	ch <- 999
	y, z := big, 1
	_ = uint8(-1)
	_ = int8(big)
	_ = U(256)
	_ = uint8(3.5)
	_ = string(1.5)
	x += 256
	var done chan struct{}
	done <- true
	_, _, _, _ = x, a, y, z
}
