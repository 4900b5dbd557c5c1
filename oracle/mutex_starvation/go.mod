module oracle/mutex_starvation

go 1.27
