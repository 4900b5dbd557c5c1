module gmp/tools/std-exports

go 1.27
