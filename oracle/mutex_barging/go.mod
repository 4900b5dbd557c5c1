module oracle/mutex_barging

go 1.27
