package bits

// Package bits (math/bits): bit counting and manipulation of the unsigned integer
// types, and full-width add, subtract, multiply and divide, written in plain Go.

import "runtime"

// UintSize is the size of a uint in bits (64 in the explorer).
const UintSize = 32 << (^uint(0) >> 63)

// overflowErr is the run-time error Div* panic with when the quotient does not fit.
type overflowErr struct{}

func (overflowErr) Error() string { return "runtime error: integer overflow" }
func (overflowErr) RuntimeError() {}

var _ runtime.Error = overflowErr{}

// divZero panics with the run-time error of an integer division by zero, by doing one.
func divZero() {
	var zero uint64
	_ = 1 / zero
}

// --- Len: the number of bits needed to represent x (0 for 0) ---

// Len returns the minimum number of bits needed to represent x.
func Len(x uint) int { return Len64(uint64(x)) }

// Len8 returns the minimum number of bits needed to represent x.
func Len8(x uint8) int { return Len64(uint64(x)) }

// Len16 returns the minimum number of bits needed to represent x.
func Len16(x uint16) int { return Len64(uint64(x)) }

// Len32 returns the minimum number of bits needed to represent x.
func Len32(x uint32) int { return Len64(uint64(x)) }

// Len64 returns the minimum number of bits needed to represent x.
func Len64(x uint64) int {
	n := 0
	for _, step := range [...]uint{32, 16, 8, 4, 2, 1} {
		if x>>step != 0 {
			x >>= step
			n += int(step)
		}
	}
	if x != 0 {
		n++
	}
	return n
}

// --- LeadingZeros ---

// LeadingZeros returns the number of leading zero bits in x (UintSize for 0).
func LeadingZeros(x uint) int { return UintSize - Len(x) }

// LeadingZeros8 returns the number of leading zero bits in x (8 for 0).
func LeadingZeros8(x uint8) int { return 8 - Len8(x) }

// LeadingZeros16 returns the number of leading zero bits in x (16 for 0).
func LeadingZeros16(x uint16) int { return 16 - Len16(x) }

// LeadingZeros32 returns the number of leading zero bits in x (32 for 0).
func LeadingZeros32(x uint32) int { return 32 - Len32(x) }

// LeadingZeros64 returns the number of leading zero bits in x (64 for 0).
func LeadingZeros64(x uint64) int { return 64 - Len64(x) }

// --- TrailingZeros ---

// TrailingZeros returns the number of trailing zero bits in x (UintSize for 0).
func TrailingZeros(x uint) int {
	if x == 0 {
		return UintSize
	}
	return TrailingZeros64(uint64(x))
}

// TrailingZeros8 returns the number of trailing zero bits in x (8 for 0).
func TrailingZeros8(x uint8) int {
	if x == 0 {
		return 8
	}
	return TrailingZeros64(uint64(x))
}

// TrailingZeros16 returns the number of trailing zero bits in x (16 for 0).
func TrailingZeros16(x uint16) int {
	if x == 0 {
		return 16
	}
	return TrailingZeros64(uint64(x))
}

// TrailingZeros32 returns the number of trailing zero bits in x (32 for 0).
func TrailingZeros32(x uint32) int {
	if x == 0 {
		return 32
	}
	return TrailingZeros64(uint64(x))
}

// TrailingZeros64 returns the number of trailing zero bits in x (64 for 0).
func TrailingZeros64(x uint64) int {
	if x == 0 {
		return 64
	}
	// isolate the lowest set bit; its position is the answer
	return Len64(x&-x) - 1
}

// --- OnesCount ---

// OnesCount returns the number of one bits ("population count") in x.
func OnesCount(x uint) int { return OnesCount64(uint64(x)) }

// OnesCount8 returns the number of one bits in x.
func OnesCount8(x uint8) int { return OnesCount64(uint64(x)) }

// OnesCount16 returns the number of one bits in x.
func OnesCount16(x uint16) int { return OnesCount64(uint64(x)) }

// OnesCount32 returns the number of one bits in x.
func OnesCount32(x uint32) int { return OnesCount64(uint64(x)) }

// OnesCount64 returns the number of one bits in x.
func OnesCount64(x uint64) int {
	n := 0
	for x != 0 {
		x &= x - 1 // clear the lowest set bit
		n++
	}
	return n
}

