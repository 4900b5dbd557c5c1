package main

import "fmt"

type shape interface {
	area() int
}

type square struct{ side int }
type rect struct{ w, h int }

func (s square) area() int { return s.side * s.side }
func (r rect) area() int   { return r.w * r.h }

func main() {
	shapes := []shape{square{3}, rect{2, 5}}
	for _, s := range shapes {
		if sq, ok := s.(square); ok {
			fmt.Println("square of side", sq.side)
		} else {
			fmt.Println("not a square, area", s.area())
		}
	}
	var v interface{} = "forty-two"
	n := v.(int)
	fmt.Println(n)
}
