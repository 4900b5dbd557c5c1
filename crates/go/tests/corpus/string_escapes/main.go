// Escapes in interpreted string literals: \x and octal escapes are bytes (three of
// them spell one rune here), \u and \U are runes; each string's length, bytes and
// runes.
package main

import "fmt"

func main() {
	for _, s := range []string{"\xe4\xb8\x96", "\344\270\226", "\u4e16", "\U0001F600", "\xf0\x9f\x98\x80", "a\x41\101\u0041", "\xc3\xa9t\xc3\xa9"} {
		fmt.Println(len(s), []byte(s), []rune(s), s)
	}
	const c = "\xe4\xb8\x96" + "!"
	fmt.Println(len(c), c == "世!")
}