// --- RotateLeft: k < 0 rotates right ---

// RotateLeft returns x rotated left by (k mod UintSize) bits.
func RotateLeft(x uint, k int) uint {
	return uint(RotateLeft64(uint64(x), k))
}

// RotateLeft8 returns x rotated left by (k mod 8) bits.
func RotateLeft8(x uint8, k int) uint8 {
	s := uint(k) & 7
	return x<<s | x>>(8-s)
}

// RotateLeft16 returns x rotated left by (k mod 16) bits.
func RotateLeft16(x uint16, k int) uint16 {
	s := uint(k) & 15
	return x<<s | x>>(16-s)
}

// RotateLeft32 returns x rotated left by (k mod 32) bits.
func RotateLeft32(x uint32, k int) uint32 {
	s := uint(k) & 31
	return x<<s | x>>(32-s)
}

// RotateLeft64 returns x rotated left by (k mod 64) bits.
func RotateLeft64(x uint64, k int) uint64 {
	s := uint(k) & 63
	return x<<s | x>>(64-s)
}

// --- Reverse: bit order reversed ---

// Reverse returns x with its bits in reversed order.
func Reverse(x uint) uint { return uint(Reverse64(uint64(x))) }

// Reverse8 returns x with its bits in reversed order.
func Reverse8(x uint8) uint8 { return uint8(Reverse64(uint64(x)) >> 56) }

// Reverse16 returns x with its bits in reversed order.
func Reverse16(x uint16) uint16 { return uint16(Reverse64(uint64(x)) >> 48) }

// Reverse32 returns x with its bits in reversed order.
func Reverse32(x uint32) uint32 { return uint32(Reverse64(uint64(x)) >> 32) }

// Reverse64 returns x with its bits in reversed order.
func Reverse64(x uint64) uint64 {
	// swap ever larger groups: single bits, pairs, nibbles, then the bytes
	x = (x>>1)&0x5555555555555555 | (x&0x5555555555555555)<<1
	x = (x>>2)&0x3333333333333333 | (x&0x3333333333333333)<<2
	x = (x>>4)&0x0f0f0f0f0f0f0f0f | (x&0x0f0f0f0f0f0f0f0f)<<4
	return ReverseBytes64(x)
}

// --- ReverseBytes: byte order reversed ---

// ReverseBytes returns x with its bytes in reversed order.
func ReverseBytes(x uint) uint { return uint(ReverseBytes64(uint64(x))) }

// ReverseBytes16 returns x with its bytes in reversed order.
func ReverseBytes16(x uint16) uint16 { return x<<8 | x>>8 }

// ReverseBytes32 returns x with its bytes in reversed order.
func ReverseBytes32(x uint32) uint32 { return uint32(ReverseBytes64(uint64(x)) >> 32) }

// ReverseBytes64 returns x with its bytes in reversed order.
func ReverseBytes64(x uint64) uint64 {
	var r uint64
	for i := 0; i < 8; i++ {
		r = r<<8 | x&0xff
		x >>= 8
	}
	return r
}

// --- Add: sum with carry in and out (carry must be 0 or 1) ---

// Add returns x + y + carry and the carry out (0 or 1).
func Add(x, y, carry uint) (sum, carryOut uint) {
	s, c := Add64(uint64(x), uint64(y), uint64(carry))
	return uint(s), uint(c)
}

// Add32 returns x + y + carry and the carry out (0 or 1).
func Add32(x, y, carry uint32) (sum, carryOut uint32) {
	t := uint64(x) + uint64(y) + uint64(carry)
	return uint32(t), uint32(t >> 32)
}

// Add64 returns x + y + carry and the carry out (0 or 1).
func Add64(x, y, carry uint64) (sum, carryOut uint64) {
	sum = x + y
	if sum < x {
		carryOut = 1
	}
	sum += carry
	if carry != 0 && sum == 0 {
		carryOut = 1
	}
	return sum, carryOut
}

// --- Sub: difference with borrow in and out (borrow must be 0 or 1) ---

// Sub returns x - y - borrow and the borrow out (0 or 1).
func Sub(x, y, borrow uint) (diff, borrowOut uint) {
	d, b := Sub64(uint64(x), uint64(y), uint64(borrow))
	return uint(d), uint(b)
}

