a.16#g
b.Ā
c.% ￾ x
