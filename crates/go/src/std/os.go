package os

func Exit(code int)

var Args []string
