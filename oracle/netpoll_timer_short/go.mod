module oracle/netpoll_timer_short

go 1.27
