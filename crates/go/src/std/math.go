package math

// Package math: floating-point constants and functions. Only the bit conversions
// and Sqrt are natives; everything else is Go on top of them: exact bit-level
// rounding, Mod, Frexp, Ldexp, Nextafter, FMA, ..., and the elementary functions
// (Sin, Cos, Tan, Asin, Acos, Atan, Atan2, Sinh, Cosh, Tanh, Asinh, Acosh, Atanh,
// Exp, Exp2, Expm1, Log, Log2, Log10, Log1p, Cbrt, Pow, Hypot), which perform the
// same float64 operations as Go's package math on linux/amd64 and so give the same
// bits. Gamma, Lgamma, Erf, Erfc, Erfinv, Erfcinv and the Bessel functions are not
// provided.

import "math/bits"

// Mathematical constants.
const (
	E   = 2.718281828459045235360287471352662497757247093699959574966967628
	Pi  = 3.141592653589793238462643383279502884197169399375105820974944592
	Phi = 1.618033988749894848204586834365638117720309179805762862135448623

	Sqrt2   = 1.414213562373095048801688724209698078569671875376948073176679738
	SqrtE   = 1.648721270700128146848650787814163571653776100710148011575079312
	SqrtPi  = 1.772453850905516027298167483341145182797549456122387128213807790
	SqrtPhi = 1.272019649514068964252422461737491491715608041840096248616640383

	Ln2    = 0.6931471805599453094172321214581765680755001343602552541206800095
	Log2E  = 1 / Ln2
	Ln10   = 2.302585092994045684017991454684364207601101488628772976033327901
	Log10E = 1 / Ln10
)

// Floating-point limits: the largest finite value and the smallest positive
// (subnormal) value of each type.
const (
	MaxFloat32             = 3.40282346638528859811704183484516925440e+38
	SmallestNonzeroFloat32 = 1.401298464324817070923729583289916131280e-45

	MaxFloat64             = 1.79769313486231570814527423731704356798070e+308
	SmallestNonzeroFloat64 = 4.9406564584124654417656879286822137236505980e-324
)

// Integer limits.
const (
	intSize = 32 << (^uint(0) >> 63)

	MaxInt    = 1<<(intSize-1) - 1
	MinInt    = -1 << (intSize - 1)
	MaxInt8   = 1<<7 - 1
	MinInt8   = -1 << 7
	MaxInt16  = 1<<15 - 1
	MinInt16  = -1 << 15
	MaxInt32  = 1<<31 - 1
	MinInt32  = -1 << 31
	MaxInt64  = 1<<63 - 1
	MinInt64  = -1 << 63
	MaxUint   = 1<<intSize - 1
	MaxUint8  = 1<<8 - 1
	MaxUint16 = 1<<16 - 1
	MaxUint32 = 1<<32 - 1
	MaxUint64 = 1<<64 - 1
)

// Natives: the bit conversions and the correctly rounded square root.

func Float64bits(f float64) uint64
func Float64frombits(b uint64) float64
func Float32bits(f float32) uint32
func Float32frombits(b uint32) float32
func Sqrt(x float64) float64

// Layout of a float64.
const (
	signBit  = 1 << 63
	expMask  = 0x7ff
	fracBits = 52
	fracMask = 1<<fracBits - 1
	expBias  = 1023
	minLSB   = -1074 // binary exponent of the last bit of the smallest subnormal
	qNaNBits = 0x7ff8000000000001

	smallestNormal = 2.22507385850720138309e-308 // 2**-1022
)

// --- classification and sign ---

// NaN returns an IEEE 754 "not-a-number" value.
func NaN() float64 { return Float64frombits(qNaNBits) }

// Inf returns +Inf for sign >= 0 and -Inf for sign < 0.
func Inf(sign int) float64 {
	if sign >= 0 {
		return Float64frombits(0x7ff0000000000000)
	}
	return Float64frombits(0xfff0000000000000)
}

// IsNaN reports whether f is a "not-a-number" value.
func IsNaN(f float64) bool { return f != f }

// IsInf reports whether f is +Inf (sign > 0), -Inf (sign < 0) or either (sign == 0).
func IsInf(f float64, sign int) bool {
	return sign >= 0 && f > MaxFloat64 || sign <= 0 && f < -MaxFloat64
}

// Signbit reports whether x is negative or negative zero.
func Signbit(x float64) bool { return Float64bits(x)&signBit != 0 }

// Copysign returns a value with the magnitude of f and the sign of sign.
func Copysign(f, sign float64) float64 {
	return Float64frombits(Float64bits(f)&^signBit | Float64bits(sign)&signBit)
}

// Abs returns the absolute value of x.
func Abs(x float64) float64 { return Float64frombits(Float64bits(x) &^ signBit) }

// finite reports whether x is neither infinite nor NaN.
func finite(x float64) bool { return Float64bits(x)>>fracBits&expMask != expMask }

// --- splitting into integer parts and back ---

// parts splits a finite nonzero |x| into m and e with |x| == m * 2**e, normalised so
// that m has its leading bit at bit 52 (subnormals included).
func parts(x float64) (m uint64, e int) {
	b := Float64bits(x)
	field := int(b >> fracBits & expMask)
	m = b & fracMask
	if field == 0 {
		e = minLSB
		for m < 1<<fracBits {
			m <<= 1
			e--
		}
		return m, e
	}
	return m | 1<<fracBits, field - expBias - fracBits
}

// fromParts returns m * 2**e, which must be exactly representable (m < 2**53 and
// e >= minLSB after normalisation), with the sign bit neg.
func fromParts(neg bool, m uint64, e int) float64 {
	var b uint64
	if m != 0 {
		for e < minLSB {
			m >>= 1 // exact: the caller guarantees these bits are zero
			e++
		}
		for m < 1<<fracBits && e > minLSB {
			m <<= 1
			e--
		}
		if m < 1<<fracBits {
			b = m // subnormal
		} else {
			b = uint64(e+expBias+fracBits)<<fracBits | m&fracMask
		}
	}
	if neg {
		b |= signBit
	}
	return Float64frombits(b)
}

// Frexp breaks f into a fraction in [½, 1) and a power of two: f == frac × 2**exp.
// Frexp(±0) = ±0, 0; Frexp(±Inf) = ±Inf, 0; Frexp(NaN) = NaN, 0.
func Frexp(f float64) (frac float64, exp int) {
	if f == 0 || !finite(f) {
		return f, 0
	}
	m, e := parts(f)
	b := uint64(expBias-1)<<fracBits | m&fracMask | Float64bits(f)&signBit
	return Float64frombits(b), e + fracBits + 1
}

// Ldexp returns frac × 2**exp, rounded to nearest even when the result is subnormal.
func Ldexp(frac float64, exp int) float64 {
	if frac == 0 || !finite(frac) {
		return frac
	}
	neg := Signbit(frac)
	if exp > 10000 {
		exp = 10000
	} else if exp < -10000 {
		exp = -10000
	}
	m, e := parts(frac)
	e += exp
	if e+fracBits > expBias {
		return Inf(signOf(neg))
	}
	if e >= minLSB {
		return fromParts(neg, m, e)
	}
	shift := uint(minLSB - e)
	if shift > fracBits+1 {
		return fromParts(neg, 0, 0)
	}
	return fromParts(neg, roundShift(m, shift), minLSB)
}

