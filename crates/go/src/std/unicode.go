package unicode

// Package unicode classifies runes (letter, digit, space, ...) and maps them
// between cases. The classifiers and case mappings are natives of the
// explorer; range tables (Latin, Han, Is, In...) and SpecialCase are not
// provided.

const (
	MaxRune         = '\U0010FFFF' // the largest valid Unicode code point
	ReplacementChar = '\uFFFD'     // stands for an invalid code point
	MaxASCII        = '\u007F'     // the largest ASCII value
	MaxLatin1       = '\u00FF'     // the largest Latin-1 value
)

// Version is the Unicode version of Go's tables.
const Version = "17.0.0"

// The cases that To maps to.
const (
	UpperCase = iota
	LowerCase
	TitleCase
	MaxCase
)

func IsLetter(r rune) bool
func IsDigit(r rune) bool
func IsNumber(r rune) bool
func IsUpper(r rune) bool
func IsLower(r rune) bool
func IsTitle(r rune) bool
func IsPunct(r rune) bool
func IsSpace(r rune) bool
func IsControl(r rune) bool
func IsGraphic(r rune) bool
func IsPrint(r rune) bool
func IsMark(r rune) bool
func IsSymbol(r rune) bool
func ToUpper(r rune) rune
func ToLower(r rune) rune
func ToTitle(r rune) rune
func SimpleFold(r rune) rune

// To maps r to the case _case (UpperCase, LowerCase or TitleCase); any other
// _case gives ReplacementChar.
func To(_case int, r rune) rune {
	switch _case {
	case UpperCase:
		return ToUpper(r)
	case LowerCase:
		return ToLower(r)
	case TitleCase:
		return ToTitle(r)
	}
	return ReplacementChar
}
