// Checks the Constants and Constant expressions sections: untyped constants are exact
// (huge intermediates like 1<<100>>98, float chains like 1e100/3*3, 0.1+0.2 == 0.3),
// typed constants keep their type, untyped constants take the type of their context,
// integer vs float constant division, rune and string constants, iota in expressions,
// constant comparisons and boolean constants, len of a constant string used as an array
// size, and values that would overflow only as intermediates.
package main

import "fmt"

const (
	Huge    = 1 << 100
	Shifted = Huge >> 98
	Big     = 1e100 / 3 * 3
	Exact   = 0.1 + 0.2
	Third   = 1.0 / 3
	IntDiv  = 7 / 2
	FltDiv  = 7 / 2.0
	MaxU64  = 1<<64 - 1
	Ratio   = Huge / (1 << 98) * 1.5
	Name    = "gopher"
	Greet   = "hi, " + Name
	NameLen = len(Name)
	First   = 'g' + 0
	Letter  = 'A' + 2
	Yes     = NameLen > 5 && Greet != ""
	MixDiv  = 'z' / 2.0
)

type Celsius float64
type Small int8

const Boiling Celsius = 100
const Limit Small = 100
const typedFloat float32 = 1.0 / 3

const (
	c0 = iota*iota - 1
	c1
	c2
	c3 = "s" + "t"
	c4 = iota << iota
	c5
)

const (
	bit0, mask0 = 1 << iota, 1<<iota - 1
	bit1, mask1
	_, _
	bit3, mask3
)

func main() {
	fmt.Println("huge:", Shifted, Huge>>90, Huge/Huge, (Huge+1)-Huge, Ratio)
	fmt.Println("float exact:", Big, Big == 1e100, Exact == 0.3, Third*3 == 1, Third)
	x, y := 0.1, 0.2
	fmt.Println("runtime float:", x+y, x+y == 0.3, x+y == Exact)
	fmt.Println("division:", IntDiv, FltDiv, MixDiv, 1/2, 1/2.0, 1.0/2, 3/2*2.0)
	fmt.Println("max u64:", uint64(MaxU64), MaxU64>>32, uint32(MaxU64>>32), -MaxU64+MaxU64)
	fmt.Printf("default types: %T %T %T %T %T %T\n", IntDiv, FltDiv, Letter, Name, Yes, First)
	fmt.Printf("typed: %T %v %T %v %T %v\n", Boiling, Boiling, Limit, Limit, typedFloat, typedFloat)
	fmt.Println("typed arith:", Boiling/3, Boiling*9/5+32, Limit+27, Limit/3, Limit*1-100)
	var f32 float32 = Third
	var f64 float64 = Third
	var i8 int8 = 1000 - 900 + 27
	fmt.Println("context types:", f32, f64, i8, float64(f32) == f64)
	fmt.Println("strings:", Name, Greet, NameLen, First, string(rune(First)), Name[0] == First, Greet[4:], len(Greet))
	fmt.Println("runes:", Letter, string(rune(Letter)), 'a'-'A', '\n', '\x41', '\u00e9', '\377', "\u00e9" == "é")
	fmt.Println("raw:", `a\nb`, len(`a\nb`), len("a\nb"), `"q"`)
	var arr [NameLen]int
	var arr2 [len(Greet) - NameLen]bool
	fmt.Println("len const:", len(arr), len(arr2), len([3]int{})*NameLen)
	fmt.Println("bools:", Yes, !Yes, 1 < 2, "a" < "b", Third < 0.34, Huge > MaxU64, NameLen == 6)
	fmt.Println("iota exprs:", c0, c1, c2, c3, c4, c5)
	fmt.Println("iota pairs:", bit0, mask0, bit1, mask1, bit3, mask3)
	const big = 1 << 62
	var n int64 = big*4/8 - 1
	var u8 uint8 = 1000 - 745
	var sh = 1 << 70 >> 68
	fmt.Println("intermediates:", n, u8, sh, (big*big)/(big*big), big*2/4)
	const e = 2.718281828459045235360287471352662497757
	const pi = 3.14159265358979323846264338327950288419716939937510582097494459
	pf := pi * 1e15
	fmt.Println("precise:", e, pi, pi*1e10, int64(pf), float32(pi), e*pi)
	const third = Huge / 3
	fmt.Println("int div exact:", third*3 == Huge, third*3-Huge+1, Huge%3)
	var unsignedShift uint = 3
	fmt.Println("runtime shift of const:", 1<<unsignedShift, int8(1)<<unsignedShift<<4, uint8(1<<7)>>unsignedShift)
	fmt.Println("neg consts:", -5/2, -5%2, -5.0/2, ^1, ^-1, -(-128), int8(-128))
}
