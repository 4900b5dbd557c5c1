package ring

// Package ring provides circular lists (Go's container/ring): Ring and its
// methods.

// Ring is one element of a circular list; a zero Ring is a ring of one
// element.
type Ring struct {
	next, prev *Ring
	Value      any
}

// setup makes a zero Ring point to itself.
func (r *Ring) setup() *Ring {
	r.next = r
	r.prev = r
	return r
}

// Next returns the following element.
func (r *Ring) Next() *Ring {
	if r.next == nil {
		return r.setup()
	}
	return r.next
}

// Prev returns the preceding element.
func (r *Ring) Prev() *Ring {
	if r.next == nil {
		return r.setup()
	}
	return r.prev
}

// Move steps n elements forward (n > 0) or backward (n < 0).
func (r *Ring) Move(n int) *Ring {
	if r.next == nil {
		return r.setup()
	}
	for n > 0 {
		r = r.next
		n--
	}
	for n < 0 {
		r = r.prev
		n++
	}
	return r
}

// New makes a ring of n elements (nil when n <= 0).
func New(n int) *Ring {
	if n <= 0 {
		return nil
	}
	first := &Ring{}
	last := first
	for k := 1; k < n; k++ {
		e := &Ring{prev: last}
		last.next = e
		last = e
	}
	last.next = first
	first.prev = last
	return first
}

// Link joins ring r with ring s so that r.Next() becomes s, and returns the
// old r.Next(). When r and s are in the same ring, the elements between them
// are cut out and returned as a ring.
func (r *Ring) Link(s *Ring) *Ring {
	after := r.Next()
	if s != nil {
		before := s.Prev()
		r.next = s
		s.prev = r
		after.prev = before
		before.next = after
	}
	return after
}

// Unlink removes n % r.Len() elements after r and returns them as a ring.
func (r *Ring) Unlink(n int) *Ring {
	if n <= 0 {
		return nil
	}
	return r.Link(r.Move(n + 1))
}

// Len counts the elements of the ring (0 for nil).
func (r *Ring) Len() int {
	if r == nil {
		return 0
	}
	n := 1
	for e := r.Next(); e != r; e = e.next {
		n++
	}
	return n
}

// Do calls f on each element's Value, going forward from r.
func (r *Ring) Do(f func(any)) {
	if r == nil {
		return
	}
	f(r.Value)
	for e := r.Next(); e != r; e = e.next {
		f(e.Value)
	}
}
