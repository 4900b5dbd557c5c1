// Checks how the float verbs print infinities and NaN (found by the differential
// test): strconv's +Inf, -Inf and NaN whatever the verb, its case or precision.
package main

import "fmt"

func main() {
	zero := 0.0
	inf := 1 / zero
	ninf := -inf
	nan := zero / zero
	fmt.Println(inf, ninf, nan)
	fmt.Printf("%f %f %f\n", inf, ninf, nan)
	fmt.Printf("%.2f|%8.2f|%-8.1f|\n", inf, ninf, nan)
	fmt.Printf("%e %E %g %G\n", inf, ninf, nan, inf)
	fmt.Printf("%.3e %.3g %v\n", inf, ninf, []float64{inf, nan})
}
