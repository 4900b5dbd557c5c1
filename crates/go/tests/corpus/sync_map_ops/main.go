// Checks sync.Map operations (sync/map.go, backed by internal/sync/hashtriemap.go):
// Load, Store, LoadOrStore, LoadAndDelete, Delete, Swap, CompareAndSwap,
// CompareAndDelete, Clear and Range (keys sorted before printing).
package main

import (
	"fmt"
	"sort"
	"sync"
)

func main() {
	var m sync.Map
	v, ok := m.Load("a")
	fmt.Println("Load missing:", v, ok)

	m.Store("a", 1)
	v, ok = m.Load("a")
	fmt.Println("Load after Store:", v, ok)

	v, loaded := m.LoadOrStore("a", 2)
	fmt.Println("LoadOrStore existing:", v, loaded)
	v, loaded = m.LoadOrStore("b", 3)
	fmt.Println("LoadOrStore new:", v, loaded)

	prev, loaded := m.Swap("a", 10)
	fmt.Println("Swap existing:", prev, loaded)
	prev, loaded = m.Swap("c", 4)
	fmt.Println("Swap new:", prev, loaded)

	fmt.Println("CompareAndSwap wrong old:", m.CompareAndSwap("a", 1, 11))
	fmt.Println("CompareAndSwap right old:", m.CompareAndSwap("a", 10, 11))
	fmt.Println("CompareAndSwap missing key:", m.CompareAndSwap("z", nil, 1))
	v, _ = m.Load("a")
	fmt.Println("a now:", v)

	v, loaded = m.LoadAndDelete("b")
	fmt.Println("LoadAndDelete present:", v, loaded)
	v, loaded = m.LoadAndDelete("b")
	fmt.Println("LoadAndDelete absent:", v, loaded)

	fmt.Println("CompareAndDelete wrong old:", m.CompareAndDelete("c", 5))
	fmt.Println("CompareAndDelete right old:", m.CompareAndDelete("c", 4))

	m.Delete("missing") // no-op
	for i := 0; i < 5; i++ {
		m.Store(fmt.Sprintf("k%d", i), i*i)
	}
	var keys []string
	sum := 0
	m.Range(func(k, v any) bool {
		keys = append(keys, k.(string))
		sum += v.(int)
		return true
	})
	sort.Strings(keys)
	fmt.Println("Range keys:", keys, "sum:", sum)

	visited := 0
	m.Range(func(k, v any) bool {
		visited++
		return visited < 2
	})
	fmt.Println("Range stopped after:", visited)

	m.Delete("k0")
	_, ok = m.Load("k0")
	fmt.Println("Load after Delete:", ok)

	m.Clear()
	count := 0
	m.Range(func(k, v any) bool { count++; return true })
	fmt.Println("entries after Clear:", count)
}
