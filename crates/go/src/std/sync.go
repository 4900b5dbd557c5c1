package sync

type Locker interface {
	Lock()
	Unlock()
}

// The runtime object behind each value is made on first use (id 0: none yet).
type WaitGroup struct{ id int }

func (wg *WaitGroup) Add(delta int)
func (wg *WaitGroup) Done()
func (wg *WaitGroup) Wait()

// Go calls f in a new goroutine and adds that task to the WaitGroup (Go 1.25).
func (wg *WaitGroup) Go(f func()) {
	wg.Add(1)
	go func() {
		defer wg.Done()
		f()
	}()
}

type Mutex struct{ id int }

func (m *Mutex) Lock()
func (m *Mutex) Unlock()

type Once struct {
	done bool
	m    Mutex
}

func (o *Once) Do(f func()) {
	if o.done {
		return
	}
	o.m.Lock()
	defer o.m.Unlock()
	if !o.done {
		defer func() { o.done = true }()
		f()
	}
}
