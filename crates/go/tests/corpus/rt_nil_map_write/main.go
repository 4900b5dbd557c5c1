package main

import "fmt"

type registry struct {
	names map[string]int
}

func (r *registry) add(name string) {
	r.names[name]++
}

func main() {
	var counts map[string]int
	fmt.Println(len(counts), counts["missing"])
	for k := range counts {
		fmt.Println("never", k)
	}
	r := &registry{}
	fmt.Println("adding to a registry whose map was never made")
	r.add("gopher")
	fmt.Println("unreachable")
}
