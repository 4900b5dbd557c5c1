package rand

// Package rand (math/rand/v2): a Rand over a Source, and the PCG source, whose
// numbers for a seed are the ones Go's give (the same generator and the same
// reductions to a range), and the ChaCha8 source (C2SP's chacha8rand: four
// ChaCha8 blocks at a time, their words interleaved, a new key from the last
// 32 bytes of every 16 blocks). The top-level functions draw from the run's
// seeded source (the explorer's --seed / seed=), so a run is reproducible;
// Go's are seeded at random. Zipf, NormFloat64 and ExpFloat64 are not here.

import (
	"math/bits"
	v1 "math/rand"
)

// A Source gives uniformly distributed uint64 values.
type Source interface {
	Uint64() uint64
}

// A Rand draws numbers of every kind from its Source.
type Rand struct {
	src Source
}

// New returns a Rand drawing from src.
func New(src Source) *Rand { return &Rand{src: src} }

func (r *Rand) Uint64() uint64 { return r.src.Uint64() }
func (r *Rand) Int64() int64   { return int64(r.src.Uint64() << 1 >> 1) }
func (r *Rand) Uint32() uint32 { return uint32(r.src.Uint64() >> 32) }
func (r *Rand) Int32() int32   { return int32(r.src.Uint64() >> 33) }
func (r *Rand) Int() int       { return int(uint(r.src.Uint64()) << 1 >> 1) }
func (r *Rand) Uint() uint     { return uint(r.src.Uint64()) }

// below returns a number in [0, n), n > 0: a power of two by masking, else the
// high word of a 128-bit product, drawing again while the low word falls in
// the biased sliver (Lemire's method, as Go reduces).
func (r *Rand) below(n uint64) uint64 {
	if n&(n-1) == 0 {
		return r.Uint64() & (n - 1)
	}
	hi, lo := bits.Mul64(r.Uint64(), n)
	if lo < n {
		limit := -n % n
		for lo < limit {
			hi, lo = bits.Mul64(r.Uint64(), n)
		}
	}
	return hi
}

func (r *Rand) Int64N(n int64) int64 {
	if n <= 0 {
		panic("invalid argument to Int64N")
	}
	return int64(r.below(uint64(n)))
}

func (r *Rand) Uint64N(n uint64) uint64 {
	if n == 0 {
		panic("invalid argument to Uint64N")
	}
	return r.below(n)
}

func (r *Rand) Int32N(n int32) int32 {
	if n <= 0 {
		panic("invalid argument to Int32N")
	}
	return int32(r.below(uint64(n)))
}

func (r *Rand) Uint32N(n uint32) uint32 {
	if n == 0 {
		panic("invalid argument to Uint32N")
	}
	return uint32(r.below(uint64(n)))
}

func (r *Rand) IntN(n int) int {
	if n <= 0 {
		panic("invalid argument to IntN")
	}
	return int(r.below(uint64(n)))
}

func (r *Rand) UintN(n uint) uint {
	if n == 0 {
		panic("invalid argument to UintN")
	}
	return uint(r.below(uint64(n)))
}

// Float64 is in [0, 1): the top 53 bits over 2^53.
func (r *Rand) Float64() float64 {
	return float64(r.Uint64()<<11>>11) / (1 << 53)
}

// Float32 is in [0, 1): 24 bits of Uint32 over 2^24.
func (r *Rand) Float32() float32 {
	return float32(r.Uint32()<<8>>8) / (1 << 24)
}

// Perm is a random permutation of [0, n): the identity, shuffled.
func (r *Rand) Perm(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	r.Shuffle(n, func(i, j int) { p[i], p[j] = p[j], p[i] })
	return p
}

// Shuffle swaps from the end (Fisher-Yates): element i with one of [0, i].
func (r *Rand) Shuffle(n int, swap func(i, j int)) {
	if n < 0 {
		panic("invalid argument to Shuffle")
	}
	for i := n - 1; i > 0; i-- {
		swap(i, int(r.below(uint64(i+1))))
	}
}

// A PCG is a permuted congruential generator: a 128-bit LCG whose output is
// mixed by DXSM ("double xorshift multiply").
type PCG struct {
	hi, lo uint64
}

// NewPCG returns a PCG whose state is (seed1, seed2).
func NewPCG(seed1, seed2 uint64) *PCG { return &PCG{hi: seed1, lo: seed2} }

// Seed sets the state to (seed1, seed2).
func (p *PCG) Seed(seed1, seed2 uint64) { p.hi, p.lo = seed1, seed2 }

// Uint64 steps the 128-bit state (times the LCG's multiplier, plus its
// increment) and mixes its high half with the low.
func (p *PCG) Uint64() uint64 {
	const (
		mulHi, mulLo = 2549297995355413924, 4865540595714422341
		incHi, incLo = 6364136223846793005, 1442695040888963407
	)
	hi, lo := bits.Mul64(p.lo, mulLo)
	hi += p.hi*mulLo + p.lo*mulHi
	var carry uint64
	lo, carry = bits.Add64(lo, incLo, 0)
	hi, _ = bits.Add64(hi, incHi, carry)
	p.hi, p.lo = hi, lo
	hi ^= hi >> 32
	hi *= 0xda942042e4dd58b5
	hi ^= hi >> 48
	return hi * (lo | 1)
}

// A ChaCha8 is a ChaCha8-based generator (C2SP chacha8rand).
type ChaCha8 struct {
	key     [4]uint64
	out     [32]uint64 // four blocks' words, interleaved
	next    uint32     // the next of out to give
	end     uint32     // out[end:] is not to be given (the next key)
	counter uint32     // the first block's counter
	readBuf [8]byte    // the bytes of a Uint64 that Read has not given yet
	readLen int
}

