// sync.Once: A, B and C call once.Do(f) on one P; f sleeps 1 ms, so B and C find the
// Once not done yet and block on its mutex. Who runs f, and in which order do the Do
// calls return?
package main

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"time"
)

func main() {
	runtime.GOMAXPROCS(1)
	var once sync.Once
	var order []string
	var wg sync.WaitGroup
	for _, name := range []string{"A", "B", "C"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			once.Do(func() {
				order = append(order, "f-by-"+name)
				time.Sleep(time.Millisecond)
			})
			order = append(order, name)
		}()
		runtime.Gosched() // it calls Do before the next one starts
	}
	wg.Wait()
	fmt.Println(strings.Join(order, " "))
}
