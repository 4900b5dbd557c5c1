// Checks type switches and type assertions on unnamed (composite) types: slices,
// funcs, maps, struct literals, arrays, pointers and channels, next to named types
// with the same underlying type (which must not match the unnamed case).
package main

import "fmt"

type Ints []int

type Point struct{ A int }

func kind(x any) string {
	switch v := x.(type) {
	case nil:
		return "nil"
	case Ints:
		return fmt.Sprint("Ints ", len(v))
	case []int:
		return fmt.Sprint("[]int ", len(v), " ", v)
	case func() int:
		return fmt.Sprint("func() int -> ", v())
	case func(int) int:
		return fmt.Sprint("func(int) int -> ", v(4))
	case map[string]int:
		return fmt.Sprint("map[string]int a=", v["a"])
	case Point:
		return fmt.Sprint("Point ", v.A)
	case struct{ A int }:
		return fmt.Sprint("struct{ A int } ", v.A)
	case [3]int:
		return fmt.Sprint("[3]int sum ", v[0]+v[1]+v[2])
	case [2]int:
		return "[2]int"
	case *int:
		return fmt.Sprint("*int -> ", *v)
	case chan int:
		return fmt.Sprint("chan int cap ", cap(v))
	case <-chan int:
		return "<-chan int"
	case []any:
		return fmt.Sprint("[]any ", len(v))
	default:
		return fmt.Sprintf("default %T", v)
	}
}

func main() {
	n := 5
	ch := make(chan int, 3)
	var recv <-chan int = ch
	values := []any{
		[]int{1, 2}, Ints{1, 2, 3}, func() int { return 7 }, func(x int) int { return x * x },
		map[string]int{"a": 1}, Point{2}, struct{ A int }{3}, struct{ B int }{4},
		[3]int{1, 2, 3}, [2]int{}, &n, ch, recv, []any{1, "x"}, nil, []string{"s"},
	}
	for i, v := range values {
		fmt.Println(i, kind(v))
	}

	var x any = []int{9, 8}
	s := x.([]int)
	fmt.Println("assert []int:", s, len(s))
	is, ok := x.(Ints)
	fmt.Println("comma-ok Ints:", is, is == nil, ok)
	m, ok := values[4].(map[string]int)
	fmt.Println("comma-ok map:", m, ok)
	st, ok := values[6].(struct{ A int })
	fmt.Println("comma-ok struct:", st, ok)
	st, ok = values[5].(struct{ A int })
	fmt.Println("comma-ok Point as struct:", st, ok)
	p, ok := values[10].(*int)
	fmt.Println("comma-ok *int:", *p, ok)
	a, ok := values[9].([3]int)
	fmt.Println("comma-ok [2]int as [3]int:", a, ok)
	c, ok := values[12].(chan int)
	fmt.Println("comma-ok <-chan as chan:", c == nil, ok)
}