func signOf(neg bool) int {
	if neg {
		return -1
	}
	return 1
}

// roundShift returns m / 2**shift rounded to nearest, ties to even (1 <= shift <= 63).
func roundShift(m uint64, shift uint) uint64 {
	kept := m >> shift
	rest := m & (1<<shift - 1)
	half := uint64(1) << (shift - 1)
	if rest > half || rest == half && kept&1 == 1 {
		kept++
	}
	return kept
}

// Modf returns the integer part and the fractional part of f, both with the sign
// of f. Modf(±Inf) = ±Inf, NaN; Modf(NaN) = NaN, NaN.
func Modf(f float64) (int float64, frac float64) {
	if IsInf(f, 0) {
		return f, Float64frombits(Float64bits(f)&signBit | 0x7ff8000000000000)
	}
	if f != f {
		q := Trunc(f)
		return q, q
	}
	int = Trunc(f)
	frac = Copysign(f-int, f)
	return int, frac
}

// --- rounding ---

// Trunc returns the integer value of x, rounded toward zero.
func Trunc(x float64) float64 {
	b := Float64bits(x)
	field := int(b >> fracBits & expMask)
	if field == expMask {
		if b&fracMask != 0 {
			return Float64frombits(b | 1<<(fracBits-1)) // NaN, quieted as SSE4 does
		}
		return x // ±Inf
	}
	e := field - expBias // |x| is in [2**e, 2**(e+1))
	if e < 0 {
		return Float64frombits(b & signBit)
	}
	if e >= fracBits {
		return x
	}
	return Float64frombits(b &^ (fracMask >> uint(e)))
}

// Floor returns the greatest integer value less than or equal to x.
func Floor(x float64) float64 {
	t := Trunc(x)
	if x < 0 && t != x {
		return t - 1
	}
	return t
}

// Ceil returns the least integer value greater than or equal to x.
func Ceil(x float64) float64 { return -Floor(-x) }

// Round returns the nearest integer, rounding half away from zero.
func Round(x float64) float64 {
	if !finite(x) || Abs(x) >= 1<<fracBits {
		return x
	}
	t := Trunc(x)
	if Abs(x-t) >= 0.5 {
		return t + Copysign(1, x)
	}
	return t
}

// RoundToEven returns the nearest integer, rounding ties to even.
func RoundToEven(x float64) float64 {
	if x != x {
		return Trunc(x)
	}
	if !finite(x) || Abs(x) >= 1<<fracBits {
		return x
	}
	t := Trunc(x)
	d := Abs(x - t)
	if d > 0.5 || d == 0.5 && t != 2*Trunc(t/2) {
		return t + Copysign(1, x)
	}
	return t
}

// --- remainders ---

// modParts computes |x| mod |y| for finite nonzero x, y with |x| >= |y|, as
// r * 2**e; it also returns the lowest bit of the quotient and |y| in units of 2**e.
func modParts(x, y float64) (r uint64, e int, qOdd bool, yUnits uint64) {
	mx, ex := parts(x)
	my, ey := parts(y)
	if ex < ey {
		// |y| >= 2**(ey+52) and |x| < 2**(ex+53) with |x| >= |y|: ey - ex <= 1
		yUnits = my << uint(ey-ex)
		return mx % yUnits, ex, (mx/yUnits)&1 == 1, yUnits
	}
	r = mx % my
	qOdd = (mx/my)&1 == 1
	for d := ex - ey; d > 0; {
		k := d
		if k > 10 {
			k = 10
		}
		t := r << uint(k)
		qOdd = (t/my)&1 == 1
		r = t % my
		d -= k
	}
	return r, ey, qOdd, my
}

// Mod returns the floating-point remainder of x/y, with the sign of x. Mod(±Inf, y),
// Mod(NaN, y), Mod(x, 0) and Mod(x, NaN) are NaN; Mod(x, ±Inf) = x.
func Mod(x, y float64) float64 {
	if y == 0 || !finite(x) || y != y {
		return NaN()
	}
	if Abs(x) < Abs(y) {
		return x // also x == ±0 and y == ±Inf
	}
	r, e, _, _ := modParts(x, y)
	return fromParts(Signbit(x), r, e)
}

// Remainder returns the IEEE 754 remainder of x/y: x - n*y with n the integer
// nearest x/y (ties to even). Remainder(±Inf, y), Remainder(NaN, y),
// Remainder(x, 0) and Remainder(x, NaN) are NaN; Remainder(x, ±Inf) = x.
func Remainder(x, y float64) float64 {
	if y == 0 || !finite(x) || y != y {
		return NaN()
	}
	ay := Abs(y)
	if x == 0 || IsInf(y, 0) || 2*Abs(x) < ay {
		return x
	}
	neg := Signbit(x)
	var r, yUnits uint64
	var e int
	var qOdd bool
	if Abs(x) < ay {
		// quotient 0, and |x| > |y|/2: the nearest multiple is ±y
		mx, ex := parts(x)
		my, ey := parts(y)
		if ex < ey {
			yUnits = my << uint(ey-ex)
			r, e = mx, ex
		} else {
			r, e, yUnits = mx<<uint(ex-ey), ey, my
		}
	} else {
		r, e, qOdd, yUnits = modParts(x, y)
	}
	if 2*r > yUnits || 2*r == yUnits && qOdd {
		r = yUnits - r
		neg = !neg
	}
	return fromParts(neg, r, e)
}

// --- comparisons ---

// Dim returns the maximum of x-y and 0.
func Dim(x, y float64) float64 {
	v := x - y
	if v <= 0 {
		return 0
	}
	return v
}

// Max returns the larger of x and y. Max(x, +Inf) = +Inf; Max(x, NaN) = NaN;
// Max(+0, -0) = +0.
func Max(x, y float64) float64 {
	switch {
	case IsInf(x, 1) || IsInf(y, 1):
		return Inf(1)
	case x != x || y != y:
		return NaN()
	case x == 0 && x == y:
		if Signbit(x) {
			return y
		}
		return x
	case x > y:
		return x
	}
	return y
}

// Min returns the smaller of x and y. Min(x, -Inf) = -Inf; Min(x, NaN) = NaN;
// Min(-0, +0) = -0.
func Min(x, y float64) float64 {
	switch {
	case IsInf(x, -1) || IsInf(y, -1):
		return Inf(-1)
	case x != x || y != y:
		return NaN()
	case x == 0 && x == y:
		if Signbit(x) {
			return x
		}
		return y
	case x < y:
		return x
	}
	return y
}

// --- neighbours and exponents ---

// Nextafter returns the next representable float64 after x towards y.
func Nextafter(x, y float64) float64 {
	switch {
	case x != x || y != y:
		return NaN()
	case x == y:
		return x
	case x == 0:
		return Copysign(Float64frombits(1), y)
	case (y > x) == (x > 0):
		return Float64frombits(Float64bits(x) + 1)
	}
	return Float64frombits(Float64bits(x) - 1)
}

// Nextafter32 returns the next representable float32 after x towards y.
func Nextafter32(x, y float32) float32 {
	switch {
	case x != x || y != y:
		return Float32frombits(0x7fc00000)
	case x == y:
		return x
	case x == 0:
		return Float32frombits(1 | Float32bits(y)&(1<<31))
	case (y > x) == (x > 0):
		return Float32frombits(Float32bits(x) + 1)
	}
	return Float32frombits(Float32bits(x) - 1)
}

