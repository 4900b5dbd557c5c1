// A map that grows, loses most of its entries in a scattered order and grows again:
// every lookup after each phase finds exactly the keys still there, with their values.
// Keys of several kinds: ints, strings, structs, interfaces, floats (NaN never equal).
package main

import (
	"fmt"
	"math"
	"sort"
)

type pt struct{ x, y int }

func check(m map[int]int, lo, hi int) (found, sum int) {
	for k := lo; k < hi; k++ {
		if v, ok := m[k]; ok {
			found++
			sum += v - k
		}
	}
	return
}

func main() {
	m := map[int]int{}
	for i := 0; i < 5000; i++ {
		m[i] = i * 3
	}
	for i := 0; i < 5000; i += 7 {
		delete(m, (i*31)%5000)
	}
	delete(m, -1)
	f, s := check(m, -10, 6000)
	fmt.Println(len(m), f, s)
	for i := 4000; i < 6000; i++ {
		m[i] = i
	}
	f, s = check(m, -10, 7000)
	fmt.Println(len(m), f, s)
	for k := range m {
		if k%2 == 0 {
			delete(m, k)
		}
	}
	f, s = check(m, -10, 7000)
	fmt.Println(len(m), f, s)

	ms := map[string]int{}
	for i := 0; i < 300; i++ {
		ms[fmt.Sprint("k", i%97)] += i
	}
	delete(ms, "k5")
	keys := make([]string, 0, len(ms))
	for k := range ms {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	fmt.Println(len(ms), keys[:4], ms["k0"], ms["k96"], ms["k5"])

	mp := map[pt]string{{1, 2}: "a", {2, 1}: "b"}
	mp[pt{1, 2}] = "c"
	delete(mp, pt{2, 1})
	mi := map[any]int{1: 1, "1": 2, pt{1, 1}: 3, 1.5: 4}
	delete(mi, "1")
	mi[int64(1)] = 5
	fmt.Println(mp, len(mi), mi[1], mi[int64(1)], mi[pt{1, 1}])

	mf := map[float64]int{}
	mf[math.NaN()] = 1
	mf[math.NaN()] = 2
	mf[0.5] = 3
	mf[0.5]++
	_, ok := mf[math.NaN()]
	mf[math.Copysign(0, -1)] = 7
	mf[0] += 1
	delete(mf, math.NaN())
	fmt.Println(len(mf), mf[0.5], ok, mf[0])
	clear(m)
	m[1] = 1
	fmt.Println(len(m), m)
}
