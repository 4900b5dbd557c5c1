// Checks formatting of float32 values: fmt uses the shortest representation that
// round-trips at 32-bit precision, while float64(f32) exposes the widened value;
// float32 arithmetic rounds at each step.
package main

import "fmt"

func main() {
	a := float32(0.1)
	var f float32 = 1.0 / 3
	fmt.Println(a, f, a+f)
	fmt.Printf("%v %g %f %.3f %e %.2e\n", a, a, a, a, a, a)
	fmt.Printf("%v %g %f %.3f %e %.2e\n", f, f, f, f, f, f)

	var s float32
	for i := 0; i < 10; i++ {
		s += 0.1
	}
	fmt.Println(s, s == 1, float64(s))
	var d float64
	for i := 0; i < 10; i++ {
		d += 0.1
	}
	fmt.Println(d, d == 1)

	fmt.Println(float64(a), float64(f))
	fmt.Println(float32(float64(a)) == a, float64(a) == 0.1)
	fmt.Println(fmt.Sprint(float32(16777217)), fmt.Sprint(float32(16777216)+1), float32(1e10))
	big := float32(16777216)
	fmt.Println(big+1 == big, big+2)

	var x float32 = 3.4e38
	fmt.Println(x, x*10, -x*10)
	fmt.Println(float32(1)/float32(3)*3, float32(2.5), float32(100), float32(1e-7), float32(123456789))
	fmt.Printf("%T %v %T\n", a, []float32{0.5, 0.25, 1.1}, a*2)
	y := float32(0.7)
	fmt.Println(int(y*10), int32(y*100), y*10)
	fmt.Printf("%8.3f|%-8.2f|%08.3f|%+.1f\n", f, a, f, a)
}
