// When does GODEBUG=schedtrace=10 print, and how are its lines labelled?
// main sleeps 35 ms and returns; each SCHED line's label is compared with the
// time sysmon printed it.
package main

import "time"

func main() {
	time.Sleep(35 * time.Millisecond)
}
