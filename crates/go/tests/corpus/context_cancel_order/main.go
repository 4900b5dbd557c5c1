// Checks context cancellation trees (context/context.go: WithCancel, propagateCancel,
// cancelCtx.cancel, WithCancelCause/Cause, AfterFunc, WithoutCancel, WithValue and the
// String methods): cancelling a parent closes its children's Done with Err Canceled; a
// child cancelled alone leaves the parent alone; Cause returns the cancel cause;
// AfterFunc's f runs on cancel and its stop reports whether it stopped f in time.
package main

import (
	"context"
	"errors"
	"fmt"
)

type key string

func done(ctx context.Context) bool {
	select {
	case <-ctx.Done():
		return true
	default:
		return false
	}
}

func main() {
	bg := context.Background()
	fmt.Println(bg)
	fmt.Println(context.TODO())

	parent, cancelParent := context.WithCancel(bg)
	child1, cancel1 := context.WithCancel(parent)
	child2, cancel2 := context.WithCancel(parent)
	grand, cancelGrand := context.WithCancel(child2)
	defer cancelGrand()
	fmt.Println(parent)
	fmt.Println(grand)

	cancel1()
	fmt.Println("child1 cancelled alone: parent", done(parent), parent.Err(), "child1", done(child1), child1.Err())
	cancelParent()
	fmt.Println("after parent cancel: child2", done(child2), child2.Err(), "grand", done(grand), grand.Err())
	fmt.Println("Err is context.Canceled:", grand.Err() == context.Canceled)
	cancel2() // no effect, already cancelled
	fmt.Println("Cause of plain cancel:", context.Cause(grand))

	cc, cancelCause := context.WithCancelCause(bg)
	ccChild, cancelChild := context.WithCancel(cc)
	defer cancelChild()
	myCause := errors.New("shut down by test")
	cancelCause(myCause)
	cancelCause(errors.New("second cause ignored"))
	fmt.Println("WithCancelCause Err:", cc.Err(), "Cause:", context.Cause(cc))
	fmt.Println("child Cause is parent's:", context.Cause(ccChild) == myCause)
	fmt.Println("Cause of live context:", context.Cause(bg))

	ctxA, cancelA := context.WithCancel(bg)
	ran := make(chan string, 1)
	stopA := context.AfterFunc(ctxA, func() { ran <- "AfterFunc ran" })
	cancelA()
	fmt.Println(<-ran)
	fmt.Println("stop after it ran:", stopA())

	ctxB, cancelB := context.WithCancel(bg)
	stopB := context.AfterFunc(ctxB, func() { fmt.Println("never printed") })
	fmt.Println("stop before cancel:", stopB())
	fmt.Println("stop again:", stopB())
	cancelB()

	v1 := context.WithValue(bg, key("user"), "gopher")
	v2, cancelV := context.WithCancel(v1)
	v3 := context.WithValue(v2, key("id"), 7)
	fmt.Println("Value through chain:", v3.Value(key("user")), v3.Value(key("id")), v3.Value(key("missing")))
	fmt.Println("string key differs from key type:", v3.Value("user"))
	fmt.Println(v3)

	wc := context.WithoutCancel(v3)
	cancelV()
	fmt.Println("WithoutCancel: Done is nil", wc.Done() == nil, "Err", wc.Err(), "value", wc.Value(key("id")), "parent Err", v3.Err())
	fmt.Println(wc)
}
