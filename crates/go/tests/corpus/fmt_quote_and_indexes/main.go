// fmt's quoting (strconv.Quote's escapes, %+q, %#q, runes), %#U, integer precision
// and padding, explicit argument indexes, nil slices and byte slices under element
// verbs, %p of nil, and GoString below the top level of %#v.
package main

import "fmt"

type G struct{ x int }

func (G) GoString() string { return "G!" }

type S struct {
	A G
	B []G
}

func main() {
	fmt.Printf("%q %+q %#q %#q %q %q %q\n", "a\u200bb\x1b\t", "é世", "back", "a`b", '\b', 'é', "\u00a0\ufffe")
	fmt.Printf("%#U %#U %U %#U\n", 'g', '世', 0x1F600, '\n')
	fmt.Printf("%.2d|%.3d|%5.3d|%.0d|%05d|%-05d|%+05d|% 5d|%#x|%#08x|%+x|%#o|%#O|%#b|%08.3d|\n", 5, -7, 42, 0, -3, 4, 5, 6, 255, 255, -255, 8, 8, 5, 7)
	fmt.Printf("%[2]d %[1]d %d|%[3]d|%.*f|%-*d|\n", 1, 2, 3.5, 2, 3.14159, 4, 7)
	var ns []string
	var nm map[string]int
	fmt.Printf("%q %d %s %x|\n", ns, nm, [][]byte{[]byte("a"), []byte("b")}, [][]byte{{1, 2}})
	var p *int
	fmt.Printf("%p %#v %#v\n", p, G{1}, S{G{1}, []G{{2}}})
}
