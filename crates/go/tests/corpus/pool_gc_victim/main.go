// Checks sync.Pool's victim cache (sync/pool.go: Put, Get, poolCleanup): Put then Get
// returns the same object; an object Put before one runtime.GC() is still returned (it
// moved to the victim cache); after two GCs it is gone and Get calls New; Get on an
// empty pool without New returns nil. runtime.GOMAXPROCS(1) is used because Put stores
// into the current P's private slot, which Get on another P cannot see; with one P the
// goroutine cannot migrate between Put and Get.
package main

import (
	"fmt"
	"runtime"
	"sync"
)

type obj struct{ id int }

func main() {
	runtime.GOMAXPROCS(1)

	var empty sync.Pool
	fmt.Println("empty pool without New, Get is nil:", empty.Get() == nil)

	created := 0
	p := sync.Pool{New: func() any {
		created++
		return &obj{id: 100 + created}
	}}

	fmt.Println("Get on empty pool:", p.Get().(*obj).id)

	a := &obj{id: 1}
	p.Put(a)
	g := p.Get().(*obj)
	fmt.Println("Put then Get same object:", g == a, g.id)
	fmt.Println("Get again:", p.Get().(*obj).id)

	b := &obj{id: 2}
	p.Put(b)
	runtime.GC()
	g = p.Get().(*obj)
	fmt.Println("after one GC same object:", g == b, g.id)

	c := &obj{id: 3}
	p.Put(c)
	runtime.GC()
	runtime.GC()
	g = p.Get().(*obj)
	fmt.Println("after two GCs same object:", g == c, g.id)
	fmt.Println("New calls:", created)

	p.Put(nil) // Put of nil is ignored
	fmt.Println("after Put(nil), Get:", p.Get().(*obj).id)
}
