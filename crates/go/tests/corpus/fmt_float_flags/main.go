// fmt's floats under e, E, f, g, G with the +, space, - and 0 flags, widths and
// precisions, of float64 and float32, Inf and NaN (fmtFloat: strconv's digits, then the
// sign, Inf/NaN never zero padded, NaN unsigned unless + or space asks).
package main

import (
	"fmt"
	"math"
)

func main() {
	fmt.Printf("%+g|% g|%+.1e|% .2f|%G|%8.3G|%e|%f|%g|%.3g|%10.2f|%-10.2f|%010.3f|%+010.2f|% 010.2f\n", 1.0, 2.0, 0.0, 2.5, 1e-7, 1e-10, 123456.789, -0.5, 1e21, 1234.5678, 3.14159, 2.5, -1.5, 2.5, 2.5)
	fmt.Printf("%f|%+f|% f|%08f|%e|%g|%G|%5.1f|\n", math.Inf(1), math.Inf(-1), math.NaN(), math.Inf(1), math.NaN(), math.Inf(-1), math.Inf(1), math.NaN())
	fmt.Printf("%g %e %f %.2g %v %.1f\n", float32(0.1), float32(1e10), float32(2.5), float32(1234), float32(3.3), float32(0.05))
	fmt.Printf("%6.2f|%.0f|%.0e|%g|%g\n", 1e6, 2.5, 15.0, 100000.0, 1000000.0)
}
