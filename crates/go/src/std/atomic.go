package atomic

// The VM makes each of these one indivisible step on the variable's cell.
func AddInt64(addr *int64, delta int64) (new int64)
func AddInt32(addr *int32, delta int32) (new int32)
func LoadInt64(addr *int64) int64
func LoadInt32(addr *int32) int32
func StoreInt64(addr *int64, val int64)
func StoreInt32(addr *int32, val int32)
func SwapInt64(addr *int64, new int64) (old int64)
func CompareAndSwapInt64(addr *int64, old, new int64) (swapped bool)
func CompareAndSwapInt32(addr *int32, old, new int32) (swapped bool)

type Int64 struct{ v int64 }

func (x *Int64) Load() int64           { return LoadInt64(&x.v) }
func (x *Int64) Store(val int64)       { StoreInt64(&x.v, val) }
func (x *Int64) Add(delta int64) int64 { return AddInt64(&x.v, delta) }
func (x *Int64) Swap(new int64) int64  { return SwapInt64(&x.v, new) }
func (x *Int64) CompareAndSwap(old, new int64) bool {
	return CompareAndSwapInt64(&x.v, old, new)
}

type Int32 struct{ v int32 }

func (x *Int32) Load() int32           { return LoadInt32(&x.v) }
func (x *Int32) Store(val int32)       { StoreInt32(&x.v, val) }
func (x *Int32) Add(delta int32) int32 { return AddInt32(&x.v, delta) }
func (x *Int32) CompareAndSwap(old, new int32) bool {
	return CompareAndSwapInt32(&x.v, old, new)
}

type Bool struct{ v int32 }

func (x *Bool) Load() bool { return LoadInt32(&x.v) != 0 }
func (x *Bool) Store(val bool) {
	if val {
		StoreInt32(&x.v, 1)
	} else {
		StoreInt32(&x.v, 0)
	}
}
