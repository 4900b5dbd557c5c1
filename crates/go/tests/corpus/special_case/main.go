// unicode.SpecialCase: Turkish dotted and dotless i through strings' and bytes'
// *Special functions, the fallback to the ordinary mapping, and a case table of
// the program's own with an Upper-Lower range.
package main

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"
)

func main() {
	words := "Istanbul ılık İzmir iğne Äpfel ǅemal"
	fmt.Println(strings.ToUpperSpecial(unicode.TurkishCase, words))
	fmt.Println(strings.ToLowerSpecial(unicode.TurkishCase, words))
	fmt.Println(strings.ToTitleSpecial(unicode.AzeriCase, words))
	fmt.Println(strings.ToUpper(words))
	fmt.Printf("%s\n", bytes.ToUpperSpecial(unicode.TurkishCase, []byte("kişi")))
	fmt.Printf("%s\n", bytes.ToLowerSpecial(unicode.TurkishCase, []byte("KIŞI")))
	fmt.Printf("%s\n", bytes.ToTitleSpecial(unicode.TurkishCase, []byte("ii")))

	// A, a, B, b ... as one Upper-Lower sequence from 'A' to 'F', and 'x' to 'Y'.
	own := unicode.SpecialCase{
		unicode.CaseRange{Lo: 'A', Hi: 'F', Delta: [unicode.MaxCase]rune{unicode.UpperLower, unicode.UpperLower, unicode.UpperLower}},
		unicode.CaseRange{Lo: 'x', Hi: 'x', Delta: [unicode.MaxCase]rune{'Y' - 'x', 0, 0}},
	}
	for _, r := range "ABCDEFGxyz" {
		fmt.Printf("%c%c%c ", own.ToUpper(r), own.ToLower(r), own.ToTitle(r))
	}
	fmt.Println()
	fmt.Println(len(unicode.TurkishCase), unicode.TurkishCase[1].Lo, unicode.TurkishCase[1].Delta)
	fmt.Println(unicode.To(unicode.MaxCase, 'a') == unicode.ReplacementChar)
}
