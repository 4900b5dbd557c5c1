// Differential test of package math's elementary functions: for each function it
// evaluates a deterministic stream of inputs (an xorshift generator: random bit
// patterns, specials, subnormals, wide and narrow ranges, points a few ulps from
// where the function is delicate, huge trig arguments) and prints a checksum of the
// result bits for every block of inputs, and for the whole function. The output of
// real Go 1.27.3 on linux/amd64 (with FMA, as Exp's assembly uses it) is in
// expected.txt. Set verbose to print every input and result.
package main

import (
	"fmt"
	"math"
)

const (
	perFunc = 5000 // inputs per function
	block   = 1000 // inputs per checksum line
	verbose = false
)

type fn1 struct {
	name    string
	f       func(float64) float64
	centers []float64
	lo, hi  float64
}

type fn2 struct {
	name string
	f    func(float64, float64) float64
}

// sum is a simple multiplicative hash of 64-bit words.
type sum struct{ h uint64 }

func (s *sum) add(v uint64) {
	s.h = (s.h ^ v) * 0x100000001b3
	s.h ^= s.h >> 29
}

func newSum() sum { return sum{0xcbf29ce484222325} }

func sinOfSincos(x float64) float64 { s, _ := math.Sincos(x); return s }
func cosOfSincos(x float64) float64 { _, c := math.Sincos(x); return c }

func main() {
	var trig []float64
	for k := -40; k <= 40; k++ {
		trig = append(trig, float64(k)*math.Pi/4)
	}
	for k := uint(30); k < 64; k += 3 {
		// near a multiple of Pi/4 the reduced argument is tiny
		trig = append(trig, float64(uint64(1)<<k+uint64(k)*12345)*(math.Pi/4))
	}
	trig = append(trig, 1e22, 5.319372648326541e+255, 1<<29, 1<<30-1, 3.1415926535897931e+100, 1.7976931348623157e308)
	one := []float64{1, 0.5, 2, math.Sqrt2, math.Sqrt2 / 2, 1e-300, 4e-320, math.E, 10}
	ex := []float64{0, 1, -1, 709.78, -745.13, -708.39, 0.5, 21, 0.625, 709.436, 44.0148459655565, 0.34657359027997264, 1.0397207708399179, 38.816242111356935, 1e-9}
	unit := []float64{1, -1, 0.5, -0.5, 0.7, 0.66, 0, 1e-8, 0.99999}
	hyp := []float64{1, 2, 1 << 28, 0.5, 1e-8, 21}
	fs := []fn1{
		{"Sin", math.Sin, trig, -10, 10},
		{"Cos", math.Cos, trig, -10, 10},
		{"Exp", math.Exp, ex, -750, 750},
		{"Log", math.Log, one, 0, 10},
		{"Atan", math.Atan, []float64{0.66, 2.414213562373095, 1, -1, 0}, -5, 5},
		{"Tan", math.Tan, trig, -10, 10},
		{"Log10", math.Log10, one, 0, 10},
		{"Log2", math.Log2, one, 0, 10},
		{"Cbrt", math.Cbrt, one, -10, 10},
		{"Asin", math.Asin, unit, -1, 1},
		{"Acos", math.Acos, unit, -1, 1},
		{"Sinh", math.Sinh, ex, -30, 30},
		{"Cosh", math.Cosh, ex, -30, 30},
		{"Tanh", math.Tanh, ex, -30, 30},
		{"Exp2", math.Exp2, []float64{0, 1, -1, 1023.9, -1074, -1022, 0.5, 1024}, -1100, 1100},
		{"Expm1", math.Expm1, ex, -40, 40},
		{"Log1p", math.Log1p, []float64{0, -1, 1, 0.41421356237309503, -0.2928932188134524, 1e-9, 1e-20}, -1, 3},
		{"Asinh", math.Asinh, hyp, -5, 5},
		{"Acosh", math.Acosh, hyp, 1, 5},
		{"Atanh", math.Atanh, unit, -1, 1},
		{"Sincos.sin", sinOfSincos, trig, -10, 10},
		{"Sincos.cos", cosOfSincos, trig, -10, 10},
	}
	g := &gen{0x9E3779B97F4A7C15}
	for _, f := range fs {
		all, part := newSum(), newSum()
		for i := 0; i < perFunc; i++ {
			x := g.input(f.centers, f.lo, f.hi)
			r := math.Float64bits(f.f(x))
			if verbose {
				fmt.Printf("%s %d %016x %016x\n", f.name, i, math.Float64bits(x), r)
			}
			all.add(r)
			part.add(r)
			if (i+1)%block == 0 {
				fmt.Printf("%s inputs %d-%d: %016x\n", f.name, i+1-block, i, part.h)
				part = newSum()
			}
		}
		fmt.Printf("%s all %d: %016x\n", f.name, perFunc, all.h)
	}
	f2s := []fn2{{"Pow", math.Pow}, {"Atan2", math.Atan2}, {"Hypot", math.Hypot}}
	for _, f := range f2s {
		all, part := newSum(), newSum()
		for i := 0; i < perFunc; i++ {
			x, y := g.pair(f.name)
			r := math.Float64bits(f.f(x, y))
			if verbose {
				fmt.Printf("%s %d %016x %016x %016x\n", f.name, i, math.Float64bits(x), math.Float64bits(y), r)
			}
			all.add(r)
			part.add(r)
			if (i+1)%block == 0 {
				fmt.Printf("%s inputs %d-%d: %016x\n", f.name, i+1-block, i, part.h)
				part = newSum()
			}
		}
		fmt.Printf("%s all %d: %016x\n", f.name, perFunc, all.h)
	}
}

