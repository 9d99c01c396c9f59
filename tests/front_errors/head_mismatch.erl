-module(head_mismatch).
f(X) -> X;
g(X) -> X.
h(X) -> X;
h(X, Y) -> Y.
k() -> fun(X) -> X; (X, Y) -> Y end.
l() -> fun F(X) -> X; G(X) -> X end.
