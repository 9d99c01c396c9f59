x.
y.
