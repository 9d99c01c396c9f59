"ab￾cd" x