// Ilogb returns the binary exponent of x as an integer. Ilogb(±Inf) = MaxInt32;
// Ilogb(0) = MinInt32; Ilogb(NaN) = MaxInt32.
func Ilogb(x float64) int {
	if x == 0 {
		return MinInt32
	}
	if !finite(x) {
		return MaxInt32
	}
	_, e := parts(x)
	return e + fracBits
}

// Logb returns the binary exponent of x. Logb(±Inf) = +Inf; Logb(0) = -Inf;
// Logb(NaN) = NaN.
func Logb(x float64) float64 {
	switch {
	case x == 0:
		return Inf(-1)
	case x != x:
		return x
	case !finite(x):
		return Inf(1)
	}
	return float64(Ilogb(x))
}

// --- trigonometric extras ---

// Sincos returns Sin(x), Cos(x). Sincos(±Inf) and Sincos(NaN) are NaN, NaN.
func Sincos(x float64) (sin, cos float64) {
	if !finite(x) {
		return NaN(), NaN()
	}
	return Sin(x), Cos(x)
}

// --- powers of ten ---

var pow10small = [32]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22, 1e23, 1e24, 1e25, 1e26, 1e27, 1e28, 1e29, 1e30, 1e31}

var pow10big = [10]float64{1e0, 1e32, 1e64, 1e96, 1e128, 1e160, 1e192, 1e224, 1e256, 1e288}

var pow10bigneg = [11]float64{1e-0, 1e-32, 1e-64, 1e-96, 1e-128, 1e-160, 1e-192, 1e-224, 1e-256, 1e-288, 1e-320}

// Pow10 returns 10**n: 0 for n < -323 and +Inf for n > 308. Like Go's, the result is
// the product (or quotient) of two correctly rounded powers, 10**(32k) and 10**j.
func Pow10(n int) float64 {
	switch {
	case n > 308:
		return Inf(1)
	case n < -323:
		return 0
	case n >= 0:
		return pow10big[n/32] * pow10small[n%32]
	}
	return pow10bigneg[-n/32] / pow10small[-n%32]
}

// --- fused multiply-add ---

// u128 is a 128-bit unsigned integer.
type u128 struct{ hi, lo uint64 }

func (a u128) shl(n uint) u128 {
	switch {
	case n == 0:
		return a
	case n >= 128:
		return u128{}
	case n >= 64:
		return u128{a.lo << (n - 64), 0}
	}
	return u128{a.hi<<n | a.lo>>(64-n), a.lo << n}
}

func (a u128) shr(n uint) u128 {
	switch {
	case n == 0:
		return a
	case n >= 128:
		return u128{}
	case n >= 64:
		return u128{0, a.hi >> (n - 64)}
	}
	return u128{a.hi >> n, a.lo>>n | a.hi<<(64-n)}
}

func (a u128) add(b u128) u128 {
	lo, c := bits.Add64(a.lo, b.lo, 0)
	hi, _ := bits.Add64(a.hi, b.hi, c)
	return u128{hi, lo}
}

func (a u128) sub(b u128) u128 {
	lo, c := bits.Sub64(a.lo, b.lo, 0)
	hi, _ := bits.Sub64(a.hi, b.hi, c)
	return u128{hi, lo}
}

func (a u128) less(b u128) bool { return a.hi < b.hi || a.hi == b.hi && a.lo < b.lo }

func (a u128) isZero() bool { return a.hi == 0 && a.lo == 0 }

func (a u128) len() int {
	if a.hi != 0 {
		return 64 + bits.Len64(a.hi)
	}
	return bits.Len64(a.lo)
}

// FMA returns x * y + z, computed with only one rounding (IEEE 754
// fusedMultiplyAdd).
func FMA(x, y, z float64) float64 {
	if x == 0 || y == 0 || !finite(x) || !finite(y) {
		return x*y + z // the product is exact: one rounding in all
	}
	if !finite(z) {
		return z
	}
	if z == 0 {
		return x * y // (a product that rounds to zero keeps its sign)
	}
	mx, ex := parts(x)
	my, ey := parts(y)
	mz, ez := parts(z)
	// both terms as 128-bit mantissas with the leading bit at bit 125
	hi, lo := bits.Mul64(mx, my)
	a := u128{hi, lo}
	ea := ex + ey
	up := uint(126 - a.len())
	a = a.shl(up)
	ea -= int(up)
	aNeg := Signbit(x) != Signbit(y)
	b := u128{mz, 0}.shl(73 - 64)
	eb := ez - 73
	bNeg := Signbit(z)
	if ea < eb {
		a, b = b, a
		ea, eb = eb, ea
		aNeg, bNeg = bNeg, aNeg
	}
	// align b with a; bits shifted out leave a sticky 1 at the bottom
	d := uint(ea - eb)
	shifted := b.shr(d)
	if !shifted.shl(d).sub(b).isZero() || d >= 128 {
		shifted.lo |= 1
	}
	b = shifted
	var r u128
	neg := aNeg
	if aNeg == bNeg {
		r = a.add(b)
	} else if b.less(a) {
		r = a.sub(b)
	} else {
		r = b.sub(a)
		neg = bNeg
	}
	if r.isZero() {
		return 0 // exact cancellation rounds to +0
	}
	// round r * 2**ea to 53 bits, no finer than 2**minLSB
	lsb := ea + r.len() - (fracBits + 1)
	if lsb < minLSB {
		lsb = minLSB
	}
	var m uint64
	if lsb <= ea {
		m = r.shl(uint(ea - lsb)).lo
	} else if sh := uint(lsb - ea); sh < 128 {
		kept := r.shr(sh)
		rest := r.sub(kept.shl(sh))
		half := u128{0, 1}.shl(sh - 1)
		m = kept.lo
		if half.less(rest) || rest == half && m&1 == 1 {
			m++
		}
		if m == 1<<(fracBits+1) {
			m >>= 1
			lsb++
		}
	}
	if m != 0 && lsb+bits.Len64(m) > expBias+1 {
		return Inf(signOf(neg))
	}
	return fromParts(neg, m, lsb)
}

// ============================================================================
// Elementary functions. Each one reproduces, operation for operation, the
// float64 arithmetic that Go's own package math performs on linux/amd64, so
// that results agree to the last bit: the Cephes polynomials for the circular
// functions, arctangents and tanh; FreeBSD msun's algorithms for Expm1, Log1p
// and Cbrt and the msun logarithm used by Go's amd64 assembly Log; the SLEEF-
// derived Taylor scheme of Go's amd64 assembly Exp (in its FMA form, as used on
// processors with FMA); Go's own schemes for Pow, Exp2, Sinh, Cosh, Hypot and
// the inverse hyperbolic functions.
// ============================================================================

// poly evaluates c[0]*t**(n-1) + ... + c[n-1] by Horner's rule, multiplying
// before adding at every step.
func poly(c []float64, t float64) float64 {
	p := c[0]
	for i := 1; i < len(c); i++ {
		p = p*t + c[i]
	}
	return p
}

// --- circular functions ---

