// Checks the Conversions section: integer conversions between every width at run time
// (truncation, sign extension, unsigned reinterpretation), int <-> float64 (truncation
// toward zero, including negatives), float64 -> float32 -> float64 rounding, string(rune)
// including invalid code points, string <-> []byte and []rune, named types converted back
// and forth, and untyped constants in expressions. (Strings of bytes that are not UTF-8
// are refused by the explorer: tests/unsupported.rs.)
package main

import "fmt"

type Celsius float64
type Fahrenheit float64
type MyInt int
type MyString string
type Bytes []byte

func CToF(c Celsius) Fahrenheit { return Fahrenheit(c*9/5 + 32) }

func main() {
	v := 0x1234_5678_9ABC_DEF0
	fmt.Println("from int:", int8(v), uint8(v), int16(v), uint16(v), int32(v), uint32(v), int64(v), uint64(v))
	n := -1
	fmt.Println("neg to unsigned:", uint8(n), uint16(n), uint32(n), uint64(n), uint(n))
	var b8 int8 = -128
	fmt.Println("sign extend:", int16(b8), int32(b8), int64(b8), uint16(b8), uint32(b8), uint64(b8))
	var u8 uint8 = 200
	fmt.Println("zero extend:", int8(u8), int16(u8), int(u8), uint64(u8))
	var u16 uint16 = 0xFF80
	fmt.Println("u16:", int16(u16), int8(u16), uint8(u16), int32(u16))
	var i32 int32 = -2147483648
	fmt.Println("i32:", -i32, int64(i32)*-1, uint32(i32), int16(i32), uint64(i32))
	var u64 uint64 = 1<<64 - 1
	fmt.Println("u64 max:", int64(u64), int32(u64), uint32(u64), int(u64>>1))

	floats := []float64{2.9, -2.9, 0.5, -0.5, 1e9 + 0.99, -7.0000001, 123456789.75}
	for _, f := range floats {
		fmt.Println("float->int:", f, int(f), int64(f), int32(f))
	}
	fmt.Println("float->uint8:", uint8(200.0), uint8(floats[0]*10), int8(floats[1]*10))
	ints := []int{7, -7, 1 << 53, 1<<53 + 1, -(1 << 60)}
	for _, i := range ints {
		fmt.Println("int->float:", i, float64(i), float32(i))
	}
	x := 0.1
	f32 := float32(x)
	back := float64(f32)
	fmt.Println("float32 round trip:", x, f32, back, back == x, float64(float32(0.5)) == 0.5)
	big := 3.4e38
	fmt.Println("float32 near max:", float32(big), float64(float32(1.0/3.0)))
	tenth := float32(0.1)
	fmt.Println("float32 arith:", tenth+tenth+tenth, float64(tenth)*3, float32(16777217))

	fmt.Println("string(rune):", string(rune(65)), string(rune(0x4E16)), string(rune(0x1F600)), string(rune(-1)) == "\uFFFD", string(rune(0x110000)) == "\uFFFD", len(string(rune(0xD800))))
	var r rune = 'é'
	fmt.Println("rune:", r, string(r), len(string(r)), byte(r), int32(r))
	s := "héllo, 世界"
	bs := []byte(s)
	rs := []rune(s)
	fmt.Println("lens:", len(s), len(bs), len(rs))
	fmt.Println("bytes:", bs)
	fmt.Println("runes:", rs)
	bs[0] = 'H'
	fmt.Println("copy not alias:", s, string(bs))
	fmt.Println("back:", string(rs[7:]), string(bs[:3]), string(rs[1]), string([]rune{0x48, 0x69}))
	fmt.Println("byte/rune index:", s[1], s[2], rs[1], s[8], rs[8])
	fmt.Println("empty:", []byte(""), len([]rune("")), string([]byte(nil)) == "", []byte("") == nil)

	c := Celsius(100)
	fz := CToF(c)
	fmt.Println("named float:", c, fz, float64(fz)-212, Celsius(fz-32)*5/9)
	mi := MyInt(42)
	fmt.Println("named int:", mi, int(mi)+1, MyInt(int(mi)*2), float64(mi)/8)
	ms := MyString("named")
	fmt.Println("named string:", ms, string(ms)+"!", len(ms), []byte(ms)[0], MyString([]rune{0x41}))
	nb := Bytes("xyz")
	fmt.Println("named bytes:", nb, string(nb), len(Bytes(nil)))
	fmt.Printf("types: %T %T %T %T\n", fz, mi, ms, nb)

	fmt.Println("untyped const:", float64(1)/3, 1/3, 1.0/3, float32(1)/3, 7/2*2, 7/2.0*2)
	three := 3
	fmt.Println("mixed:", float64(three)/2, three/2, float64(three/2), 1<<three, 1.5*float64(three))
	var ui uint = 3
	fmt.Println("uint ops:", ui-4 > 0, int(ui)-4, uint32(ui-4), uint8(ui)-4)
}
