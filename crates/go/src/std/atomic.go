package atomic

// The functions whose declarations have no body are the VM's: each is one
// indivisible step on the variable's cell (under its lock, so under real threads too).

func AddInt32(addr *int32, delta int32) (new int32)
func LoadInt32(addr *int32) (val int32)
func StoreInt32(addr *int32, val int32)
func SwapInt32(addr *int32, new int32) (old int32)
func CompareAndSwapInt32(addr *int32, old, new int32) (swapped bool)

// AndInt32 atomically performs a bitwise AND of *addr and mask, and returns the old value.
func AndInt32(addr *int32, mask int32) (old int32) {
	for {
		old = LoadInt32(addr)
		if CompareAndSwapInt32(addr, old, old&mask) {
			return old
		}
	}
}

// OrInt32 atomically performs a bitwise OR of *addr and mask, and returns the old value.
func OrInt32(addr *int32, mask int32) (old int32) {
	for {
		old = LoadInt32(addr)
		if CompareAndSwapInt32(addr, old, old|mask) {
			return old
		}
	}
}

func AddInt64(addr *int64, delta int64) (new int64)
func LoadInt64(addr *int64) (val int64)
func StoreInt64(addr *int64, val int64)
func SwapInt64(addr *int64, new int64) (old int64)
func CompareAndSwapInt64(addr *int64, old, new int64) (swapped bool)

// AndInt64 atomically performs a bitwise AND of *addr and mask, and returns the old value.
func AndInt64(addr *int64, mask int64) (old int64) {
	for {
		old = LoadInt64(addr)
		if CompareAndSwapInt64(addr, old, old&mask) {
			return old
		}
	}
}

// OrInt64 atomically performs a bitwise OR of *addr and mask, and returns the old value.
func OrInt64(addr *int64, mask int64) (old int64) {
	for {
		old = LoadInt64(addr)
		if CompareAndSwapInt64(addr, old, old|mask) {
			return old
		}
	}
}

func AddUint32(addr *uint32, delta uint32) (new uint32)
func LoadUint32(addr *uint32) (val uint32)
func StoreUint32(addr *uint32, val uint32)
func SwapUint32(addr *uint32, new uint32) (old uint32)
func CompareAndSwapUint32(addr *uint32, old, new uint32) (swapped bool)

// AndUint32 atomically performs a bitwise AND of *addr and mask, and returns the old value.
func AndUint32(addr *uint32, mask uint32) (old uint32) {
	for {
		old = LoadUint32(addr)
		if CompareAndSwapUint32(addr, old, old&mask) {
			return old
		}
	}
}

// OrUint32 atomically performs a bitwise OR of *addr and mask, and returns the old value.
func OrUint32(addr *uint32, mask uint32) (old uint32) {
	for {
		old = LoadUint32(addr)
		if CompareAndSwapUint32(addr, old, old|mask) {
			return old
		}
	}
}

func AddUint64(addr *uint64, delta uint64) (new uint64)
func LoadUint64(addr *uint64) (val uint64)
func StoreUint64(addr *uint64, val uint64)
func SwapUint64(addr *uint64, new uint64) (old uint64)
func CompareAndSwapUint64(addr *uint64, old, new uint64) (swapped bool)

// AndUint64 atomically performs a bitwise AND of *addr and mask, and returns the old value.
func AndUint64(addr *uint64, mask uint64) (old uint64) {
	for {
		old = LoadUint64(addr)
		if CompareAndSwapUint64(addr, old, old&mask) {
			return old
		}
	}
}

// OrUint64 atomically performs a bitwise OR of *addr and mask, and returns the old value.
func OrUint64(addr *uint64, mask uint64) (old uint64) {
	for {
		old = LoadUint64(addr)
		if CompareAndSwapUint64(addr, old, old|mask) {
			return old
		}
	}
}

func AddUintptr(addr *uintptr, delta uintptr) (new uintptr)
func LoadUintptr(addr *uintptr) (val uintptr)
func StoreUintptr(addr *uintptr, val uintptr)
func SwapUintptr(addr *uintptr, new uintptr) (old uintptr)
func CompareAndSwapUintptr(addr *uintptr, old, new uintptr) (swapped bool)

