// Checks that untyped constant expressions are evaluated exactly (arbitrary precision)
// and only rounded when converted to a typed value, in contrast with float64
// variable arithmetic; also integer vs float constant division and rune constants.
package main

import "fmt"

const x = 0.1
const y = 0.2
const big = 1 << 100
const third = 1.0 / 3
const huge = 1e300 * 1e300

func main() {
	fmt.Println(0.1+0.2, x+y, x+y == 0.3)
	a, b := 0.1, 0.2
	fmt.Println(a+b, a+b == 0.3)
	fmt.Println(big>>98, big/(1<<97), big%7)
	fmt.Println(third*3 == 1, third*3)
	t := third
	fmt.Println(t*3 == 1, t)
	fmt.Println(7/2, 7/2.0, 7.0/2, -7/2, 1e300*1e300/1e300, huge/1e300/1e300)
	const k = 10 / 4 * 4.0
	const l = 10 / 4.0 * 4
	fmt.Println(k, l)

	fmt.Println('a'+1, 'a'*2)
	fmt.Printf("%v %c %q %T\n", 'a'+1, 'a'+1, 'a'+1, 'a'+1)
	fmt.Println(string(rune('a'+1)), string(rune('Z'-25)))
	const c = 'g'
	fmt.Println(c, string(c))
	fmt.Printf("%T %T %T %T\n", c, 1<<10, 2.0, "s"+"t")
	var r = c - 'a'
	fmt.Println(r, 'z'-c)

	const maxU = 1<<64 - 1
	var u uint64 = maxU
	fmt.Println(u, maxU>>60, uint32(maxU>>40))
	const neg = -1 << 63
	var i64 int64 = neg
	fmt.Println(i64, neg+1<<62)
	var f32 float32 = x + y
	var f64 float64 = x + y
	fmt.Println(f32, f64, float32(a+b))
	fmt.Println(1e20/3 > 3.3e19, 5.0 == 5, 1/3.0*3)
}
