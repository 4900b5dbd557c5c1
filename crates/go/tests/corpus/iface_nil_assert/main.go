// Checks the panic values of failing type assertions: on a nil interface{} and a nil
// fmt.Stringer (to a concrete type and to another interface), on a value of the wrong
// dynamic type, and interface-to-interface with a missing method; and that the
// comma-ok forms do not panic.
package main

import (
	"fmt"
	"runtime"
)

type T struct{ n int }

type S struct{}

func (S) String() string { return "S!" }

func try(name string, f func()) {
	defer func() {
		r := recover()
		_, ok := r.(runtime.Error)
		fmt.Println(name+":", r)
		fmt.Println("  runtime.Error:", ok)
	}()
	f()
}

func main() {
	var e interface{}
	var st fmt.Stringer
	var str interface{} = "hello"
	var t interface{} = T{1}
	try("nil any to int", func() { fmt.Println(e.(int)) })
	try("nil Stringer to S", func() { fmt.Println(st.(S)) })
	try("nil Stringer to error", func() { fmt.Println(st.(error)) })
	try("nil any to Stringer", func() { fmt.Println(e.(fmt.Stringer)) })
	try("string to int", func() { fmt.Println(str.(int)) })
	try("T to Stringer", func() { fmt.Println(t.(fmt.Stringer)) })
	try("pointer vs value", func() { fmt.Println(t.(*T)) })
	st = S{}
	try("S to error", func() { fmt.Println(st.(error)) })
	try("S to *S", func() { fmt.Println(st.(*S)) })
	try("ok", func() { fmt.Println(st.(S), t.(T), str.(string)) })

	n, ok := e.(int)
	fmt.Println("comma-ok nil:", n, ok)
	s, ok := str.(fmt.Stringer)
	fmt.Println("comma-ok string to Stringer:", s, ok)
	err, ok := st.(error)
	fmt.Println("comma-ok S to error:", err, ok)
	v, ok := t.(T)
	fmt.Println("comma-ok T:", v, ok)
}
