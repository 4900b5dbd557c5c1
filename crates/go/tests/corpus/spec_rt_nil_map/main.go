// Checks an unrecovered nil map write: reads, len, delete and range on a nil map are fine,
// a write into a nil map nested in a struct inside a populated map panics with
// "assignment to entry in nil map"; deferred calls still run in LIFO order while the
// program panics, a recover() that is not called directly by the deferred function
// returns nil and does not stop the panic, and the program exits with status 2.
package main

import "fmt"

type bucket struct {
	name  string
	items map[string]int
}

func helperRecover() interface{} { return recover() }

func main() {
	defer fmt.Println("deferred 1 (runs last)")
	defer func() {
		fmt.Println("indirect recover:", helperRecover())
	}()
	defer fmt.Println("deferred 3 (runs first)")

	var nilMap map[string]int
	delete(nilMap, "x")
	for k := range nilMap {
		fmt.Println("never", k)
	}
	v, ok := nilMap["x"]
	fmt.Println("nil map reads:", len(nilMap), v, ok, nilMap == nil)

	buckets := map[string]*bucket{
		"a": {name: "a", items: map[string]int{}},
		"b": {name: "b"},
	}
	for _, key := range []string{"a", "b"} {
		b := buckets[key]
		fmt.Println("filling bucket", b.name, "nil items:", b.items == nil)
		b.items["first"] += 1
		fmt.Println("bucket", b.name, "now has", len(b.items))
	}
	fmt.Println("unreachable")
}
