package main

import "fmt"

type Number interface {
	~int | ~int64 | ~float64
}

func Sum[T Number](xs ...T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

func Map[T, R any](s []T, f func(T) R) []R {
	r := make([]R, 0, len(s))
	for _, x := range s {
		r = append(r, f(x))
	}
	return r
}

type Stack[T any] struct {
	items []T
}

func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }
func (s *Stack[T]) Pop() (T, bool) {
	var zero T
	if len(s.items) == 0 {
		return zero, false
	}
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v, true
}

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

func Max[T int | float64 | string](a, b T) T {
	if a > b {
		return a
	}
	return b
}

type MyInt int

func main() {
	fmt.Println(Sum(1, 2, 3), Sum(1.5, 2.5), Sum[MyInt](4, 5))
	fmt.Println(Map([]int{1, 2, 3}, func(i int) string { return fmt.Sprint(i * 2) }))
	var s Stack[string]
	s.Push("a")
	s.Push("b")
	v, ok := s.Pop()
	fmt.Println(v, ok, len(s.items))
	p := Pair[string, int]{"x", 1}
	fmt.Printf("%v %T\n", p, p)
	fmt.Println(Max(3, 7), Max("a", "b"), Max(2.5, 1.0))
}
