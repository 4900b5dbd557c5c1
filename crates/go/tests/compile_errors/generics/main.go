package main

import "fmt"

type Number interface{ ~int | ~float64 }

func Sum[T Number](xs ...T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

func Add[T any](a, b T) T { return a + b }

func Zero[T any]() T {
	var z T
	return z
}

func Id[T any](x T) T { return x }

type List[T any] struct{ next *List }

func Show[T fmt.Stringer](x T) { fmt.Println(x.String()) }

func Two[K comparable, V any](k K, v V) {}

func main() {
	_ = Sum("a", "b")
	_ = Zero()
	f := Id
	var n Number
	Show(3)
	Two[int, string, bool](1, "")
	Two([]int{}, 1)
	_, _ = f, n
}
