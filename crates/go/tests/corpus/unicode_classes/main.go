// The unicode package's answers for runes across the whole range (every rune up to
// U+3000, then every seventh, and a few that are no runes): each rune's classes
// (IsLetter ... IsSymbol) and its ToUpper, ToLower, ToTitle and SimpleFold, folded
// into a checksum printed every 50,000 runes; then strings.ToUpper and ToLower of
// text whose full case mappings differ from the rune-by-rune ones Go uses.
package main

import (
	"fmt"
	"strings"
	"unicode"
)

func main() {
	sum := 0
	for r := rune(-2); r < 0x110002; r++ {
		if r > 0x3000 && r%7 != 0 {
			continue
		}
		var f int
		for i, b := range []bool{unicode.IsLetter(r), unicode.IsDigit(r), unicode.IsNumber(r), unicode.IsUpper(r), unicode.IsLower(r), unicode.IsTitle(r), unicode.IsPunct(r), unicode.IsSpace(r), unicode.IsControl(r), unicode.IsGraphic(r), unicode.IsPrint(r), unicode.IsMark(r), unicode.IsSymbol(r)} {
			if b {
				f |= 1 << i
			}
		}
		d := int(unicode.ToUpper(r)-r)*3 + int(unicode.ToLower(r)-r)*5 + int(unicode.ToTitle(r)-r)*7 + int(unicode.SimpleFold(r)-r)*11
		sum = (sum*31 + f*1000003 + d) % 1000000007
		if r%50000 == 0 {
			fmt.Println(r, sum)
		}
	}
	fmt.Println(sum)
	fmt.Println(strings.ToUpper("straße ǆ ΣΑΣ"), strings.ToLower("ΣΑΣ İ"))
}
