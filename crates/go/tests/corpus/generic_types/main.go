package main

import (
	"fmt"
	"strings"
)

type List[T any] struct {
	head *node[T]
	size int
}

type node[T any] struct {
	val  T
	next *node[T]
}

func (l *List[T]) Push(v T) {
	l.head = &node[T]{v, l.head}
	l.size++
}

func (l *List[T]) Each(f func(T)) {
	for n := l.head; n != nil; n = n.next {
		f(n.val)
	}
}

func (l *List[T]) String() string {
	var b strings.Builder
	b.WriteString("[")
	first := true
	l.Each(func(v T) {
		if !first {
			b.WriteString(" ")
		}
		first = false
		fmt.Fprint(&b, v)
	})
	b.WriteString("]")
	return b.String()
}

func Filter[S ~[]E, E any](s S, keep func(E) bool) S {
	var out S
	for _, v := range s {
		if keep(v) {
			out = append(out, v)
		}
	}
	return out
}

func Keys[M ~map[K]V, K comparable, V any](m M) []K {
	r := make([]K, 0, len(m))
	for k := range m {
		r = append(r, k)
	}
	return r
}

type Stringer interface{ String() string }

func Join[T Stringer](xs []T, sep string) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = x.String()
	}
	return strings.Join(parts, sep)
}

type Celsius float64

func (c Celsius) String() string { return fmt.Sprintf("%.1fC", float64(c)) }

type Ints []int

func Index[T comparable](s []T, x T) int {
	for i, v := range s {
		if v == x {
			return i
		}
	}
	return -1
}

func Ptr[T any](v T) *T { return &v }

func Apply[T any](xs []T, fs ...func(T) T) []T {
	for _, f := range fs {
		for i := range xs {
			xs[i] = f(xs[i])
		}
	}
	return xs
}

func main() {
	var l List[int]
	l.Push(1)
	l.Push(2)
	l.Push(3)
	fmt.Println(l.String(), l.size)
	var ls List[string]
	ls.Push("x")
	fmt.Println(&ls)
	evens := Filter(Ints{1, 2, 3, 4}, func(i int) bool { return i%2 == 0 })
	fmt.Printf("%v %T\n", evens, evens)
	ks := Keys(map[string]int{"a": 1})
	fmt.Println(ks)
	fmt.Println(Join([]Celsius{1.5, 20}, ", "))
	fmt.Println(Index([]string{"a", "b"}, "b"), Index([]int{1}, 5))
	p := Ptr(42)
	*p++
	fmt.Println(*p)
	fmt.Println(Apply([]int{1, 2}, func(i int) int { return i * 10 }, func(i int) int { return i + 1 }))
	var s fmt.Stringer = &l
	fmt.Println(s)
}