// xorshift64 generator
type gen struct{ s uint64 }

func (g *gen) next() uint64 {
	x := g.s
	x ^= x << 13
	x ^= x >> 7
	x ^= x << 17
	g.s = x
	return x
}

// unit returns a float64 in [0, 1)
func (g *gen) unit() float64 { return float64(g.next()>>11) / (1 << 53) }

var specials = []float64{0, math.Copysign(0, -1), 1, -1, 2, -2, 0.5, -0.5, 3, -3, 10, 100,
	math.Inf(1), math.Inf(-1), math.NaN(), math.Float64frombits(0xfff8000000000001), math.Float64frombits(0x7ff0000000000123),
	math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64, -math.SmallestNonzeroFloat64,
	2.2250738585072014e-308, -2.2250738585072014e-308, math.Pi, -math.Pi, math.Pi / 2, math.Pi / 4, math.E,
	1 << 29, 1 << 30, 1 << 52, 1 << 53, 1 << 63, 1e300, -1e300, 1e-300, 709.78, 709.79, -745.1, -745.2, 710, -746,
	1024, -1074, -1075, 1023.9, 0.625, 0.66, 0.7, 21, 22, 44, 0.34657359027997264, 1.0397207708399179, 38.816242111356935}

// wide returns sign * mantissa * 2**e with e uniform in [lo, hi]
func (g *gen) wide(lo, hi int) float64 {
	e := lo + int(g.next()%uint64(hi-lo+1))
	var v float64
	if e >= -1022 {
		v = math.Float64frombits(uint64(e+1023)<<52 | g.next()>>12)
	} else {
		v = math.Ldexp(1+g.unit(), e)
	}
	if g.next()&1 == 1 {
		v = -v
	}
	return v
}

// ulpsFrom returns c moved by k units in the last place (towards +Inf for k > 0)
func ulpsFrom(c float64, k int) float64 {
	switch {
	case c == 0:
		if k < 0 {
			return -math.Float64frombits(uint64(-k))
		}
		return math.Float64frombits(uint64(k))
	case c > 0:
		return math.Float64frombits(math.Float64bits(c) + uint64(k))
	}
	return math.Float64frombits(math.Float64bits(c) - uint64(k))
}

// input returns the next input; centers are interesting points of the function.
func (g *gen) input(centers []float64, lo, hi float64) float64 {
	switch g.next() % 20 {
	case 0:
		return math.Float64frombits(g.next())
	case 1:
		return specials[g.next()%uint64(len(specials))]
	case 2:
		v := math.Float64frombits(g.next() & (1<<52 - 1))
		if g.next()&1 == 1 {
			v = -v
		}
		return v
	case 3, 4:
		return g.wide(-60, 60)
	case 5:
		return g.wide(-1074, 1023)
	case 6:
		return g.wide(-30, 11)
	case 7, 8, 9:
		return lo + (hi-lo)*g.unit()
	case 10, 11:
		c := centers[g.next()%uint64(len(centers))]
		return ulpsFrom(c, int(g.next()%41)-20)
	case 12:
		c := centers[g.next()%uint64(len(centers))]
		return c * (1 + (g.unit()-0.5)*1e-6)
	case 13:
		return g.wide(29, 70)
	case 14:
		return g.wide(-60, -20)
	case 15:
		return 2*g.unit() - 1
	case 16:
		return (2*g.unit() - 1) * 50
	case 17:
		return (2*g.unit() - 1) * 800
	default:
		return (2*g.unit() - 1) * 4
	}
}

var (
	powX    = []float64{1, -1, 0, 2, 0.5}
	powNegX = []float64{1, 2, 10}
	powY    = []float64{0, 1, -1, 0.5, -0.5, 1 << 53, 1 << 63}
	pairC   = []float64{0, 1, -1}
)

// pair returns the next pair of arguments for a two-argument function
func (g *gen) pair(name string) (float64, float64) {
	if name == "Pow" {
		var x, y float64
		switch g.next() % 4 {
		case 0:
			x = g.input(powX, 0, 3)
		case 1:
			x = 3 * g.unit()
		case 2:
			x = -g.input(powNegX, 0, 10)
		default:
			x = g.wide(-100, 100)
		}
		switch g.next() % 6 {
		case 0:
			y = float64(int64(g.next()%41) - 20)
		case 1:
			y = float64(int64(g.next()%41)-20) + 0.5
		case 2:
			y = g.input(powY, -10, 10)
		case 3:
			y = (2*g.unit() - 1) * 20
		case 4:
			y = g.wide(-10, 12)
		default:
			y = (2*g.unit() - 1) * 3
		}
		return x, y
	}
	return g.input(pairC, -5, 5), g.input(pairC, -5, 5)
}
