-module(syntax).
f() -> 1 + .
g() -> a == b == c.
h() -> f()().
i() -> [1, 2.
j(X!Y) -> ok.
k() -> case X of end.
l() -> ok
m() -> ok.
