module gmp/tools/unicode-tables

go 1.27
