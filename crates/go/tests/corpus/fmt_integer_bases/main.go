// Checks integers in bases 2, 8 and 16 (found by the differential test): a negative
// signed value is a minus and its magnitude, an unsigned one its bits of its width,
// and the # and + flags' prefixes and signs.
package main

import "fmt"

func main() {
	var a int16 = -1
	var b int64 = -9
	var c int8 = -128
	var u uint8 = 200
	var w uint32 = 1<<32 - 1
	fmt.Printf("%b %b %b %b %b\n", a, b, c, u, w)
	fmt.Printf("%o %o %o %o %o\n", a, b, c, u, w)
	fmt.Printf("%O %O %#o %#o %#o\n", b, u, b, u, 0)
	fmt.Printf("%x %X %#x %#X %x\n", b, b, b, c, u)
	fmt.Printf("%#b %+b %+o % d %+d\n", b, 5, 5, 7, 7)
	fmt.Printf("%08b|%-6o|%6x|\n", 5, 9, -255)
}
