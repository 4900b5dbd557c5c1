// What does unlocking a sync.Mutex that is not locked do?
package main

import "sync"

func main() {
	var mu sync.Mutex
	mu.Unlock()
}
