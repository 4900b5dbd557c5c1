package list

// Package list provides a doubly linked list (Go's container/list):
// List, Element and their methods.

// Element is one node of a List.
type Element struct {
	next, prev *Element
	list       *List
	Value      any
}

// Next returns the element after e, or nil.
func (e *Element) Next() *Element {
	if e.list == nil {
		return nil
	}
	n := e.next
	if n == &e.list.root {
		return nil
	}
	return n
}

// Prev returns the element before e, or nil.
func (e *Element) Prev() *Element {
	if e.list == nil {
		return nil
	}
	p := e.prev
	if p == &e.list.root {
		return nil
	}
	return p
}

// List is a doubly linked list; its zero value is an empty list ready to use.
type List struct {
	root Element // sentinel: root.next is the front, root.prev the back
	len  int
}

// Init empties l and returns it.
func (l *List) Init() *List {
	l.root.next = &l.root
	l.root.prev = &l.root
	l.len = 0
	return l
}

// New returns a fresh empty list.
func New() *List { return new(List).Init() }

// Len returns the number of elements of l.
func (l *List) Len() int { return l.len }

// Front returns the first element of l, or nil when l is empty.
func (l *List) Front() *Element {
	if l.len == 0 {
		return nil
	}
	return l.root.next
}

// Back returns the last element of l, or nil when l is empty.
func (l *List) Back() *Element {
	if l.len == 0 {
		return nil
	}
	return l.root.prev
}

// ensure makes a zero List usable.
func (l *List) ensure() {
	if l.root.next == nil {
		l.Init()
	}
}

// link puts e right after at and returns e.
func (l *List) link(e, at *Element) *Element {
	after := at.next
	e.prev = at
	e.next = after
	at.next = e
	after.prev = e
	e.list = l
	l.len++
	return e
}

// unlink takes e out of l.
func (l *List) unlink(e *Element) {
	e.prev.next = e.next
	e.next.prev = e.prev
	e.next = nil
	e.prev = nil
	e.list = nil
	l.len--
}

// relink moves e (already in l) to just after at.
func (l *List) relink(e, at *Element) {
	if e == at {
		return
	}
	e.prev.next = e.next
	e.next.prev = e.prev
	after := at.next
	e.prev = at
	e.next = after
	at.next = e
	after.prev = e
}

// Remove removes e from l if it belongs to l, and returns e.Value.
func (l *List) Remove(e *Element) any {
	if e.list == l {
		l.unlink(e)
	}
	return e.Value
}

// PushFront adds v at the front of l and returns its element.
func (l *List) PushFront(v any) *Element {
	l.ensure()
	return l.link(&Element{Value: v}, &l.root)
}

// PushBack adds v at the back of l and returns its element.
func (l *List) PushBack(v any) *Element {
	l.ensure()
	return l.link(&Element{Value: v}, l.root.prev)
}

// InsertBefore adds v just before mark and returns its element;
// l is unchanged (and nil returned) when mark is not in l.
func (l *List) InsertBefore(v any, mark *Element) *Element {
	if mark.list != l {
		return nil
	}
	return l.link(&Element{Value: v}, mark.prev)
}

// InsertAfter adds v just after mark and returns its element;
// l is unchanged (and nil returned) when mark is not in l.
func (l *List) InsertAfter(v any, mark *Element) *Element {
	if mark.list != l {
		return nil
	}
	return l.link(&Element{Value: v}, mark)
}

// MoveToFront moves e to the front of l (if e is in l).
func (l *List) MoveToFront(e *Element) {
	if e.list != l || l.root.next == e {
		return
	}
	l.relink(e, &l.root)
}

// MoveToBack moves e to the back of l (if e is in l).
func (l *List) MoveToBack(e *Element) {
	if e.list != l || l.root.prev == e {
		return
	}
	l.relink(e, l.root.prev)
}

// MoveBefore moves e to just before mark (if both are in l and differ).
func (l *List) MoveBefore(e, mark *Element) {
	if e.list != l || mark.list != l || e == mark {
		return
	}
	l.relink(e, mark.prev)
}

// MoveAfter moves e to just after mark (if both are in l and differ).
func (l *List) MoveAfter(e, mark *Element) {
	if e.list != l || mark.list != l || e == mark {
		return
	}
	l.relink(e, mark)
}

// PushBackList appends a copy of other's values to l (other may be l).
func (l *List) PushBackList(other *List) {
	l.ensure()
	n := other.Len()
	e := other.Front()
	for k := 0; k < n; k++ {
		l.link(&Element{Value: e.Value}, l.root.prev)
		e = e.Next()
	}
}

// PushFrontList prepends a copy of other's values to l (other may be l).
func (l *List) PushFrontList(other *List) {
	l.ensure()
	n := other.Len()
	e := other.Back()
	for k := 0; k < n; k++ {
		l.link(&Element{Value: e.Value}, &l.root)
		e = e.Prev()
	}
}
