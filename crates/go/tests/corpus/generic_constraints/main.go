package main

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"sync"
)

type Number interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~float32 | ~float64
}

func Scale[T Number](xs []T, f T) []T {
	out := make([]T, len(xs))
	for i, x := range xs {
		out[i] = x * f
	}
	return out
}

func Avg[T Number](xs []T) float64 {
	var s T
	for _, x := range xs {
		s += x
	}
	return float64(s) / float64(len(xs))
}

func Convert[From, To Number](xs []From) []To {
	out := make([]To, 0, len(xs))
	for _, x := range xs {
		out = append(out, To(x))
	}
	return out
}

type Set[T comparable] map[T]struct{}

func (s Set[T]) Add(v T)           { s[v] = struct{}{} }
func (s Set[T]) Has(v T) bool      { _, ok := s[v]; return ok }
func (s Set[T]) Len() int          { return len(s) }
func NewSet[T comparable]() Set[T] { return make(Set[T]) }

type Tree[T any] struct {
	Left, Right *Tree[T]
	Val         T
}

func (t *Tree[T]) Insert(v T, less func(a, b T) bool) *Tree[T] {
	if t == nil {
		return &Tree[T]{Val: v}
	}
	if less(v, t.Val) {
		t.Left = t.Left.Insert(v, less)
	} else {
		t.Right = t.Right.Insert(v, less)
	}
	return t
}

func (t *Tree[T]) Walk(f func(T)) {
	if t == nil {
		return
	}
	t.Left.Walk(f)
	f(t.Val)
	t.Right.Walk(f)
}

type Result[T any] struct {
	Val T
	Err error
}

func Try[T any](f func() (T, error)) Result[T] {
	v, err := f()
	return Result[T]{v, err}
}

func Describe[T any](x T) string {
	switch v := any(x).(type) {
	case int:
		return "int " + strconv.Itoa(v)
	case string:
		return "string " + v
	case fmt.Stringer:
		return "stringer " + v.String()
	}
	return fmt.Sprintf("other %T", x)
}

type ID int

func (i ID) String() string { return "#" + strconv.Itoa(int(i)) }

func ParallelMap[T, R any](xs []T, f func(T) R) []R {
	out := make([]R, len(xs))
	var wg sync.WaitGroup
	for i, x := range xs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i] = f(x)
		}()
	}
	wg.Wait()
	return out
}

func SortBy[T any, K int | string](xs []T, key func(T) K) {
	sort.Slice(xs, func(i, j int) bool { return key(xs[i]) < key(xs[j]) })
}

func Zero[T any]() (z T) { return }

func main() {
	fmt.Println(Scale([]float64{1, 2}, 2.5), Scale([]int8{100}, 2))
	fmt.Println(Avg([]int{1, 2, 4}))
	fmt.Println(Convert[int, float32]([]int{1, 2}), Convert[float64, int]([]float64{1.7, -2.2}))
	s := NewSet[string]()
	s.Add("a")
	s.Add("a")
	s.Add("b")
	fmt.Println(s.Len(), s.Has("a"), s.Has("z"))
	var t *Tree[int]
	for _, v := range []int{5, 3, 8, 1} {
		t = t.Insert(v, func(a, b int) bool { return a < b })
	}
	t.Walk(func(v int) { fmt.Print(v, " ") })
	fmt.Println()
	r := Try(func() (int, error) { return strconv.Atoi("12x") })
	fmt.Println(r.Val, r.Err)
	r2 := Try(func() (string, error) { return "ok", errors.New("none") })
	fmt.Printf("%+v\n", r2)
	fmt.Println(Describe(3), Describe("x"), Describe(ID(7)), Describe(2.5))
	fmt.Println(ParallelMap([]int{1, 2, 3}, func(i int) string { return strconv.Itoa(i * i) }))
	people := []struct {
		Name string
		Age  int
	}{{"bo", 30}, {"al", 25}}
	SortBy(people, func(p struct {
		Name string
		Age  int
	}) string {
		return p.Name
	})
	fmt.Println(people)
	fmt.Println(Zero[int](), Zero[string]() == "", Zero[*int]() == nil, Zero[[]int]() == nil)
	fmt.Printf("%T %T\n", Zero[Set[int]](), Result[ID]{})
}
