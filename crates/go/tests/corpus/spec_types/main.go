// Checks the Types section of the spec: zero values of array, slice, struct, pointer,
// func, interface, map and channel types printed with Println; struct embedding and
// field/method promotion (including through an embedded pointer); anonymous structs;
// == on structs and arrays; nested composite literals with elided element types
// ([][]int, map[string][]int, []*T, map of struct keys); [...] arrays with index keys;
// len of arrays as constants.
package main

import "fmt"

type Point struct{ X, Y int }

type Inner struct {
	A int
	s string
}

func (in Inner) Describe() string { return fmt.Sprint("inner ", in.A, " ", in.s) }
func (in *Inner) Bump()           { in.A++ }

type Outer struct {
	Inner
	*Point
	B int
}

type Shadow struct {
	Inner
	A string // shadows Inner.A at depth 0
}

type T struct{ n int }

type Key struct {
	a string
	b int
}

func main() {
	var arr [3]int
	var sl []int
	var st Point
	var pt *Point
	var fn func(int) int
	var iface interface{}
	var err error
	var m map[string]int
	var ch chan int
	var barr [2]bool
	var sarr [2]string
	var nested [2][2]float64
	fmt.Println("zero:", arr, sl, st, pt, iface, err, m, ch, barr, sarr, nested)
	fmt.Println("nil checks:", sl == nil, pt == nil, fn == nil, iface == nil, err == nil, m == nil, ch == nil)
	fmt.Println("lens:", len(arr), len(sl), len(m), len(ch), cap(ch), len(nested), len(nested[0]))
	fmt.Printf("types: %T %T %T %T %T %T\n", arr, sl, st, pt, m, ch)

	o := Outer{Inner: Inner{A: 1, s: "x"}, Point: &Point{3, 4}, B: 2}
	fmt.Println("promoted:", o.A, o.s, o.X, o.Y, o.B, o.Inner.A, o.Point.X)
	o.Bump()
	o.X = 30
	fmt.Println("after bump:", o.A, o.Describe(), *o.Point, o.Inner)
	sh := Shadow{Inner{7, "in"}, "outer"}
	fmt.Println("shadow:", sh.A, sh.Inner.A, sh.Describe())

	anon := struct {
		Name string
		Tags []string
	}{"anon", []string{"a", "b"}}
	fmt.Println("anon:", anon, anon.Name, len(anon.Tags))
	var pair struct{ a, b int }
	pair.a = 5
	other := struct{ a, b int }{5, 0}
	fmt.Println("anon eq:", pair == other, pair)

	p1, p2, p3 := Point{1, 2}, Point{1, 2}, Point{2, 1}
	fmt.Println("struct eq:", p1 == p2, p1 == p3, p1 != p3)
	a1 := [3]string{"a", "b", "c"}
	a2 := [3]string{"a", "b", "c"}
	a3 := a1
	a3[2] = "z"
	fmt.Println("array eq:", a1 == a2, a1 == a3, a3, a1)
	pa := [2]Point{{1, 2}, {3, 4}}
	pb := [2]Point{{1, 2}, {3, 4}}
	fmt.Println("array of struct eq:", pa == pb, pa)

	grid := [][]int{{1}, {2, 3}, {}, nil}
	fmt.Println("grid:", grid, len(grid), len(grid[1]), grid[3] == nil, len(grid[2]))
	ms := map[string][]int{"a": {1}, "b": {2, 3}}
	fmt.Println("map of slices:", ms["a"], ms["b"], len(ms), ms["zz"] == nil)
	ptrs := []*T{{1}, {2}, {n: 3}}
	fmt.Println("ptr slice:", ptrs[0].n, ptrs[1].n, ptrs[2].n, *ptrs[2])
	mk := map[Key]Point{{"a", 1}: {1, 1}, {"b", 2}: {2, 2}}
	fmt.Println("struct keys:", mk[Key{"a", 1}], mk[Key{"b", 2}], mk[Key{"c", 3}])
	arrp := [...]*Point{{5, 6}, nil}
	fmt.Println("arr of ptr:", *arrp[0], arrp[1] == nil, len(arrp))
	mm := map[string]map[string]int{"x": {"y": 1}}
	fmt.Println("map of maps:", mm["x"]["y"], mm["q"]["y"], mm)

	idx := [...]int{5: 1, 2}
	fmt.Println("index keys:", idx, len(idx))
	idx2 := [...]string{2: "c", 0: "a", "b"}
	fmt.Println("index keys 2:", idx2, len(idx2))
	sidx := []int{3: 9, 1: 4}
	fmt.Println("slice keys:", sidx, len(sidx), cap(sidx))
	const n = len([4]int{})
	var sized [n * 2]byte
	fmt.Println("const len:", n, len(sized))

	var f2 func() string = o.Describe
	fmt.Println("method value:", f2())
	o.Bump()
	fmt.Println("method value bound early:", f2(), o.Describe())
	var c2 chan<- int = make(chan int, 3)
	c2 <- 1
	fmt.Println("send-only chan:", len(c2), cap(c2))
	var st2 fmt.Stringer
	fmt.Println("nil stringer:", st2 == nil, st2)
}