// AndUintptr atomically performs a bitwise AND of *addr and mask, and returns the old value.
func AndUintptr(addr *uintptr, mask uintptr) (old uintptr) {
	for {
		old = LoadUintptr(addr)
		if CompareAndSwapUintptr(addr, old, old&mask) {
			return old
		}
	}
}

// OrUintptr atomically performs a bitwise OR of *addr and mask, and returns the old value.
func OrUintptr(addr *uintptr, mask uintptr) (old uintptr) {
	for {
		old = LoadUintptr(addr)
		if CompareAndSwapUintptr(addr, old, old|mask) {
			return old
		}
	}
}

// An Int32 is an atomic int32. The zero value is zero.
type Int32 struct{ v int32 }

func (x *Int32) Load() int32                 { return LoadInt32(&x.v) }
func (x *Int32) Store(val int32)             { StoreInt32(&x.v, val) }
func (x *Int32) Swap(new int32) (old int32)  { return SwapInt32(&x.v, new) }
func (x *Int32) Add(delta int32) (new int32) { return AddInt32(&x.v, delta) }
func (x *Int32) And(mask int32) (old int32)  { return AndInt32(&x.v, mask) }
func (x *Int32) Or(mask int32) (old int32)   { return OrInt32(&x.v, mask) }
func (x *Int32) CompareAndSwap(old, new int32) (swapped bool) {
	return CompareAndSwapInt32(&x.v, old, new)
}

// An Int64 is an atomic int64. The zero value is zero.
type Int64 struct{ v int64 }

func (x *Int64) Load() int64                 { return LoadInt64(&x.v) }
func (x *Int64) Store(val int64)             { StoreInt64(&x.v, val) }
func (x *Int64) Swap(new int64) (old int64)  { return SwapInt64(&x.v, new) }
func (x *Int64) Add(delta int64) (new int64) { return AddInt64(&x.v, delta) }
func (x *Int64) And(mask int64) (old int64)  { return AndInt64(&x.v, mask) }
func (x *Int64) Or(mask int64) (old int64)   { return OrInt64(&x.v, mask) }
func (x *Int64) CompareAndSwap(old, new int64) (swapped bool) {
	return CompareAndSwapInt64(&x.v, old, new)
}

// An Uint32 is an atomic uint32. The zero value is zero.
type Uint32 struct{ v uint32 }

func (x *Uint32) Load() uint32                  { return LoadUint32(&x.v) }
func (x *Uint32) Store(val uint32)              { StoreUint32(&x.v, val) }
func (x *Uint32) Swap(new uint32) (old uint32)  { return SwapUint32(&x.v, new) }
func (x *Uint32) Add(delta uint32) (new uint32) { return AddUint32(&x.v, delta) }
func (x *Uint32) And(mask uint32) (old uint32)  { return AndUint32(&x.v, mask) }
func (x *Uint32) Or(mask uint32) (old uint32)   { return OrUint32(&x.v, mask) }
func (x *Uint32) CompareAndSwap(old, new uint32) (swapped bool) {
	return CompareAndSwapUint32(&x.v, old, new)
}

// An Uint64 is an atomic uint64. The zero value is zero.
type Uint64 struct{ v uint64 }

func (x *Uint64) Load() uint64                  { return LoadUint64(&x.v) }
func (x *Uint64) Store(val uint64)              { StoreUint64(&x.v, val) }
func (x *Uint64) Swap(new uint64) (old uint64)  { return SwapUint64(&x.v, new) }
func (x *Uint64) Add(delta uint64) (new uint64) { return AddUint64(&x.v, delta) }
func (x *Uint64) And(mask uint64) (old uint64)  { return AndUint64(&x.v, mask) }
func (x *Uint64) Or(mask uint64) (old uint64)   { return OrUint64(&x.v, mask) }
func (x *Uint64) CompareAndSwap(old, new uint64) (swapped bool) {
	return CompareAndSwapUint64(&x.v, old, new)
}

// An Uintptr is an atomic uintptr. The zero value is zero.
type Uintptr struct{ v uintptr }

