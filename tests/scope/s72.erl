-module(s72).
-export([f/1]).
g(_, _) -> ok.
f(A) -> g((fun(Z) -> begin ok, ok, {A, 1} end, 1 end), begin {(catch ok), try ok of Y -> W, W catch _:X -> ok, W end} end).
