// Checks the Assignability and Assignment statements sections: unnamed composite values
// assigned to named types and back, interface satisfaction via value and pointer method
// sets, nil assigned to every nilable kind and compared, bidirectional channels assigned
// to directional ones, tuple assignment (swap, rotate, `i, x[i] = 1, 2` indexing with the
// old i), assignments through pointers to struct fields and map entries, op-assignment,
// and the blank identifier.
package main

import "fmt"

type IntSlice []int
type StrMap map[string]int
type Pair struct{ A, B int }
type Speaker interface{ Speak() string }
type Dog struct{ name string }
type Cat struct{ name string }

func (d Dog) Speak() string    { return d.name + " says woof" }
func (c *Cat) Speak() string   { return c.name + " says meow" }
func (c *Cat) Rename(n string) { c.name = n }

func two() (int, string) { return 2, "two" }

func producer(out chan<- int) {
	out <- 10
	out <- 20
	close(out)
}

func consumer(in <-chan int) int {
	s := 0
	for v := range in {
		s += v
	}
	return s
}

func main() {
	var is IntSlice = []int{1, 2, 3}
	var raw []int = is
	raw[0] = 100
	fmt.Println("named/unnamed slice:", is, raw, len(is))
	var sm StrMap = map[string]int{"a": 1}
	var rm map[string]int = sm
	rm["b"] = 2
	fmt.Println("named/unnamed map:", len(sm), sm["b"])
	var pr Pair = struct{ A, B int }{3, 4}
	anon := struct{ A, B int }(pr)
	fmt.Println("struct:", pr, anon, pr == Pair(anon))

	var s Speaker = Dog{"rex"}
	fmt.Println("value method set:", s.Speak())
	s = &Dog{"ptr-rex"}
	fmt.Println("pointer has value methods:", s.Speak())
	c := &Cat{"tom"}
	s = c
	c.Rename("felix")
	fmt.Println("pointer method set:", s.Speak())
	_, isDog := s.(Dog)
	_, isCat := s.(*Cat)
	fmt.Println("dynamic types:", isDog, isCat)

	var p *Pair = &Pair{1, 2}
	var sl []int = []int{1}
	var m map[string]int = map[string]int{}
	var ch chan int = make(chan int)
	var fn func() = func() {}
	var ifc interface{} = 5
	var err error = fmt.Errorf("boom")
	fmt.Println("before nil:", p == nil, sl == nil, m == nil, ch == nil, fn == nil, ifc == nil, err == nil)
	p, sl, m, ch, fn, ifc, err = nil, nil, nil, nil, nil, nil, nil
	fmt.Println("after nil:", p == nil, sl == nil, m == nil, ch == nil, fn == nil, ifc == nil, err == nil)
	var np *Pair
	ifc = np
	fmt.Println("typed nil in interface:", ifc == nil, ifc == (*Pair)(nil), np == nil)
	fmt.Println("nil slice/map ops:", len(sl), m["x"], sl)

	bi := make(chan int, 2)
	var so chan<- int = bi
	var ro <-chan int = bi
	so <- 7
	fmt.Println("directional:", <-ro, len(bi))
	data := make(chan int, 2)
	producer(data)
	fmt.Println("consumer sum:", consumer(data))

	a, b := 1, 2
	a, b = b, a
	fmt.Println("swap:", a, b)
	x, y, z := 1, 2, 3
	x, y, z = y, z, x
	fmt.Println("rotate:", x, y, z)
	arr := []int{0, 0, 0}
	i := 0
	i, arr[i] = 1, 2
	fmt.Println("i, x[i]:", i, arr)
	i, arr[i] = arr[i], 9
	fmt.Println("again:", i, arr)
	q := &Pair{}
	old := q
	q, q.A = &Pair{50, 60}, 5
	fmt.Println("pointer reassigned:", *q, *old)

	pp := &Pair{1, 1}
	pp.A = 10
	(*pp).B += 5
	pm := &map[string]int{"k": 1}
	(*pm)["k"] += 41
	(*pm)["new"] = 7
	fmt.Println("through pointers:", *pp, (*pm)["k"], (*pm)["new"], len(*pm))
	structs := map[string]*Pair{"p": {1, 2}}
	structs["p"].B = 99
	fmt.Println("map of ptr field:", *structs["p"])
	vals := map[string]Pair{"v": {1, 2}}
	tmp := vals["v"]
	tmp.A = 77
	fmt.Println("map of value copy:", vals["v"], tmp)
	vals["v"] = tmp
	fmt.Println("map stored:", vals["v"])

	_, name := two()
	n, _ := two()
	_ = n
	var _ = "ignored"
	for _, v := range []string{"p", "q"} {
		fmt.Print(v, " ")
	}
	fmt.Println("blank:", name, n)
	k := 5
	k <<= 2
	k -= 3
	k %= 7
	k |= 8
	k &^= 1
	fmt.Println("op-assign:", k)
}
