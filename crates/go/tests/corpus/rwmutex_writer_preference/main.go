// Checks sync.RWMutex writer preference (sync/rwmutex.go: Lock, RLock, TryLock,
// TryRLock, RLocker): once a writer is blocked in Lock, TryRLock fails and a new RLock
// caller waits until the writer has had the lock, while the reader already holding the
// lock keeps it; TryLock/TryRLock results in each state; RLocker() is a Locker that
// read-locks.
package main

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

func try(rw *sync.RWMutex) string {
	l := rw.TryLock()
	if l {
		rw.Unlock()
	}
	r := rw.TryRLock()
	if r {
		rw.RUnlock()
	}
	return fmt.Sprintf("TryLock=%v TryRLock=%v", l, r)
}

func main() {
	var rw sync.RWMutex
	fmt.Println("unlocked:", try(&rw))

	var logMu sync.Mutex
	var log []string
	record := func(s string) {
		logMu.Lock()
		log = append(log, s)
		logMu.Unlock()
	}

	rw.RLock() // main is the reader already holding the lock
	fmt.Println("read-locked:", try(&rw))

	holding := make(chan bool)
	release := make(chan bool)
	writerDone := make(chan bool)
	go func() {
		rw.Lock()
		record("writer")
		holding <- true
		<-release
		rw.Unlock()
		writerDone <- true
	}()
	// Wait until the writer is pending: TryRLock starts failing.
	for {
		if !rw.TryRLock() {
			break
		}
		rw.RUnlock()
		time.Sleep(time.Millisecond)
	}
	fmt.Println("writer pending:", try(&rw))

	var reader2Got atomic.Bool
	reader2Done := make(chan bool)
	go func() {
		rw.RLock()
		reader2Got.Store(true)
		record("reader2")
		rw.RUnlock()
		reader2Done <- true
	}()
	time.Sleep(20 * time.Millisecond)
	fmt.Println("new reader got lock while writer pending:", reader2Got.Load())
	record("reader1 still reading")
	rw.RUnlock()

	<-holding
	fmt.Println("write-locked:", try(&rw))
	close(release)
	<-writerDone
	<-reader2Done
	fmt.Println("log:", log)
	fmt.Println("unlocked again:", try(&rw))

	l := rw.RLocker()
	l.Lock()
	fmt.Println("RLocker locked:", try(&rw))
	l.Unlock()
	fmt.Println("RLocker unlocked:", try(&rw))
}
