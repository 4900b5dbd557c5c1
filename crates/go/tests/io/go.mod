module gmp

go 1.27
