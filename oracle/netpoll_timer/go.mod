module oracle/netpoll_timer

go 1.27
