// Checks the typed values of sync/atomic (sync/atomic/type.go: Int32, Int64, Uint32,
// Uint64, Uintptr, Bool; sync/atomic/value.go: Value and its panics) and the function
// forms (sync/atomic/doc.go: AddUint32 wrap-around, AndInt32/OrUint32/... returning the
// old value, CompareAndSwap failing on a wrong old value).
package main

import (
	"fmt"
	"sync/atomic"
)

func catch(name string, f func()) {
	defer func() {
		fmt.Printf("%s panic: %v\n", name, recover())
	}()
	f()
}

func main() {
	var i32 atomic.Int32
	fmt.Println("Int32:", i32.Add(5), i32.Add(-7), i32.Swap(9), i32.Load(),
		i32.CompareAndSwap(1, 2), i32.CompareAndSwap(9, 3), i32.And(0b10), i32.Or(0b100), i32.Load())

	var i64 atomic.Int64
	i64.Store(1 << 40)
	fmt.Println("Int64:", i64.Add(1), i64.Swap(-1), i64.Load(), i64.CompareAndSwap(-1, 7),
		i64.And(6), i64.Or(1), i64.Load())

	var u32 atomic.Uint32
	u32.Store(^uint32(0))
	fmt.Println("Uint32:", u32.Add(1), u32.Add(^uint32(0)), u32.Swap(0xF0), u32.And(0x3C), u32.Or(0x01), u32.Load())

	var u64 atomic.Uint64
	fmt.Println("Uint64:", u64.Add(^uint64(0)), u64.Add(2), u64.CompareAndSwap(1, 100), u64.And(0x0F), u64.Or(0x10), u64.Load())

	var up atomic.Uintptr
	fmt.Println("Uintptr:", up.Add(3), up.Swap(8), up.CompareAndSwap(8, 16), up.And(0x18), up.Or(1), up.Load())

	var b atomic.Bool
	fmt.Println("Bool:", b.Load(), b.Swap(true), b.Load(), b.CompareAndSwap(false, true),
		b.CompareAndSwap(true, false), b.Load())
	b.Store(true)
	fmt.Println("Bool after Store(true):", b.Load())

	var v atomic.Value
	fmt.Println("Value empty Load:", v.Load())
	fmt.Println("Value CompareAndSwap on empty with nil old:", v.CompareAndSwap(nil, "a"), v.Load())
	v.Store("b")
	fmt.Println("Value Swap:", v.Swap("c"), v.Load())
	fmt.Println("Value CompareAndSwap wrong old:", v.CompareAndSwap("x", "d"), v.Load())
	fmt.Println("Value CompareAndSwap right old:", v.CompareAndSwap("c", "d"), v.Load())
	catch("Store(nil)", func() { v.Store(nil) })
	catch("Store(int)", func() { v.Store(1) })
	var w atomic.Value
	catch("Swap(nil)", func() { w.Swap(nil) })
	catch("Swap inconsistent", func() { w.Store(1.5); w.Swap(uint8(1)) })

	// Each result is stored before the variable is printed: the order in which a call
	// and a plain variable operand of the same expression are evaluated is unspecified.
	var x uint32 = 0xFFFFFFFE
	r := atomic.AddUint32(&x, 3)
	fmt.Println("AddUint32 wrap:", r, x)
	r = atomic.AddUint32(&x, ^uint32(0))
	fmt.Println("AddUint32 decrement:", r, x)
	var m int32 = 0b1100
	old := atomic.AndInt32(&m, 0b1010)
	fmt.Println("AndInt32 old:", old, "new:", m)
	old = atomic.OrInt32(&m, 0b0011)
	fmt.Println("OrInt32 old:", old, "new:", m)
	var mu uint32 = 0xF0
	oldu := atomic.OrUint32(&mu, 0x0F)
	fmt.Println("OrUint32 old:", oldu, "new:", mu)
	var m64 uint64 = 0xFF
	old64 := atomic.AndUint64(&m64, 0x0F)
	fmt.Println("AndUint64 old:", old64, "new:", m64)
	var c int64 = 5
	swapped := atomic.CompareAndSwapInt64(&c, 4, 9)
	fmt.Println("CompareAndSwapInt64 fail:", swapped, c)
	swapped = atomic.CompareAndSwapInt64(&c, 5, 9)
	fmt.Println("CompareAndSwapInt64 ok:", swapped, c)
	fmt.Println("SwapInt64 old:", atomic.SwapInt64(&c, 1), atomic.LoadInt64(&c))
}
