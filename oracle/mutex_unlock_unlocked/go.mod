module oracle/mutex_unlock_unlocked

go 1.27
