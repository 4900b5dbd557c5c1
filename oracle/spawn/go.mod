module oracle/spawn

go 1.27
