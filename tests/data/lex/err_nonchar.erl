a ￾ b ￿ c
