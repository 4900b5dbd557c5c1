// Constants that the other operand's type cannot hold: each line in main is one error.
package main

func main() {
	var u uint8 = 1
	var i int8 = 1
	_ = u + 1.5
	_ = i * 200
	_ = u - 256
}
