// Checks that panic(nil) is recovered as a *runtime.PanicNilError (not nil): its %v,
// %T, r == nil, and that it is a runtime.Error; and that a nil error value passed to
// panic behaves the same.
package main

import (
	"fmt"
	"runtime"
)

func catch(f func()) (r any) {
	defer func() { r = recover() }()
	f()
	return "no panic"
}

func main() {
	r := catch(func() { panic(nil) })
	fmt.Printf("%%v: %v\n", r)
	fmt.Printf("%%T: %T\n", r)
	fmt.Println("r == nil:", r == nil)
	re, ok := r.(runtime.Error)
	fmt.Println("runtime.Error:", ok)
	if ok {
		fmt.Println("Error():", re.Error())
	}
	pe, ok := r.(*runtime.PanicNilError)
	fmt.Println("*runtime.PanicNilError:", ok, pe != nil)

	var err error
	r = catch(func() { panic(err) })
	fmt.Printf("nil error: %T %v\n", r, r == nil)

	r = catch(func() {})
	fmt.Println("no panic, deferred recover() overwrote the result:", r)

	var p *int
	r = catch(func() { panic(p) })
	fmt.Printf("typed nil pointer: %T %v %v\n", r, r, r == nil)
}
