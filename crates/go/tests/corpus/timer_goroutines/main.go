// Checks that timers are not goroutines: runtime.NumGoroutine() does not change for
// time.NewTimer, time.After, a pending time.AfterFunc or time.NewTicker (Go 1.23+
// runtime timers live in the P's timer heap, runtime/time.go: newTimer), and that a
// timer's or ticker's channel reports cap 0 and len 0 even after its time has passed
// without a receive (synchronous timer channels, runtime/chan.go: chanlen/chancap
// with c.timer != nil).
package main

import (
	"fmt"
	"runtime"
	"time"
)

func main() {
	base := runtime.NumGoroutine()
	fmt.Println("goroutines at start:", base)

	t := time.NewTimer(time.Hour)
	fmt.Println("extra after NewTimer:", runtime.NumGoroutine()-base)
	a := time.After(time.Hour)
	fmt.Println("extra after After:", runtime.NumGoroutine()-base)
	f := time.AfterFunc(time.Hour, func() {})
	fmt.Println("extra after AfterFunc:", runtime.NumGoroutine()-base)
	tk := time.NewTicker(time.Hour)
	fmt.Println("extra after NewTicker:", runtime.NumGoroutine()-base)

	fmt.Println("pending timer  cap/len:", cap(t.C), len(t.C))
	fmt.Println("pending After  cap/len:", cap(a), len(a))
	fmt.Println("pending ticker cap/len:", cap(tk.C), len(tk.C))

	t2 := time.NewTimer(5 * time.Millisecond)
	tk2 := time.NewTicker(5 * time.Millisecond)
	time.Sleep(40 * time.Millisecond)
	fmt.Println("expired timer  cap/len:", cap(t2.C), len(t2.C))
	fmt.Println("expired ticker cap/len:", cap(tk2.C), len(tk2.C))
	fmt.Println("extra after expiry:", runtime.NumGoroutine()-base)

	// The values are still there to receive.
	<-t2.C
	<-tk2.C
	fmt.Println("received from expired timer and ticker")

	t.Stop()
	f.Stop()
	tk.Stop()
	tk2.Stop()
	fmt.Println("extra at end:", runtime.NumGoroutine()-base)
}
