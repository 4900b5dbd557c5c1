module oracle/lockosthread

go 1.27
