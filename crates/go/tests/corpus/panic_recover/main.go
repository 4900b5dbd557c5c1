package main

import (
	"errors"
	"fmt"
)

func safeDiv(a, b int) (q int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
		}
	}()
	return a / b, nil
}

var ErrEmpty = errors.New("empty input")

func first(xs []int) (int, error) {
	if len(xs) == 0 {
		return 0, ErrEmpty
	}
	return xs[0], nil
}

func main() {
	defer fmt.Println("deferred 1")
	defer fmt.Println("deferred 2")
	fmt.Println(safeDiv(10, 2))
	fmt.Println(safeDiv(1, 0))
	_, err := first(nil)
	fmt.Println(err, err == ErrEmpty)
	xs := []int{1, 2, 3}
	i := 5
	fmt.Println(xs[i])
}
