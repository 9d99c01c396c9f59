-module(s95).
-export([f/1]).
g(_, _) -> ok.
f(A) -> g(if W > 1 -> 1; true -> 1 end, Z), A, A.
