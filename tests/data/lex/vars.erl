X Xs _ _X _x __ X_1 Var@home ABC Ab_cD _123 X1Y2Z3
f(X, Y) -> X + Y.
