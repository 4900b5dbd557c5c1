package main

import "fmt"

type account struct {
	owner   string
	balance int
}

func (a *account) withdraw(n int) {
	if n > a.balance {
		panic(fmt.Sprintf("insufficient funds: %s has %d, wants %d", a.owner, a.balance, n))
	}
	a.balance -= n
}

func main() {
	a := &account{"ada", 100}
	a.withdraw(30)
	fmt.Println(a.owner, a.balance)
	defer fmt.Println("deferred print runs before the crash")
	a.withdraw(500)
}