// Sub32 returns x - y - borrow and the borrow out (0 or 1).
func Sub32(x, y, borrow uint32) (diff, borrowOut uint32) {
	t := uint64(x) - uint64(y) - uint64(borrow)
	return uint32(t), uint32(t>>32) & 1
}

// Sub64 returns x - y - borrow and the borrow out (0 or 1).
func Sub64(x, y, borrow uint64) (diff, borrowOut uint64) {
	diff = x - y
	if x < y {
		borrowOut = 1
	}
	if borrow != 0 {
		if diff == 0 {
			borrowOut = 1
		}
		diff -= borrow
	}
	return diff, borrowOut
}

// --- Mul: full-width product ---

// Mul returns the double-width product of x and y as (hi, lo).
func Mul(x, y uint) (hi, lo uint) {
	h, l := Mul64(uint64(x), uint64(y))
	return uint(h), uint(l)
}

// Mul32 returns the 64-bit product of x and y as (hi, lo).
func Mul32(x, y uint32) (hi, lo uint32) {
	t := uint64(x) * uint64(y)
	return uint32(t >> 32), uint32(t)
}

// Mul64 returns the 128-bit product of x and y as (hi, lo).
func Mul64(x, y uint64) (hi, lo uint64) {
	const half = 0xffffffff
	xl, xh := x&half, x>>32
	yl, yh := y&half, y>>32
	ll := xl * yl
	lh := xl * yh
	hl := xh * yl
	hh := xh * yh
	// the middle column: the top of ll plus the low halves of the cross products
	mid := ll>>32 + lh&half + hl&half
	lo = x * y
	hi = hh + lh>>32 + hl>>32 + mid>>32
	return hi, lo
}

// --- Div: (hi, lo) / y; panics for y == 0 and for y <= hi ---

// Div returns the quotient and remainder of (hi, lo) divided by y. It panics if y == 0
// (division by zero) or y <= hi (quotient overflow).
func Div(hi, lo, y uint) (quo, rem uint) {
	q, r := Div64(uint64(hi), uint64(lo), uint64(y))
	return uint(q), uint(r)
}

// Div32 returns the quotient and remainder of (hi, lo) divided by y. It panics if
// y == 0 (division by zero) or y <= hi (quotient overflow).
func Div32(hi, lo, y uint32) (quo, rem uint32) {
	if y == 0 {
		divZero()
	}
	if y <= hi {
		panic(overflowErr{})
	}
	n := uint64(hi)<<32 | uint64(lo)
	return uint32(n / uint64(y)), uint32(n % uint64(y))
}

// Div64 returns the quotient and remainder of (hi, lo) divided by y. It panics if
// y == 0 (division by zero) or y <= hi (quotient overflow).
func Div64(hi, lo, y uint64) (quo, rem uint64) {
	if y == 0 {
		divZero()
	}
	if y <= hi {
		panic(overflowErr{})
	}
	return div128(hi, lo, y)
}

// div128 divides (hi, lo) by y, hi < y, one bit at a time (restoring long division).
func div128(hi, lo, y uint64) (quo, rem uint64) {
	if hi == 0 {
		return lo / y, lo % y
	}
	r := hi
	for i := 63; i >= 0; i-- {
		// r < y; shift the next bit of lo into r (r may exceed 64 bits by one)
		top := r >> 63
		r = r<<1 | (lo>>uint(i))&1
		quo <<= 1
		if top != 0 || r >= y {
			r -= y
			quo |= 1
		}
	}
	return quo, r
}

// --- Rem: remainder of (hi, lo) / y; hi may be >= y; panics only for y == 0 ---

// Rem returns the remainder of (hi, lo) divided by y. It panics for y == 0 but, unlike
// Div, not on quotient overflow.
func Rem(hi, lo, y uint) uint {
	return uint(Rem64(uint64(hi), uint64(lo), uint64(y)))
}

// Rem32 returns the remainder of (hi, lo) divided by y; panics for y == 0.
func Rem32(hi, lo, y uint32) uint32 {
	if y == 0 {
		divZero()
	}
	return uint32((uint64(hi)<<32 | uint64(lo)) % uint64(y))
}

// Rem64 returns the remainder of (hi, lo) divided by y; panics for y == 0.
func Rem64(hi, lo, y uint64) uint64 {
	if y == 0 {
		divZero()
	}
	_, r := div128(hi%y, lo, y)
	return r
}
