module oracle/cond

go 1.27
