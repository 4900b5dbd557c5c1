module gmp/tools/go-examples

go 1.27
