package main

import (
	"fmt"
	"strconv"
)

const (
	KB = 1 << (10 * (iota + 1))
	MB
	GB
)

type Weekday int

const (
	Sunday Weekday = iota
	Monday
	Tuesday
)

func divmod(a, b int) (int, int) { return a / b, a % b }

func sum(xs ...int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}

func main() {
	fmt.Println(KB, MB, GB, Tuesday)
	var u8 uint8 = 250
	u8 += 10
	var i8 int8 = 127
	i8++
	fmt.Println(u8, i8, -7/2, -7%2, 7>>1, 1<<3|1)
	q, r := divmod(17, 5)
	fmt.Println(q, r, sum(), sum(1, 2, 3), sum([]int{4, 5}...))
	f := 2.0 / 3
	g := 3.99
	fmt.Println(f, float64(7)/2, int(g), 1e21, 1e20, 0.000012)
	fmt.Printf("%d|%5d|%-5d|%05d|%x|%X|%o|%b|%c|%U\n", 42, 42, 42, 42, 255, 255, 8, 5, 'G', 'G')
	fmt.Printf("%.3f|%8.2f|%e|%g|%t|%T|%T\n", 3.14159, 2.5, 123456.789, 0.5, false, 1.5, "s")
	n, err := strconv.Atoi("123")
	fmt.Println(n+1, err, strconv.Itoa(99)+"!")
	_, err = strconv.Atoi("x1")
	fmt.Println(err)
	x := 10
	p := &x
	*p = 20
	fmt.Println(x, *p == 20)
}
