package fmt

type Stringer interface {
	String() string
}

func Println(a ...interface{}) (n int, err error)
func Printf(format string, a ...interface{}) (n int, err error)
func Print(a ...interface{}) (n int, err error)
func Sprintf(format string, a ...interface{}) string
func Sprint(a ...interface{}) string
func Sprintln(a ...interface{}) string
func Errorf(format string, a ...interface{}) error
