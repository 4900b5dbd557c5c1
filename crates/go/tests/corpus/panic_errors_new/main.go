package main

import (
	"errors"
	"fmt"
)

var errCorrupt = errors.New("checksum mismatch in block 7")

func verify(blocks []int) error {
	for i, b := range blocks {
		if b%7 == 0 {
			return fmt.Errorf("block %d: %w", i, errCorrupt)
		}
	}
	return nil
}

func main() {
	fmt.Println(verify([]int{1, 2, 3}))
	err := verify([]int{5, 14})
	fmt.Println(err, err == errCorrupt)
	panic(errCorrupt)
}