func (x *Uintptr) Load() uintptr                   { return LoadUintptr(&x.v) }
func (x *Uintptr) Store(val uintptr)               { StoreUintptr(&x.v, val) }
func (x *Uintptr) Swap(new uintptr) (old uintptr)  { return SwapUintptr(&x.v, new) }
func (x *Uintptr) Add(delta uintptr) (new uintptr) { return AddUintptr(&x.v, delta) }
func (x *Uintptr) And(mask uintptr) (old uintptr)  { return AndUintptr(&x.v, mask) }
func (x *Uintptr) Or(mask uintptr) (old uintptr)   { return OrUintptr(&x.v, mask) }
func (x *Uintptr) CompareAndSwap(old, new uintptr) (swapped bool) {
	return CompareAndSwapUintptr(&x.v, old, new)
}

// A Bool is an atomic boolean value. The zero value is false.
type Bool struct{ v uint32 }

func b32(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

func (x *Bool) Load() bool               { return LoadUint32(&x.v) != 0 }
func (x *Bool) Store(val bool)           { StoreUint32(&x.v, b32(val)) }
func (x *Bool) Swap(new bool) (old bool) { return SwapUint32(&x.v, b32(new)) != 0 }
func (x *Bool) CompareAndSwap(old, new bool) (swapped bool) {
	return CompareAndSwapUint32(&x.v, b32(old), b32(new))
}

// A Value provides an atomic load and store of a consistently typed value. The zero
// value for a Value returns nil from Load.
type Value struct{ v any }

func loadValue(p *any) any
func swapValue(p *any, new any) (old any)
func casValue(p *any, old, new any) (swapped bool)

// sameType reports whether a and b hold values of the same dynamic type.
func sameType(a, b any) bool

// Load returns the value set by the most recent Store. It returns nil if there has
// been no call to Store for this Value.
func (v *Value) Load() (val any) { return loadValue(&v.v) }

// store is Store and Swap: the first value fixes the Value's type.
func (v *Value) store(val any, op string) (old any) {
	if val == nil {
		panic("sync/atomic: " + op + " of nil value into Value")
	}
	for {
		cur := loadValue(&v.v)
		if cur == nil {
			if casValue(&v.v, nil, val) {
				return nil
			}
			continue
		}
		if !sameType(cur, val) {
			panic("sync/atomic: " + op + " of inconsistently typed value into Value")
		}
		return swapValue(&v.v, val)
	}
}

// Store sets the value of the Value v to val. All calls to Store for a given Value
// must use values of the same concrete type. Store of an inconsistent type panics,
// as does Store(nil).
func (v *Value) Store(val any) { v.store(val, "store") }

// Swap stores new into Value and returns the previous value. It returns nil if the
// Value is empty.
func (v *Value) Swap(new any) (old any) { return v.store(new, "swap") }

// CompareAndSwap executes the compare-and-swap operation for the Value.
func (v *Value) CompareAndSwap(old, new any) (swapped bool) {
	if new == nil {
		panic("sync/atomic: compare and swap of nil value into Value")
	}
	if old != nil && !sameType(old, new) {
		panic("sync/atomic: compare and swap of inconsistently typed values")
	}
	for {
		cur := loadValue(&v.v)
		if cur == nil {
			if old != nil {
				return false
			}
			if casValue(&v.v, nil, new) {
				return true
			}
			continue
		}
		if !sameType(cur, new) {
			panic("sync/atomic: compare and swap of inconsistently typed value into Value")
		}
		if cur != old {
			return false
		}
		if casValue(&v.v, cur, new) {
			return true
		}
	}
}

// A Pointer is an atomic pointer of type *T. The zero value is a nil *T. It keeps
// the pointer in an interface cell, whose loads, swaps and compare-and-swaps are
// the VM's indivisible steps (as Value's are).
type Pointer[T any] struct {
	v any // a *T, or nil before the first Store
}

// Load atomically loads and returns the value stored in x.
func (x *Pointer[T]) Load() *T {
	p, _ := loadValue(&x.v).(*T)
	return p
}

// Store atomically stores val into x.
func (x *Pointer[T]) Store(val *T) { swapValue(&x.v, val) }

// Swap atomically stores new into x and returns the previous value.
func (x *Pointer[T]) Swap(new *T) (old *T) {
	old, _ = swapValue(&x.v, new).(*T)
	return old
}

// CompareAndSwap executes the compare-and-swap operation for x.
func (x *Pointer[T]) CompareAndSwap(old, new *T) (swapped bool) {
	for {
		cur := loadValue(&x.v)
		if cp, _ := cur.(*T); cp != old {
			return false
		}
		if casValue(&x.v, cur, new) {
			return true
		}
	}
}
