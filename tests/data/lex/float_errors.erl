a 1.0e b
c 1.0e+ d
e 1.0e309 f
g 1.0e_1 h
i 1.0e-_1
j 2.5E
