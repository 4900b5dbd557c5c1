package unicode

// Package unicode classifies runes (letter, digit, space, ...) and maps them
// between cases. The classifiers and case mappings are natives of the
// explorer; range tables (Latin, Han, Is, In...) are not provided.
// SpecialCase and the Turkish and Azeri mappings are.

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

// UpperLower in a CaseRange's Delta marks an Upper-Lower sequence: upper case
// at even offsets from Lo, lower case at odd ones.
const UpperLower = MaxRune + 1

// d is a CaseRange's deltas, one for each case.
type d [MaxCase]rune

// CaseRange maps the runes Lo through Hi to the other cases by adding Delta's
// entry for the case (or, with UpperLower, by the sequence's parity).
type CaseRange struct {
	Lo    uint32
	Hi    uint32
	Delta d
}

// SpecialCase is a language's own case mappings, sorted by Lo.
type SpecialCase []CaseRange

// TurkishCase maps dotted and dotless i as Turkish does.
var TurkishCase SpecialCase = _TurkishCase

var _TurkishCase = SpecialCase{
	CaseRange{0x0049, 0x0049, d{0, 0x131 - 0x49, 0}},
	CaseRange{0x0069, 0x0069, d{0x130 - 0x69, 0, 0x130 - 0x69}},
	CaseRange{0x0130, 0x0130, d{0, 0x69 - 0x130, 0}},
	CaseRange{0x0131, 0x0131, d{0x49 - 0x131, 0, 0x49 - 0x131}},
}

// AzeriCase is the same as TurkishCase.
var AzeriCase SpecialCase = _TurkishCase

// to maps r to case _case by the ranges of caseRange (a binary search), and
// reports whether a range held r.
func to(_case int, r rune, caseRange []CaseRange) (mappedRune rune, foundMapping bool) {
	if _case < 0 || MaxCase <= _case {
		return ReplacementChar, false
	}
	lo, hi := 0, len(caseRange)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		cr := caseRange[m]
		if rune(cr.Lo) <= r && r <= rune(cr.Hi) {
			delta := cr.Delta[_case]
			if delta > MaxRune {
				return rune(cr.Lo) + ((r-rune(cr.Lo))&^1 | rune(_case&1)), true
			}
			return r + delta, true
		}
		if r < rune(cr.Lo) {
			hi = m
		} else {
			lo = m + 1
		}
	}
	return r, false
}

// ToUpper maps r to upper case, giving priority to the special mapping.
func (special SpecialCase) ToUpper(r rune) rune {
	r1, hadMapping := to(UpperCase, r, []CaseRange(special))
	if r1 == r && !hadMapping {
		r1 = ToUpper(r)
	}
	return r1
}

// ToTitle maps r to title case, giving priority to the special mapping.
func (special SpecialCase) ToTitle(r rune) rune {
	r1, hadMapping := to(TitleCase, r, []CaseRange(special))
	if r1 == r && !hadMapping {
		r1 = ToTitle(r)
	}
	return r1
}

// ToLower maps r to lower case, giving priority to the special mapping.
func (special SpecialCase) ToLower(r rune) rune {
	r1, hadMapping := to(LowerCase, r, []CaseRange(special))
	if r1 == r && !hadMapping {
		r1 = ToLower(r)
	}
	return r1
}