// Pi/4 as the sum of three float64 values, the first two with trailing zero bits,
// for an accurate x - n*Pi/4 below 2**29.
const (
	quarterPiA = 7.85398125648498535156e-1
	quarterPiB = 3.77489470793079817668e-8
	quarterPiC = 2.69515142907905952645e-15
)

// bigArgument: from here on the argument is reduced with the bits of 4/Pi.
const bigArgument = 1 << 29

// Cephes coefficients of sin(z) = z + z**3 * S(z**2) and
// cos(z) = 1 - z**2/2 + z**4 * C(z**2) on [-Pi/4, Pi/4].
var sinCoef = []float64{
	1.58962301576546568060e-10,
	-2.50507477628578072866e-8,
	2.75573136213857245213e-6,
	-1.98412698295895385996e-4,
	8.33333333332211858878e-3,
	-1.66666666666666307295e-1,
}

var cosCoef = []float64{
	-1.13585365213876817300e-11,
	2.08757008419747316778e-9,
	-2.75573141792967388112e-7,
	2.48015872888517045348e-5,
	-1.38888888888730564116e-3,
	4.16666666666665929218e-2,
}

func sinKernel(z, zz float64) float64 { return z + z*zz*poly(sinCoef, zz) }

func cosKernel(zz float64) float64 { return 1.0 - 0.5*zz + zz*zz*poly(cosCoef, zz) }

// invQuarterPi holds the binary expansion of 4/Pi: element 0 is its integer part,
// the others its fraction, 64 bits each, most significant first.
var invQuarterPi = [20]uint64{
	0x0000000000000001, 0x45f306dc9c882a53, 0xf84eafa3ea69bb81, 0xb6c52b3278872083,
	0xfca2c757bd778ac3, 0x6e48dc74849ba5c0, 0x0c925dd413a32439, 0xfc3bd63962534e7d,
	0xd1046bea5d768909, 0xd338e04d68befc82, 0x7323ac7306a673e9, 0x3908bf177bf25076,
	0x3ff12fffbc0b301f, 0xde5e2316b414da3e, 0xda6cfd9e4f96136e, 0x9e8c7ecd3cbfd45a,
	0xea4f758fd7cbe2f6, 0x7a0e73ef14a525d4, 0xd7f6bf623f1aba10, 0xac06608df8f6d757,
}

// invQuarterPiBits returns 64 bits of invQuarterPi starting sh bits into element i.
func invQuarterPiBits(i, sh uint) uint64 {
	if sh == 0 {
		return invQuarterPi[i]
	}
	return invQuarterPi[i]<<sh | invQuarterPi[i+1]>>(64-sh)
}

// octant reduces ax >= 0 to an even octant number n (mod 8) and z = ax - n*Pi/4,
// |z| <= Pi/4 (about).
func octant(ax float64) (uint64, float64) {
	if ax >= bigArgument {
		return octantBig(ax)
	}
	n := uint64(ax * (4 / Pi))
	n += n & 1
	q := float64(n)
	return n & 7, ((ax - q*quarterPiA) - q*quarterPiB) - q*quarterPiC
}

// octantBig is octant for ax >= 2**29: ax = m * 2**e exactly, and m times a
// 192-bit window of 4/Pi, chosen so that the product's units bit lands at bit 189,
// gives the octant in its top 3 bits and the fraction after them. Like Go, the
// fraction keeps the top 128 bits of the product and is normalised by shifting
// in the leading bits of the second word again; it is then truncated to 52 bits.
func octantBig(ax float64) (uint64, float64) {
	b := Float64bits(ax)
	m := b&fracMask | 1<<fracBits
	pos := uint(int(b>>fracBits) - expBias - fracBits + 61)
	i, sh := pos/64, pos%64
	w0 := invQuarterPiBits(i, sh)
	w1 := invQuarterPiBits(i+1, sh)
	w2 := invQuarterPiBits(i+2, sh)
	h2, _ := bits.Mul64(w2, m)
	h1, l1 := bits.Mul64(w1, m)
	mid, carry := bits.Add64(l1, h2, 0)
	top := w0*m + h1 + carry
	n := top >> 61
	f := top<<3 | mid>>61
	k := uint(bits.LeadingZeros64(f)) + 1 // 1..65
	var mant uint64
	if k < 64 {
		mant = f<<k | mid>>(64-k)
	} else if k == 64 {
		mant = mid
	}
	z := Float64frombits(uint64(expBias-k)<<fracBits | mant>>(64-fracBits))
	if n&1 == 1 {
		n = (n + 1) & 7
		z--
	}
	return n, z * (Pi / 4)
}

// Sin returns the sine of the radian argument x. Sin(±0) = ±0, Sin(±Inf) = NaN,
// Sin(NaN) = NaN.
func Sin(x float64) float64 {
	if x == 0 || x != x {
		return x
	}
	if !finite(x) {
		return NaN()
	}
	neg := x < 0
	n, z := octant(Abs(x))
	if n >= 4 {
		neg = !neg
		n -= 4
	}
	zz := z * z
	var r float64
	if n == 0 || n == 3 {
		r = sinKernel(z, zz)
	} else {
		r = cosKernel(zz)
	}
	if neg {
		return -r
	}
	return r
}

// Cos returns the cosine of the radian argument x. Cos(±Inf) = NaN, Cos(NaN) = NaN.
func Cos(x float64) float64 {
	if !finite(x) {
		return NaN()
	}
	n, z := octant(Abs(x))
	neg := n >= 2 && n < 6
	n &= 3
	zz := z * z
	var r float64
	if n == 1 || n == 2 {
		r = sinKernel(z, zz)
	} else {
		r = cosKernel(zz)
	}
	if neg {
		return -r
	}
	return r
}

// Cephes rational approximation tan(z) = z + z**3 P(z**2)/Q(z**2), |z| <= Pi/4.
var tanNum = []float64{
	-1.30936939181383777646e4,
	1.15351664838587416140e6,
	-1.79565251976484877988e7,
}

var tanDen = []float64{
	1.0,
	1.36812963470692954678e4,
	-1.32089234440210967447e6,
	2.50083801823357915839e7,
	-5.38695755929454629881e7,
}

// Tan returns the tangent of the radian argument x. Tan(±0) = ±0,
// Tan(±Inf) = NaN, Tan(NaN) = NaN.
func Tan(x float64) float64 {
	if x == 0 || x != x {
		return x
	}
	if !finite(x) {
		return NaN()
	}
	n, z := octant(Abs(x))
	zz := z * z
	r := z
	if zz > 1e-14 {
		r = z + z*(zz*poly(tanNum, zz)/poly(tanDen, zz))
	}
	if n&2 != 0 {
		r = -1 / r
	}
	if x < 0 {
		return -r
	}
	return r
}

// --- arctangents ---

// Cephes rational approximation atan(x) = x + x**3 P(x**2)/Q(x**2), |x| <= 0.66.
var atanNum = []float64{
	-8.750608600031904122785e-01,
	-1.615753718733365076637e+01,
	-7.500855792314704667340e+01,
	-1.228866684490136173410e+02,
	-6.485021904942025371773e+01,
}

var atanDen = []float64{
	1.0,
	2.485846490142306297962e+01,
	1.650270098316988542046e+02,
	4.328810604912902668951e+02,
	4.853903996359136964868e+02,
	1.945506571482613964425e+02,
}

