a
b

c "x
y" d
