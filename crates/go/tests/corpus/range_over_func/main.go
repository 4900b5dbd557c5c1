package main

import "fmt"

func Count(n int) func(func(int) bool) {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

func Pairs(m []string) func(func(int, string) bool) {
	return func(yield func(int, string) bool) {
		for i, s := range m {
			if !yield(i, s) {
				return
			}
		}
	}
}

func Find(xs []string, want string) int {
	for i, s := range Pairs(xs) {
		if s == want {
			return i
		}
	}
	return -1
}

func Nested() (int, string) {
outer:
	for i := range Count(5) {
		for j := range Count(5) {
			if j == 3 {
				continue outer
			}
			if i == 3 {
				break outer
			}
			if i*j == 4 {
				return i * j, "found"
			}
		}
	}
	return 0, "none"
}

func Once(yield func() bool) { yield() }

func main() {
	sum := 0
	for i := range Count(10) {
		if i == 7 {
			break
		}
		if i%2 == 0 {
			continue
		}
		sum += i
	}
	fmt.Println(sum)
	fmt.Println(Find([]string{"a", "b", "c"}, "c"), Find(nil, "x"))
	fmt.Println(Nested())
	for range Once {
		fmt.Println("once")
	}
	var fs []func() int
	for i := range Count(3) {
		fs = append(fs, func() int { return i * 10 })
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
	defer func() { fmt.Println("recovered:", recover()) }()
	bad := func(yield func(int) bool) {
		yield(1)
		yield(2)
	}
	for x := range bad {
		fmt.Println("x", x)
		break
	}
}
