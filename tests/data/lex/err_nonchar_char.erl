a $￾ b c
d
