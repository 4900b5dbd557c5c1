package main

import (
	"fmt"
	"sync"
)

type T0 struct{ a, b int }

func (t *T0) sum(xs []int) int {
	s := t.a
	for _, x := range xs {
		if x%2 == 0 {
			s += x
		} else {
			s -= t.b
		}
	}
	return s
}

type T1 struct{ a, b int }

func (t *T1) sum(xs []int) int {
	s := t.a
	for _, x := range xs {
		if x%2 == 0 {
			s += x
		} else {
			s -= t.b
		}
	}
	return s
}

type T2 struct{ a, b int }

func (t *T2) sum(xs []int) int {
	s := t.a
	for _, x := range xs {
		if x%2 == 0 {
			s += x
		} else {
			s -= t.b
		}
	}
	return s
}

type T3 struct{ a, b int }

func (t *T3) sum(xs []int) int {
	s := t.a
	for _, x := range xs {
		if x%2 == 0 {
			s += x
		} else {
			s -= t.b
		}
	}
	return s
}

type T4 struct{ a, b int }

func (t *T4) sum(xs []int) int {
	s := t.a
	for _, x := range xs {
		if x%2 == 0 {
			s += x
		} else {
			s -= t.b
		}
	}
	return s
}

type T5 struct{ a, b int }

func (t *T5) sum(xs []int) int {
	s := t.a
	for _, x := range xs {
		if x%2 == 0 {
			s += x
		} else {
			s -= t.b
		}
	}
	return s
}

type T6 struct{ a, b int }

func (t *T6) sum(xs []int) int {
	s := t.a
	for _, x := range xs {
		if x%2 == 0 {
			s += x
		} else {
			s -= t.b
		}
	}
	return s
}

type T7 struct{ a, b int }

func (t *T7) sum(xs []int) int {
	s := t.a
	for _, x := range xs {
		if x%2 == 0 {
			s += x
		} else {
			s -= t.b
		}
	}
	return s
}

type T8 struct{ a, b int }

func (t *T8) sum(xs []int) int {
	s := t.a
	for _, x := range xs {
		if x%2 == 0 {
			s += x
		} else {
			s -= t.b
		}
	}
	return s
}

type T9 struct{ a, b int }

func (t *T9) sum(xs []int) int {
	s := t.a
	for _, x := range xs {
		if x%2 == 0 {
			s += x
		} else {
			s -= t.b
		}
	}
	return s
}

type T10 struct{ a, b int }

func (t *T10) sum(xs []int) int {
	s := t.a
	for _, x := range xs {
		if x%2 == 0 {
			s += x
		} else {
			s -= t.b
		}
	}
	return s
}

type T11 struct{ a, b int }

func (t *T11) sum(xs []int) int {
	s := t.a
	for _, x := range xs {
		if x%2 == 0 {
			s += x
		} else {
			s -= t.b
		}
	}
	return s
}

type T12 struct{ a, b int }

func (t *T12) sum(xs []int) int {
	s := t.a
	for _, x := range xs {
		if x%2 == 0 {
			s += x
		} else {
			s -= t.b
		}
	}
	return s
}

type T13 struct{ a, b int }

func (t *T13) sum(xs []int) int {
	s := t.a
	for _, x := range xs {
		if x%2 == 0 {
			s += x
		} else {
			s -= t.b
		}
	}
	return s
}

type T14 struct{ a, b int }

func (t *T14) sum(xs []int) int {
	s := t.a
	for _, x := range xs {
		if x%2 == 0 {
			s += x
		} else {
			s -= t.b
		}
	}
	return s
}

type T15 struct{ a, b int }

func (t *T15) sum(xs []int) int {
	s := t.a
	for _, x := range xs {
		if x%2 == 0 {
			s += x
		} else {
			s -= t.b
		}
	}
	return s
}

type T16 struct{ a, b int }

func (t *T16) sum(xs []int) int {
	s := t.a
	for _, x := range xs {
		if x%2 == 0 {
			s += x
		} else {
			s -= t.b
		}
	}
	return s
}

type T17 struct{ a, b int }

func (t *T17) sum(xs []int) int {
	s := t.a
	for _, x := range xs {
		if x%2 == 0 {
			s += x
		} else {
			s -= t.b
		}
	}
	return s
}

type T18 struct{ a, b int }

func (t *T18) sum(xs []int) int {
	s := t.a
	for _, x := range xs {
		if x%2 == 0 {
			s += x
		} else {
			s -= t.b
		}
	}
	return s
}

type T19 struct{ a, b int }

func (t *T19) sum(xs []int) int {
	s := t.a
	for _, x := range xs {
		if x%2 == 0 {
			s += x
		} else {
			s -= t.b
		}
	}
	return s
}

type T20 struct{ a, b int }

func (t *T20) sum(xs []int) int {
	s := t.a
	for _, x := range xs {
		if x%2 == 0 {
			s += x
		} else {
			s -= t.b
		}
	}
	return s
}

func main() {
	var wg sync.WaitGroup
	ch := make(chan int, 8)
	wg.Add(1)
	go func() { defer wg.Done(); t := &T0{1, 2}; ch <- t.sum([]int{1, 2, 3}) }()
	wg.Add(1)
	go func() { defer wg.Done(); t := &T1{1, 2}; ch <- t.sum([]int{1, 2, 3}) }()
	wg.Add(1)
	go func() { defer wg.Done(); t := &T2{1, 2}; ch <- t.sum([]int{1, 2, 3}) }()
	wg.Add(1)
	go func() { defer wg.Done(); t := &T3{1, 2}; ch <- t.sum([]int{1, 2, 3}) }()
	wg.Wait()
	close(ch)
	for v := range ch {
		fmt.Println(v)
	}
}