// NewChaCha8 returns a ChaCha8 keyed by seed.
func NewChaCha8(seed [32]byte) *ChaCha8 {
	c := new(ChaCha8)
	c.Seed(seed)
	return c
}

// Seed rekeys c with seed and forgets what Read kept.
func (c *ChaCha8) Seed(seed [32]byte) {
	for i := range c.key {
		var k uint64
		for j := 7; j >= 0; j-- {
			k = k<<8 | uint64(seed[8*i+j])
		}
		c.key[i] = k
	}
	c.counter = 0
	c.blocks()
	c.readLen = 0
	c.readBuf = [8]byte{}
}

// quarter is ChaCha's quarter round.
func quarter(a, b, c, d uint32) (uint32, uint32, uint32, uint32) {
	a += b
	d ^= a
	d = bits.RotateLeft32(d, 16)
	c += d
	b ^= c
	b = bits.RotateLeft32(b, 12)
	a += b
	d ^= a
	d = bits.RotateLeft32(d, 8)
	c += d
	b ^= c
	b = bits.RotateLeft32(b, 7)
	return a, b, c, d
}

// blocks makes the four blocks at c.counter ... c.counter+3: eight rounds each,
// the key words added back (not the constants or the counter), the words
// of the four interleaved in out, two 32-bit words a value, low one first.
func (c *ChaCha8) blocks() {
	var words [16][4]uint32
	for lane := uint32(0); lane < 4; lane++ {
		var w [16]uint32
		w[0], w[1], w[2], w[3] = 0x61707865, 0x3320646e, 0x79622d32, 0x6b206574
		for j, k := range c.key {
			w[4+2*j] = uint32(k)
			w[5+2*j] = uint32(k >> 32)
		}
		w[12] = c.counter + lane
		x := w
		for round := 0; round < 4; round++ {
			x[0], x[4], x[8], x[12] = quarter(x[0], x[4], x[8], x[12])
			x[1], x[5], x[9], x[13] = quarter(x[1], x[5], x[9], x[13])
			x[2], x[6], x[10], x[14] = quarter(x[2], x[6], x[10], x[14])
			x[3], x[7], x[11], x[15] = quarter(x[3], x[7], x[11], x[15])
			x[0], x[5], x[10], x[15] = quarter(x[0], x[5], x[10], x[15])
			x[1], x[6], x[11], x[12] = quarter(x[1], x[6], x[11], x[12])
			x[2], x[7], x[8], x[13] = quarter(x[2], x[7], x[8], x[13])
			x[3], x[4], x[9], x[14] = quarter(x[3], x[4], x[9], x[14])
		}
		for j := 4; j < 12; j++ {
			x[j] += w[j]
		}
		for j := range x {
			words[j][lane] = x[j]
		}
	}
	for k := range c.out {
		lo := words[k/2][2*(k%2)]
		hi := words[k/2][2*(k%2)+1]
		c.out[k] = uint64(lo) | uint64(hi)<<32
	}
	c.next = 0
	c.end = uint32(len(c.out))
	if c.counter == 12 {
		// The last 4 values of the 16th block are the next key, never given.
		c.end -= 4
	}
}

// Uint64 gives the next value, making the next four blocks when these are used
// (and, after sixteen, rekeying from the last 32 bytes).
func (c *ChaCha8) Uint64() uint64 {
	if c.next >= c.end {
		c.counter += 4
		if c.counter == 16 {
			copy(c.key[:], c.out[len(c.out)-4:])
			c.counter = 0
		}
		c.blocks()
	}
	x := c.out[c.next]
	c.next++
	return x
}

// Read fills p with the bytes of Uint64 values, little-endian; a value's bytes
// that p had no room for come first in the next Read.
func (c *ChaCha8) Read(p []byte) (n int, err error) {
	if c.readLen > 0 {
		n = copy(p, c.readBuf[len(c.readBuf)-c.readLen:])
		c.readLen -= n
		p = p[n:]
	}
	for len(p) > 0 {
		x := c.Uint64()
		var b [8]byte
		for j := range b {
			b[j] = byte(x >> (8 * j))
		}
		m := copy(p, b[:])
		n += m
		p = p[m:]
		if m < 8 {
			c.readBuf = b
			c.readLen = 8 - m
		}
	}
	return n, nil
}

// runSource is the run's seeded source, 64 bits from two of its 63-bit draws.
type runSource struct{}

func (runSource) Uint64() uint64 { return uint64(v1.Int63())<<1 ^ uint64(v1.Int63()) }

var global = &Rand{src: runSource{}}

func Int64() int64                       { return global.Int64() }
func Uint32() uint32                     { return global.Uint32() }
func Uint64N(n uint64) uint64            { return global.Uint64N(n) }
func Uint32N(n uint32) uint32            { return global.Uint32N(n) }
func Uint64() uint64                     { return global.Uint64() }
func Int32() int32                       { return global.Int32() }
func Int() int                           { return global.Int() }
func Uint() uint                         { return global.Uint() }
func Int64N(n int64) int64               { return global.Int64N(n) }
func Int32N(n int32) int32               { return global.Int32N(n) }
func IntN(n int) int                     { return global.IntN(n) }
func UintN(n uint) uint                  { return global.UintN(n) }
func Float64() float64                   { return global.Float64() }
func Float32() float32                   { return global.Float32() }
func Perm(n int) []int                   { return global.Perm(n) }
func Shuffle(n int, swap func(i, j int)) { global.Shuffle(n, swap) }

type intType interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 |
		~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr
}

// N is a number in [0, n) of n's own integer type (a time.Duration too).
func N[Int intType](n Int) Int {
	if n <= 0 {
		panic("invalid argument to N")
	}
	return Int(global.below(uint64(n)))
}