func atanKernel(x float64) float64 {
	t := x * x
	t = t * poly(atanNum, t) / poly(atanDen, t)
	return x*t + x
}

// atanPositive is atan for x >= 0, reduced to |argument| <= 0.66 with
// atan(x) = Pi/2 - atan(1/x) and atan(x) = Pi/4 + atan((x-1)/(x+1)).
func atanPositive(x float64) float64 {
	const (
		piOver2Tail = 6.123233995736765886130e-17 // Pi/2 - float64(Pi/2)
		tan3PiOver8 = 2.41421356237309504880
	)
	switch {
	case x <= 0.66:
		return atanKernel(x)
	case x > tan3PiOver8:
		return Pi/2 - atanKernel(1/x) + piOver2Tail
	}
	return Pi/4 + atanKernel((x-1)/(x+1)) + 0.5*piOver2Tail
}

// Atan returns the arctangent of x in radians. Atan(±0) = ±0, Atan(±Inf) = ±Pi/2.
func Atan(x float64) float64 {
	if x == 0 {
		return x
	}
	if x > 0 {
		return atanPositive(x)
	}
	return -atanPositive(-x)
}

// Atan2 returns the arctangent of y/x, using the signs of both to choose the
// quadrant; the result is in [-Pi, Pi]. Special cases as in Go.
func Atan2(y, x float64) float64 {
	switch {
	case y != y || x != x:
		return NaN()
	case y == 0:
		if x >= 0 && !Signbit(x) {
			return Copysign(0, y)
		}
		return Copysign(Pi, y)
	case x == 0:
		return Copysign(Pi/2, y)
	case IsInf(x, 1):
		if IsInf(y, 0) {
			return Copysign(Pi/4, y)
		}
		return Copysign(0, y)
	case IsInf(x, -1):
		if IsInf(y, 0) {
			return Copysign(3*Pi/4, y)
		}
		return Copysign(Pi, y)
	case IsInf(y, 0):
		return Copysign(Pi/2, y)
	}
	q := Atan(y / x)
	if x >= 0 {
		return q
	}
	if q <= 0 {
		return q + Pi
	}
	return q - Pi
}

// Asin returns the arcsine of x in radians. Asin(±0) = ±0; Asin(x) = NaN for |x| > 1.
func Asin(x float64) float64 {
	if x == 0 {
		return x
	}
	ax := x // not Abs: a NaN keeps its sign, as in Go
	if x < 0 {
		ax = -x
	}
	if ax > 1 {
		return NaN()
	}
	c := Sqrt(1 - ax*ax)
	var r float64
	if ax > 0.7 {
		r = Pi/2 - atanPositive(c/ax)
	} else {
		r = atanPositive(ax / c)
	}
	if x < 0 {
		return -r
	}
	return r
}

// Acos returns the arccosine of x in radians; Acos(x) = NaN for |x| > 1.
func Acos(x float64) float64 { return Pi/2 - Asin(x) }

// --- exponentials ---

// pow2 returns 2**e for -1022 <= e <= 1023.
func pow2(e int) float64 { return Float64frombits(uint64(e+expBias) << fracBits) }

// roundInt32 converts like the SSE2 instruction CVTSD2SI with a 32-bit result: to
// the nearest integer, ties to even, and -2**31 when that is out of range.
func roundInt32(v float64) int {
	const shifter = 1.5 * (1 << 52) // adding it rounds |v| < 2**51 to an integer
	if v > -2147483648.5 && v < 2147483647.5 {
		return int((v + shifter) - shifter)
	}
	return -2147483648
}

// twoSumErr returns a + b - s exactly, where s = a + b rounded (Knuth's TwoSum).
func twoSumErr(a, b, s float64) float64 {
	bb := s - a
	return (a - (s - bb)) + (b - bb)
}

// splitHalves splits a into hi + lo, each fitting in 26 bits (Veltkamp).
func splitHalves(a float64) (hi, lo float64) {
	c := 134217729 * a // 2**27 + 1
	hi = c - (c - a)
	return hi, a - hi
}

// roundedSum3 returns z + p + e rounded once, for e at most half of p's last place
// and no intermediate near overflow; ok is false when it could not make sure of
// the rounding (rare). The sums are made exact with TwoSum:
// z + p + e == s + v + vErr, and r = s + v rounded with r + rErr == s + v; r is
// the answer when vErr is 0 or when nearestSure says so.
func roundedSum3(z, p, e float64) (r float64, ok bool) {
	s := z + p
	sErr := twoSumErr(z, p, s)
	v := sErr + e
	vErr := twoSumErr(sErr, e, v)
	r = s + v
	if vErr == 0 {
		return r, true
	}
	return r, nearestSure(r, twoSumErr(s, v, r), vErr)
}

// nearestSure reports whether r is the correctly rounded value of r + rErr + vErr,
// r being the rounded value of r + rErr: whether |rErr + vErr| stays below the
// distance from r to the rounding boundary on that side, half a unit in r's last
// place (a quarter towards zero from a power of two).
func nearestSure(r, rErr, vErr float64) bool {
	rb := Float64bits(r)
	mag := rb &^ signBit
	if mag < 0x0400000000000000 { // |r| < 2**-959: no such shortcut
		return false
	}
	bound := Float64frombits(mag&^fracMask) * (1.0 / (1 << 53))
	d := rErr + vErr // rounded, but with the sign of the exact sum
	if mag&fracMask == 0 && (d < 0) != (rb&signBit != 0) {
		bound *= 0.5
	}
	if rErr < 0 {
		rErr = -rErr
	}
	if vErr < 0 {
		vErr = -vErr
	}
	return rErr+vErr < bound
}

// Taylor coefficients 1/8!, 1/7!, ..., 1/3!, 1/2, 1 of (e**r - 1)/r.
var expTaylor = []float64{
	2.4801587301587301587e-5,
	1.9841269841269841270e-4,
	1.3888888888888888889e-3,
	8.3333333333333333333e-3,
	4.1666666666666666667e-2,
	1.6666666666666666667e-1,
	0.5,
	1.0,
}

// ln2Lo of Exp, split in two 26-bit halves.
var ln2LoHead, ln2LoTail = splitHalves(0.28235290563031577122588448175013436025525412068e-12)

// expPoly returns the Taylor polynomial of (e**r - 1)/r for |r| <= 0.022, by
// Horner's rule with fused multiply-adds p = p*r + c.
func expPoly(r float64) float64 {
	if Abs(r) < 1e-200 {
		return 1 // every product is below a quarter of the last place of its sum
	}
	rh, rl := splitHalves(r)
	p := expTaylor[0]
	for i := 1; i < len(expTaylor); i++ {
		p = fmaDominant(p, r, rh, rl, expTaylor[i])
	}
	return p
}

// fmaDominant is FMA(a, b, c) for 1e-200 < |a|, |b| < 1e100 and |a*b| <= |c|, with
// b already split by splitHalves. The product is made exact, a*b == q + qErr
// (Dekker), and the sum c + q + qErr rounded once as roundedSum3 does (here
// Fast2Sum suffices for c + q); FMA decides the rare cases it cannot be sure of.
func fmaDominant(a, b, bh, bl, c float64) float64 {
	t := 134217729 * a
	ah := t - (t - a)
	al := a - ah
	q := a * b
	qErr := al*bl - (((q - ah*bh) - al*bh) - ah*bl) // a*b == q + qErr
	s := c + q
	sErr := q - (s - c) // c + q == s + sErr
	v := sErr + qErr
	vv := v - sErr
	vErr := (sErr - (v - vv)) + (qErr - vv) // sErr + qErr == v + vErr
	r := s + v
	if vErr != 0 && !nearestSure(r, v-(r-s), vErr) {
		return FMA(a, b, c)
	}
	return r
}

