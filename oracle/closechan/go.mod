module oracle/closechan

go 1.27
