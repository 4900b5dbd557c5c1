package heap

// Package heap provides heap operations (Go's container/heap) on any type
// that implements heap.Interface: Init, Push, Pop, Remove and Fix.

import "sort"

// Interface is a sort.Interface with Push and Pop; the heap is a min-heap
// ordered by Less.
type Interface interface {
	sort.Interface
	Push(x any) // add x as element Len()
	Pop() any   // remove and return element Len() - 1
}

// Init establishes the heap invariant over all of h.
func Init(h Interface) {
	n := h.Len()
	for i := n/2 - 1; i >= 0; i-- {
		siftDown(h, i, n)
	}
}

// Push adds x to the heap.
func Push(h Interface, x any) {
	h.Push(x)
	siftUp(h, h.Len()-1)
}

// Pop removes and returns the least element.
func Pop(h Interface) any {
	last := h.Len() - 1
	h.Swap(0, last)
	siftDown(h, 0, last)
	return h.Pop()
}

// Remove removes and returns the element at index i.
func Remove(h Interface, i int) any {
	last := h.Len() - 1
	if i != last {
		h.Swap(i, last)
		if !siftDown(h, i, last) {
			siftUp(h, i)
		}
	}
	return h.Pop()
}

// Fix restores the heap after the element at index i changed its value.
func Fix(h Interface, i int) {
	if !siftDown(h, i, h.Len()) {
		siftUp(h, i)
	}
}

// siftUp moves element i towards the root while it is less than its parent.
func siftUp(h Interface, i int) {
	for i > 0 {
		parent := (i - 1) / 2
		if !h.Less(i, parent) {
			break
		}
		h.Swap(parent, i)
		i = parent
	}
}

// siftDown moves element i0 down among the first n elements; it reports
// whether the element moved.
func siftDown(h Interface, i0, n int) bool {
	i := i0
	for {
		child := 2*i + 1
		if child >= n || child < 0 {
			break
		}
		if right := child + 1; right < n && h.Less(right, child) {
			child = right
		}
		if !h.Less(child, i) {
			break
		}
		h.Swap(i, child)
		i = child
	}
	return i > i0
}
