module oracle/stack_growth

go 1.27