// Exp returns e**x. Exp(+Inf) = +Inf, Exp(-Inf) = 0, Exp(NaN) = NaN.
//
// It follows Go's amd64 assembly in its FMA form: x = k*ln2 + r, e**(r/16) - 1 from
// a Taylor polynomial, squared up four times as (u+1)**2 - 1 = u*(u+2), then scaled
// by 2**k with one or two multiplications.
func Exp(x float64) float64 {
	const (
		log2E    = 1.4426950408889634073599246810018920
		ln2Hi    = 0.69314718055966295651160180568695068359375
		ln2Lo    = 0.28235290563031577122588448175013436025525412068e-12
		overflow = 7.09782712893384e+02
	)
	b := Float64bits(x)
	if b&^signBit >= 0x7ff0000000000000 {
		if b == 0xfff0000000000000 {
			return 0
		}
		return x // +Inf or NaN
	}
	if x > overflow {
		return Inf(1)
	}
	k := roundInt32(log2E * x)
	biased := k + expBias
	if biased < -52 {
		return 0
	}
	if biased >= expMask {
		return Inf(1)
	}
	kf := float64(k)
	// r = x - k*ln2 with fused multiply-adds; |k| < 2**11 and ln2Hi has 41
	// significant bits, so k*ln2Hi is exact and the first one is plain arithmetic
	r := x - kf*ln2Hi
	if k != 0 {
		q := kf * ln2Lo
		qErr := kf*ln2LoTail - (q - kf*ln2LoHead) // kf*ln2Lo == q + qErr
		if v, ok := roundedSum3(r, -q, -qErr); ok {
			r = v
		} else {
			r = FMA(-kf, ln2Lo, r)
		}
	}
	r *= 0.0625
	u := r * expPoly(r) // e**(r/16) - 1
	for i := 0; i < 3; i++ {
		u *= u + 2
	}
	if Abs(u) > 1e-200 {
		w := u + 2
		wh, wl := splitHalves(w)
		u = fmaDominant(u, w, wh, wl, 1) // e**r
	} else {
		u = 1
	}
	if biased > 0 {
		return u * pow2(k)
	}
	u *= Float64frombits(uint64(biased+expBias-1) << fracBits)
	return u * pow2(-1022)
}

// expFinish returns 2**k * e**(hi-lo) for |hi-lo| <= ln2/2 (about), with the
// msun rational approximation of r*(e**r+1)/(e**r-1).
func expFinish(hi, lo float64, k int) float64 {
	r := hi - lo
	t := r * r
	q := 4.13813679705723846039e-08
	q = -1.65339022054652515390e-06 + t*q
	q = 6.61375632143793436117e-05 + t*q
	q = -2.77777777770155933842e-03 + t*q
	q = 1.66666666666666657415e-01 + t*q
	c := r - t*q
	y := 1 - ((lo - (r*c)/(2-c)) - hi)
	return Ldexp(y, k)
}

// Exp2 returns 2**x. Exp2(+Inf) = +Inf, Exp2(-Inf) = 0, Exp2(NaN) = NaN.
func Exp2(x float64) float64 {
	const (
		ln2Hi = 6.93147180369123816490e-01
		ln2Lo = 1.90821492927058770002e-10
	)
	switch {
	case x != x:
		return x
	case x > 1.0239999999999999e+03:
		return Inf(1)
	case x < -1.0740e+03:
		return 0
	}
	k := 0
	if x > 0 {
		k = int(x + 0.5)
	} else if x < 0 {
		k = int(x - 0.5)
	}
	f := x - float64(k)
	return expFinish(f*ln2Hi, -f*ln2Lo, k)
}

// Expm1 returns e**x - 1, accurate also for x near 0 (FreeBSD msun's algorithm).
// Expm1(+Inf) = +Inf, Expm1(-Inf) = -1, Expm1(NaN) = NaN.
func Expm1(x float64) float64 {
	const (
		overflow  = 7.09782712893383973096e+02
		ln2x56    = 3.88162421113569373274e+01
		ln2x3half = 1.03972077083991796413e+00
		ln2half   = 3.46573590279972654709e-01
		ln2Hi     = 6.93147180369123816490e-01
		ln2Lo     = 1.90821492927058770002e-10
		invLn2    = 1.44269504088896338700e+00
		tiny      = 1.0 / (1 << 54)
	)
	if x != x || IsInf(x, 1) {
		return x
	}
	if IsInf(x, -1) {
		return -1
	}
	neg := x < 0
	ax := Abs(x)
	if ax >= ln2x56 {
		if neg {
			return -1
		}
		if ax >= overflow {
			return Inf(1)
		}
	}
	// x = k*ln2 + (hi - lo), and c corrects the rounding of hi - lo
	k := 0
	var c float64
	switch {
	case ax > ln2half:
		var hi, lo float64
		if ax < ln2x3half {
			if neg {
				hi, lo, k = x+ln2Hi, -ln2Lo, -1
			} else {
				hi, lo, k = x-ln2Hi, ln2Lo, 1
			}
		} else {
			if neg {
				k = int(invLn2*x - 0.5)
			} else {
				k = int(invLn2*x + 0.5)
			}
			kf := float64(k)
			hi = x - kf*ln2Hi
			lo = kf * ln2Lo
		}
		x = hi - lo
		c = (hi - x) - lo
	case ax < tiny:
		return x
	}
	half := 0.5 * x
	hxs := x * half
	q := -2.01099218183624371326e-07
	q = 4.00821782732936239552e-06 + hxs*q
	q = -7.93650757867487942473e-05 + hxs*q
	q = 1.58730158725481460165e-03 + hxs*q
	q = -3.33333333333331316428e-02 + hxs*q
	r1 := 1 + hxs*q
	t := 3 - r1*half
	e := hxs * ((r1 - t) / (6.0 - x*t))
	if k == 0 {
		return x - (x*e - hxs)
	}
	e = x*(e-c) - c
	e -= hxs
	if k == -1 {
		return 0.5*(x-e) - 0.5
	}
	if k == 1 {
		if x < -0.25 {
			return -2 * (e - (x + 0.5))
		}
		return 1 + 2*(x-e)
	}
	addExp := uint64(k) << fracBits // adds k to a float64's exponent
	if k <= -2 || k > 56 {
		y := 1 - (e - x)
		return Float64frombits(Float64bits(y)+addExp) - 1
	}
	if k < 20 {
		oneMinus := Float64frombits(0x3ff0000000000000 - (0x20000000000000 >> uint(k))) // 1 - 2**-k
		y := oneMinus - (e - x)
		return Float64frombits(Float64bits(y) + addExp)
	}
	y := x - (e + pow2(-k))
	y++
	return Float64frombits(Float64bits(y) + addExp)
}

// --- hyperbolic functions ---

