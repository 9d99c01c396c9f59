a % bad ￾ rest of comment
b
