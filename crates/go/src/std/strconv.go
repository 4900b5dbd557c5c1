package strconv

func Itoa(i int) string
func Atoi(s string) (int, error)