// Sinh returns the hyperbolic sine of x.
func Sinh(x float64) float64 {
	ax := x
	if x < 0 {
		ax = -x
	}
	var r float64
	switch {
	case ax > 21:
		r = Exp(ax) * 0.5
	case ax > 0.5:
		ex := Exp(ax)
		r = (ex - 1/ex) * 0.5
	default:
		// Cephes rational approximation
		t := ax * ax
		num := (((-0.2630563213397497062819489e+2*t-0.2894211355989563807284660366e+4)*t-0.8991272022039509355398013511e+5)*t - 0.6307673640497716991184787251e+6) * ax
		den := ((t-0.173678953558233699533450911e+3)*t+0.1521517378790019070696485176e+5)*t - 0.6307673640497716991212077277e+6
		r = num / den
	}
	if x < 0 {
		return -r
	}
	return r
}

// Cosh returns the hyperbolic cosine of x.
func Cosh(x float64) float64 {
	ax := Abs(x)
	ex := Exp(ax)
	if ax > 21 {
		return ex * 0.5
	}
	return (ex + 1/ex) * 0.5
}

// Tanh returns the hyperbolic tangent of x.
func Tanh(x float64) float64 {
	const maxLog = 8.8029691931113054295988e+01 // log(2**127)
	ax := Abs(x)
	if ax > 0.5*maxLog {
		if x < 0 {
			return -1
		}
		return 1
	}
	if ax >= 0.625 {
		r := 1 - 2/(Exp(2*ax)+1)
		if x < 0 {
			return -r
		}
		return r
	}
	if x == 0 {
		return x
	}
	// Cephes rational approximation
	t := x * x
	num := (-9.64399179425052238628e-1*t-9.92877231001918586564e1)*t - 1.61468768441708447952e3
	den := ((t+1.12811678491632931402e2)*t+2.23548839060100448583e3)*t + 4.84406305325125486048e3
	return x + x*t*num/den
}

// --- logarithms ---

// msun's coefficients of the series for log((1+s)/(1-s)) = 2s + s*R(s*s), odd and
// even terms apart.
var logOdd = []float64{
	1.479819860511658591e-01,
	1.818357216161805012e-01,
	2.857142874366239149e-01,
	6.666666666666735130e-01,
}

var logEven = []float64{
	1.531383769920937332e-01,
	2.222219843214978396e-01,
	3.999999999940941908e-01,
}

// ln 2 split in two: the first part has trailing zeros, so that k*ln2Hi is exact.
const (
	ln2Hi = 6.93147180369123816490e-01
	ln2Lo = 1.90821492927058770002e-10
)

// Log returns the natural logarithm of x. Log(+Inf) = +Inf, Log(±0) = -Inf,
// Log(x < 0) = NaN, Log(NaN) = NaN.
//
// As Go's amd64 assembly does, it takes the fraction f1 in [1/2, 1) and the exponent
// k straight from the bits of x (for a subnormal x that gives the fraction of its
// stored bits and k = -1021), moves f1 into (Sqrt2/2, Sqrt2], and evaluates
// log(1+f) = k*ln2 + 2s + s*R with s = f/(2+f).
func Log(x float64) float64 {
	b := Float64bits(x)
	switch {
	case b&^signBit == 0:
		return Inf(-1)
	case b&signBit != 0:
		return NaN()
	case b >= 0x7ff0000000000000:
		return x // +Inf or NaN
	}
	f1 := Float64frombits(b&fracMask | 0x3fe0000000000000)
	k := float64(int(b>>fracBits) - (expBias - 1))
	if !(Sqrt2/2 < f1) {
		k--
		f1 *= 2
	}
	f := f1 - 1
	s := f / (2 + f)
	s2 := s * s
	s4 := s2 * s2
	r := s2*poly(logOdd, s4) + s4*poly(logEven, s4)
	hfsq := 0.5 * f * f
	return k*ln2Hi - ((hfsq - (s*(hfsq+r) + k*ln2Lo)) - f)
}

// Log10 returns the decimal logarithm of x, as Log(x) * (1/Ln10).
func Log10(x float64) float64 { return Log(x) * (1 / Ln10) }

// Log2 returns the binary logarithm of x: exact for powers of two, otherwise
// Log(frac)*(1/Ln2) + exp with x = frac * 2**exp.
func Log2(x float64) float64 {
	frac, exp := Frexp(x)
	if frac == 0.5 {
		return float64(exp - 1)
	}
	return Log(frac)*(1/Ln2) + float64(exp)
}

// Log1p returns the natural logarithm of 1+x, accurate also for x near 0
// (FreeBSD msun's algorithm). Log1p(-1) = -Inf, Log1p(x < -1) = NaN.
func Log1p(x float64) float64 {
	const (
		sqrt2M1     = 4.142135623730950488017e-01  // Sqrt(2) - 1
		sqrt2HalfM1 = -2.928932188134524755992e-01 // Sqrt(2)/2 - 1
		small       = 1.0 / (1 << 29)
		tiny        = 1.0 / (1 << 54)
		two53       = 1 << 53
	)
	switch {
	case x < -1 || x != x:
		return NaN()
	case x == -1:
		return Inf(-1)
	case IsInf(x, 1):
		return Inf(1)
	}
	ax := Abs(x)
	// 1+x = 2**k * (1+f) with Sqrt2/2 < 1+f < Sqrt2, and c the rounding error
	// of 1+x relative to it; hiBits are f's fraction bits, 0 when they are few
	k := 1
	var f, c float64
	var hiBits uint64
	if ax < sqrt2M1 {
		if ax < small {
			if ax < tiny {
				return x
			}
			return x - x*x*0.5
		}
		if x > sqrt2HalfM1 {
			k, f, hiBits = 0, x, 1
		}
	}
	if k != 0 {
		var u float64
		if ax < two53 {
			u = 1.0 + x
			hiBits = Float64bits(u)
			k = int(hiBits>>fracBits) - expBias
			if k > 0 {
				c = 1.0 - (u - x)
			} else {
				c = x - (u - 1.0)
			}
			c /= u
		} else {
			u = x
			hiBits = Float64bits(u)
			k = int(hiBits>>fracBits) - expBias
		}
		hiBits &= fracMask
		if hiBits < 0x0006a09e667f3bcd { // fraction bits of Sqrt2
			u = Float64frombits(hiBits | 0x3ff0000000000000)
		} else {
			k++
			u = Float64frombits(hiBits | 0x3fe0000000000000)
			hiBits = (0x0010000000000000 - hiBits) >> 2
		}
		f = u - 1.0
	}
	kf := float64(k)
	hfsq := 0.5 * f * f
	if hiBits == 0 { // |f| < 2**-20
		if f == 0 {
			if k == 0 {
				return 0
			}
			c += kf * ln2Lo
			return kf*ln2Hi + c
		}
		r := hfsq * (1.0 - 0.66666666666666666*f)
		if k == 0 {
			return f - r
		}
		return kf*ln2Hi - ((r - (kf*ln2Lo + c)) - f)
	}
	s := f / (2.0 + f)
	z := s * s
	q := 1.479819860511658591e-01
	q = 1.531383769920937332e-01 + z*q
	q = 1.818357216161805012e-01 + z*q
	q = 2.222219843214978396e-01 + z*q
	q = 2.857142874366239149e-01 + z*q
	q = 3.999999999940941908e-01 + z*q
	q = 6.666666666666735130e-01 + z*q
	r := z * q
	if k == 0 {
		return f - (hfsq - s*(hfsq+r))
	}
	return kf*ln2Hi - ((hfsq - (s*(hfsq+r) + (kf*ln2Lo + c))) - f)
}

