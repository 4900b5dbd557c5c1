// Constants that their declared target cannot hold: each line in main is one error.
package main

const big = 1 << 70

type U uint8

func f(b uint8) {}

func r() uint8 { return 300 }

func main() {
	const k uint8 = 256
	var a uint8 = -1
	f(-1)
	var b int8 = 1.5
	var c U = 300
	var d, e uint8 = 1, 256
	var g int = big
	var h bool = 1
	var x uint8
	x = 256
	_, _, _, _, _, _, _, _ = a, b, c, d, e, g, h, x
}
