package main

import (
	"errors"
	"fmt"
)

type celsius float64

func (c celsius) String() string { return fmt.Sprintf("%.1f°C", float64(c)) }

type point struct{ x, y int }

func (p point) String() string { return fmt.Sprintf("(%d,%d)", p.x, p.y) }

type notFound struct{ key string }

func (e *notFound) Error() string { return "not found: " + e.key }

func lookup(m map[string]int, k string) (int, error) {
	if v, ok := m[k]; ok {
		return v, nil
	}
	return 0, &notFound{k}
}

func main() {
	fmt.Println(celsius(21.5), point{1, 2})
	fmt.Printf("%v %s %d\n", point{3, 4}, celsius(-3), point{5, 6})
	m := map[string]int{"a": 1}
	if _, err := lookup(m, "b"); err != nil {
		fmt.Println("error:", err)
		nf, ok := err.(*notFound)
		fmt.Println(ok, nf.key)
	}
	wrapped := fmt.Errorf("loading config: %w", &notFound{"port"})
	fmt.Println(wrapped)
	fmt.Printf("%v|%s|%q\n", wrapped, errors.New("plain"), &notFound{"q"})
	var e error
	fmt.Println(e == nil, e)
}
