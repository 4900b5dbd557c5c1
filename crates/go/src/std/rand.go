package rand

// From the run's seeded source (the explorer's --seed / seed=): a run is reproducible.
func Int63() int64
func Intn(n int) int
func Int() int         { return int(Int63()) }
func Float64() float64 { return float64(Int63()) / (1 << 63) }
func Perm(n int) []int {
	m := make([]int, n)
	for i := 0; i < n; i++ {
		j := Intn(i + 1)
		m[i] = m[j]
		m[j] = i
	}
	return m
}
