package main

import (
	"fmt"
	"sort"
	"strings"
)

type Box[T any] struct{ v T }

func (b Box[T]) String() string { return fmt.Sprintf("Box(%v)", b.v) }
func (b *Box[T]) Set(v T)       { b.v = v }
func (b Box[T]) Get() T         { return b.v }

type Named struct {
	Box[string]
	N int
}

type Queue[T any] struct {
	items []T
}

func (q *Queue[T]) Put(v T)  { q.items = append(q.items, v) }
func (q *Queue[T]) Len() int { return len(q.items) }

func Collect[T any](vals ...T) *Queue[T] {
	q := &Queue[T]{}
	for _, v := range vals {
		q.Put(v)
	}
	return q
}

func Fact[T ~int | ~int64](n T) T {
	if n <= 1 {
		return 1
	}
	return n * Fact(n-1)
}

func Double[T ~int | ~float64](x T) T { return x * 2 }

func ApplyAll[T any](xs []T, f func(T) T) {
	for i := range xs {
		xs[i] = f(xs[i])
	}
}

func Counter[T comparable](xs []T) map[T]int {
	m := map[T]int{}
	for _, x := range xs {
		m[x]++
	}
	return m
}

func SortedKeys[K int | string, V any](m map[K]V) []K {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	return keys
}

func Deferred[T any](v T) (out []T) {
	defer func() { out = append(out, v) }()
	return []T{v, v}
}

func Reduce[T, A any](xs []T, init A, f func(A, T) A) A {
	acc := init
	for _, x := range xs {
		acc = f(acc, x)
	}
	return acc
}

type Shape interface {
	Area() float64
}
type Sq struct{ s float64 }

func (q Sq) Area() float64 { return q.s * q.s }

func TotalArea[S Shape](shapes []S) float64 {
	t := 0.0
	for _, s := range shapes {
		t += s.Area()
	}
	return t
}

type Ptr[T any] interface {
	*T
	Set(string)
}

type Conf struct{ name string }

func (c *Conf) Set(s string) { c.name = s }

func Make[T any, P Ptr[T]](s string) T {
	var v T
	P(&v).Set(s)
	return v
}

func main() {
	b := Box[int]{3}
	b.Set(4)
	fmt.Println(b, b.Get())
	var s fmt.Stringer = Box[[]int]{[]int{1}}
	fmt.Println(s.String())
	n := Named{Box[string]{"x"}, 2}
	fmt.Println(n.Get(), n)
	fmt.Println(Collect("a", "b", "c").Len(), Collect[float64]().Len())
	fmt.Println(Fact(10), Fact(int64(20)))
	xs := []int{1, 2, 3}
	ApplyAll(xs, Double[int])
	fmt.Println(xs)
	c := Counter(strings.Fields("a b a c b a"))
	fmt.Println(c["a"], c["b"], c["z"], SortedKeys(c))
	fmt.Println(Deferred("q"))
	fmt.Println(Reduce([]string{"a", "bb"}, 0, func(n int, s string) int { return n + len(s) }))
	fmt.Println(TotalArea([]Sq{{2}, {3}}))
	fmt.Println(Make[Conf]("hi"))
	m := map[Box[int]]string{{1}: "one"}
	fmt.Println(m[Box[int]{1}])
	f := Box[string].Get
	fmt.Println(f(Box[string]{"mexpr"}))
	g := b.Get
	b.Set(9)
	fmt.Println(g())
}
