package iter

// Package iter provides Go's iter package: the iterator function types a
// range loop calls (Go 1.23), and Pull, which turns one into a next function.

// Seq is an iterator over single values: it calls yield with each value in
// turn, until yield returns false.
type Seq[V any] func(yield func(V) bool)

// Seq2 is an iterator over pairs of values.
type Seq2[K, V any] func(yield func(K, V) bool)

// Pull converts the push iterator seq into a pull iterator: each call of next
// returns the next value and true, or the zero value and false once seq is
// done; stop ends the iteration early. As in Go, seq runs in a goroutine of
// its own that hands each value over and waits for the next request.
func Pull[V any](seq Seq[V]) (next func() (V, bool), stop func()) {
	req := make(chan bool)
	resp := make(chan V)
	started, finished := false, false
	run := func() {
		if <-req {
			seq(func(v V) bool {
				resp <- v
				return <-req
			})
		}
		close(resp)
	}
	next = func() (V, bool) {
		var zero V
		if finished {
			return zero, false
		}
		if !started {
			started = true
			go run()
		}
		req <- true
		v, more := <-resp
		if !more {
			finished = true
			return zero, false
		}
		return v, true
	}
	stop = func() {
		if finished {
			return
		}
		finished = true
		if started {
			req <- false
			for range resp {
			}
		}
	}
	return next, stop
}

// Pull2 converts the push iterator seq of pairs into a pull iterator.
func Pull2[K, V any](seq Seq2[K, V]) (next func() (K, V, bool), stop func()) {
	req := make(chan bool)
	keys := make(chan K)
	vals := make(chan V)
	started, finished := false, false
	run := func() {
		if <-req {
			seq(func(k K, v V) bool {
				keys <- k
				vals <- v
				return <-req
			})
		}
		close(keys)
	}
	next = func() (K, V, bool) {
		var zk K
		var zv V
		if finished {
			return zk, zv, false
		}
		if !started {
			started = true
			go run()
		}
		req <- true
		k, more := <-keys
		if !more {
			finished = true
			return zk, zv, false
		}
		return k, <-vals, true
	}
	stop = func() {
		if finished {
			return
		}
		finished = true
		if started {
			req <- false
			for range keys {
			}
		}
	}
	return next, stop
}
