package strings

func Repeat(s string, count int) string
func Join(elems []string, sep string) string
func Contains(s, substr string) bool
func HasPrefix(s, prefix string) bool
func HasSuffix(s, suffix string) bool
func ToUpper(s string) string
func ToLower(s string) string
func Split(s, sep string) []string
func TrimSpace(s string) string
func Index(s, substr string) int
