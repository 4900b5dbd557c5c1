// Checks the Expressions section: operator precedence, / and % truncation with negative
// operands, shifts of signed and unsigned values by counts >= the width, run-time overflow
// wrapping of every integer width, &^, interface comparison across dynamic types, string
// comparison and concatenation, method calls on addressable values, && / || short-circuit
// with side effects, left-to-right evaluation of calls in arguments and in `a[i()] = f()`,
// addresses of composite literals, and string indexing (bytes) vs ranging (runes).
package main

import "fmt"

var trace []string

func t(name string, v int) int {
	trace = append(trace, name)
	return v
}

func b(name string, v bool) bool {
	trace = append(trace, name)
	return v
}

func flush(label string) {
	fmt.Println(label, trace)
	trace = nil
}

type Counter struct{ n int }

func (c *Counter) Inc() int { c.n++; return c.n }
func (c Counter) Get() int  { return c.n }

type Key struct{ s string }

func main() {
	fmt.Println("precedence:", 2+3*4, (2+3)*4, 1+2<<3, 1<<2+1, 7&3|8, 6^3&5, -2*-3, 10-4-3, 100/10/5, 5%3*2, ^0, -^5)
	x := 3
	fmt.Println("bool precedence:", x > 1 && x < 5 || x == 0, !(x == 3) || x != 4, x&1 == 1)
	for _, p := range [][2]int{{7, 2}, {-7, 2}, {7, -2}, {-7, -2}, {0, 5}, {-1, 3}} {
		fmt.Println("divmod:", p[0], p[1], p[0]/p[1], p[0]%p[1], (p[0]/p[1])*p[1]+p[0]%p[1] == p[0])
	}
	var i8 int8 = -128
	var m1 int8 = -1
	fmt.Println("minint / -1:", i8/m1, i8%m1, -i8)

	for _, s := range []uint{0, 1, 7, 8, 31, 32, 63, 64, 100} {
		var u8 uint8 = 0xFF
		var s8 int8 = -100
		var u32 uint32 = 0xF0000001
		var s64 int64 = -5
		var u64 uint64 = 1
		fmt.Println("shift", s, u8<<s, u8>>s, s8<<s, s8>>s, u32<<s, u32>>s, s64>>s, s64<<s, u64<<s)
	}
	a8, a16, a32, a64 := int8(127), int16(32767), int32(2147483647), int64(9223372036854775807)
	a8, a16, a32, a64 = a8+1, a16+1, a32+1, a64+1
	fmt.Println("signed wrap:", a8, a16, a32, a64)
	z8, z16, z32, z64 := uint8(0), uint16(0), uint32(0), uint64(0)
	z8--
	z16, z32, z64 = z16-1, z32-1, z64-1
	fmt.Println("unsigned wrap:", z8, z16, z32, z64, z8+2, z16*z16, z32*3)
	var mul int32 = 1 << 20
	var mu8 uint8 = 16
	fmt.Println("mul wrap:", mul*mul, mul*4096, mu8*mu8, mu8*17, int8(mu8)*8, -a8)
	fmt.Println("and-not:", 0b1111&^0b0101, 12&^0, -1&^7, uint8(0xAA)&^0x0F, 6&^-1)

	var e1, e2, e3, e4 interface{} = 1, 1.0, "1", int64(1)
	fmt.Println("iface eq:", e1 == e2, e1 == e3, e1 == e4, e1 == 1, e2 == 1.0, e4 == int64(1), e3 == "1")
	var k1, k2 interface{} = Key{"a"}, Key{"a"}
	var np interface{} = (*int)(nil)
	fmt.Println("iface struct eq:", k1 == k2, k1 != Key{"b"}, np == nil, np == (*int)(nil), e1 != nil)

	s1, s2 := "apple", "apricot"
	fmt.Println("strings:", s1 < s2, s1 > s2, "Z" < "a", "" < "a", "ab" < "abc", "é" > "z", s1 == "app"+"le")
	cat := s1 + " & " + s2
	cat += "!"
	fmt.Println("concat:", cat, len(cat), cat[0:5] == s1, cat[len(cat)-1])

	var c Counter
	c.Inc()
	c.Inc()
	cs := []Counter{{10}, {20}}
	cs[1].Inc()
	pc := &cs[0]
	pc.Inc()
	arr := [2]Counter{}
	arr[0].Inc()
	mp := map[string]*Counter{"x": {5}}
	mp["x"].Inc()
	fmt.Println("addressable:", c.Get(), cs[0].Get(), cs[1].Get(), pc.Get(), arr[0].n, (&c).Get(), mp["x"].n)

	r := b("A", false) && b("B", true)
	flush(fmt.Sprint("false&&: ", r))
	r = b("A", true) || b("B", false)
	flush(fmt.Sprint("true||: ", r))
	r = b("A", true) && b("B", false) || b("C", true) && b("D", true)
	flush(fmt.Sprint("mixed: ", r))
	r = b("A", false) || b("B", false) || b("C", true) || b("D", true)
	flush(fmt.Sprint("chain: ", r))

	sum := t("a", 1) + t("b", 2)*t("c", 3) - t("d", 4)
	flush(fmt.Sprint("arith order ", sum))
	_ = fmt.Sprint(t("x", 1), t("y", 2), t("z", 3))
	flush("args order")
	data := make([]int, 4)
	data[t("index", 1)] = t("value", 9)
	flush(fmt.Sprint("a[i()] = f() ", data))
	m := map[int]int{}
	m[t("k1", 1)], m[t("k2", 2)] = t("v1", 10), t("v2", 20)
	flush(fmt.Sprint("tuple ", m[1], m[2]))

	p1 := &Counter{1}
	p2 := &Counter{1}
	p1.Inc()
	fmt.Println("composite addr:", p1 != p2, p1.n, p2.n, *p1 == *p2, &[]int{1, 2}[1] != nil)
	pa := &[3]string{"x", "y", "z"}
	fmt.Println("ptr to array lit:", pa[2], len(pa), (*pa)[0:2])

	str := "aé世"
	for i := 0; i < len(str); i++ {
		fmt.Print(str[i], " ")
	}
	fmt.Println("len", len(str))
	for i, r := range str {
		fmt.Print(i, "=", r, " ")
	}
	fmt.Println("last", str[len(str)-1], str[1:3], str[3:])
}
