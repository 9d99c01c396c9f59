-module(mm_funs_lib).
-export([adder/1, twice/1, compose/2, summer/0, by_second/0, apply_all/2]).

adder(N) -> fun(X) -> X + N end.
twice(F) -> fun(X) -> F(F(X)) end.
compose(F, G) -> fun(X) -> G(F(X)) end.
summer() -> fun(X, Acc) -> X + Acc end.
by_second() -> fun({_, A}, {_, B}) -> A =< B end.
apply_all(Fs, X) -> [F(X) || F <- Fs].
