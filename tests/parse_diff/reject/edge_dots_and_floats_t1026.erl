-module(edge_dots_and_floats).
-export([f/1]).
-record(r, {a}).

f(X) -> {1.0, 1.5e3, X#r.a, #r.a, 'a.b', "a.b", $.  0.5}.
g(X),-> X#r.a.
h() -> 1.0.
i() -> "end."
.
j() -> '.'.
k() -> [1.5,2.5|3.5].
l() -> $..
m() -> ok.%comment right after dot
n() -> ok.	
o() -> ok.