// Cbrt returns the cube root of x. Cbrt(±0) = ±0, Cbrt(±Inf) = ±Inf,
// Cbrt(NaN) = NaN.
//
// msun's method: a first guess from the exponent bits divided by 3, a rational
// polynomial step, rounding to 22 bits, and one Newton step.
func Cbrt(x float64) float64 {
	const (
		b1 = 715094163 // (682-0.03306235651)*2**20
		b2 = 696219795 // (664-0.03306235651)*2**20
		c  = 5.42857142857142815906e-01
		d  = -7.05306122448979611050e-01
		e  = 1.41428571428571436819e+00
		f  = 1.60714285714285720630e+00
		g  = 3.57142857142857150787e-01
	)
	if x == 0 || !finite(x) {
		return x
	}
	ax := Abs(x)
	var t float64
	if ax < smallestNormal {
		t = float64(1<<54) * ax
		t = Float64frombits(Float64bits(t)/3 + b2<<32)
	} else {
		t = Float64frombits(Float64bits(ax)/3 + b1<<32)
	}
	r := t * t / ax
	s := c + r*t
	t *= g + f/(s+e+d/s)
	t = Float64frombits(Float64bits(t)&(0xFFFFFFFFC<<28) + 1<<30)
	s = t * t // exact
	r = ax / s
	w := t + t
	r = (r - t) / (w + r)
	t = t + t*r
	if x < 0 {
		return -t
	}
	return t
}

// --- Pow and Hypot ---

// isOddInteger reports whether y is an odd integer.
func isOddInteger(y float64) bool {
	if Abs(y) >= 1<<53 {
		return false // all such float64 values are even
	}
	i, f := Modf(y)
	return f == 0 && int64(i)&1 == 1
}

// powSpecial handles the special cases of Pow; ok is false for the others.
func powSpecial(x, y float64) (r float64, ok bool) {
	switch {
	case y == 0 || x == 1:
		return 1, true
	case y == 1:
		return x, true
	case x != x || y != y:
		return NaN(), true
	case x == 0:
		odd := Signbit(x) && isOddInteger(y)
		if y < 0 {
			if odd {
				return Inf(-1), true
			}
			return Inf(1), true
		}
		if odd {
			return x, true
		}
		return 0, true
	case IsInf(y, 0):
		if x == -1 {
			return 1, true
		}
		if (Abs(x) < 1) == (y > 0) {
			return 0, true
		}
		return Inf(1), true
	case IsInf(x, 1):
		if y < 0 {
			return 0, true
		}
		return Inf(1), true
	case IsInf(x, -1):
		return Pow(1/x, -y), true // as Pow(-0, -y)
	case y == 0.5:
		return Sqrt(x), true
	case y == -0.5:
		return 1 / Sqrt(x), true
	}
	return 0, false
}

// Pow returns x**y, with the special cases of Go's math.Pow.
//
// As Go does: the fractional part of |y| (taken in [-1/2, 1/2]) contributes
// Exp(yf*Log(x)); the integer part is applied by repeated squaring of the
// fraction of x, with the binary exponents added up apart and put on at the end.
func Pow(x, y float64) float64 {
	if r, ok := powSpecial(x, y); ok {
		return r
	}
	whole, part := Modf(Abs(y))
	if part != 0 && x < 0 {
		return NaN()
	}
	if whole >= 1<<63 {
		// |y| is a huge even integer
		switch {
		case x == -1:
			return 1
		case (Abs(x) < 1) == (y > 0):
			return 0
		}
		return Inf(1)
	}
	acc, accExp := 1.0, 0
	if part != 0 {
		if part > 0.5 {
			part--
			whole++
		}
		acc = Exp(part * Log(x))
	}
	sq, sqExp := Frexp(x)
	for n := int64(whole); n != 0; n >>= 1 {
		if sqExp < -1<<12 || sqExp > 1<<12 {
			// the exponent alone already over- or underflows
			accExp += sqExp
			break
		}
		if n&1 == 1 {
			acc *= sq
			accExp += sqExp
		}
		sq *= sq
		sqExp <<= 1
		if sq < .5 {
			sq += sq
			sqExp--
		}
	}
	if y < 0 {
		acc = 1 / acc
		accExp = -accExp
	}
	return Ldexp(acc, accExp)
}

// Hypot returns Sqrt(p*p + q*q), avoiding needless overflow and underflow, as
// max * Sqrt(1 + (min/max)**2). Hypot(±Inf, q) = +Inf, Hypot(NaN, q) = NaN.
func Hypot(p, q float64) float64 {
	p, q = Abs(p), Abs(q)
	if !finite(p) || !finite(q) {
		if IsInf(p, 1) || IsInf(q, 1) {
			return Inf(1)
		}
		return NaN()
	}
	if p == 0 && q == 0 {
		return 0
	}
	big, small := p, q
	if q > p {
		big, small = q, p
	}
	small /= big
	return big * Sqrt(1+small*small)
}

// --- inverse hyperbolic functions ---

// Asinh returns the inverse hyperbolic sine of x.
func Asinh(x float64) float64 {
	const (
		ln2      = 6.93147180559945286227e-01
		nearZero = 1.0 / (1 << 28)
		large    = 1 << 28
	)
	if x != x || !finite(x) {
		return x
	}
	ax := x // keeps -0
	if x < 0 {
		ax = -x
	}
	var r float64
	switch {
	case ax > large:
		r = Log(ax) + ln2
	case ax > 2:
		r = Log(2*ax + 1/(Sqrt(ax*ax+1)+ax))
	case ax < nearZero:
		r = ax
	default:
		r = Log1p(ax + ax*ax/(1+Sqrt(1+ax*ax)))
	}
	if x < 0 {
		return -r
	}
	return r
}

// Acosh returns the inverse hyperbolic cosine of x; Acosh(x < 1) = NaN.
func Acosh(x float64) float64 {
	const large = 1 << 28
	switch {
	case x < 1 || x != x:
		return NaN()
	case x == 1:
		return 0
	case x >= large:
		return Log(x) + Ln2
	case x > 2:
		return Log(2*x - 1/(x+Sqrt(x*x-1)))
	}
	t := x - 1
	return Log1p(t + Sqrt(2*t+t*t))
}

// Atanh returns the inverse hyperbolic tangent of x. Atanh(±1) = ±Inf,
// Atanh(x) = NaN for |x| > 1.
func Atanh(x float64) float64 {
	const nearZero = 1.0 / (1 << 28)
	switch {
	case x < -1 || x > 1 || x != x:
		return NaN()
	case x == 1:
		return Inf(1)
	case x == -1:
		return Inf(-1)
	}
	ax := x // keeps -0
	if x < 0 {
		ax = -x
	}
	var r float64
	switch {
	case ax < nearZero:
		r = ax
	case ax < 0.5:
		d := ax + ax
		r = 0.5 * Log1p(d+d*ax/(1-ax))
	default:
		r = 0.5 * Log1p((ax+ax)/(1-ax))
	}
	if x < 0 {
		return -r
	}
	return r
}
