// Checks the message of an unrecovered panic whose value is a custom error type: Go
// prints the result of its Error method, after running deferred calls.
package main

import "fmt"

type ParseError struct {
	Line int
	Msg  string
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
}

func parse(lines []string) {
	for i, l := range lines {
		if l == "" {
			panic(&ParseError{Line: i + 1, Msg: "empty line"})
		}
		fmt.Println("parsed", l)
	}
}

func main() {
	defer fmt.Println("deferred in main")
	parse([]string{"a", "b", "", "d"})
}
