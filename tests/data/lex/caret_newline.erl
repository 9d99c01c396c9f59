a $\^
b "x\^
y" c
d
