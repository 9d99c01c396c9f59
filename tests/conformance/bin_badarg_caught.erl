-module(bin_badarg_caught).
-export([main/0]).
main() ->
    F = fun(Thunk) -> try Thunk() catch C:R -> {C, R} end end,
    [F(fun() -> <<(id(a))>> end), F(fun() -> <<(id(<<1>>))/integer>> end),
     F(fun() -> <<(id(1)):(id(-8))>> end), F(fun() -> <<(id(1))/binary>> end),
     F(fun() -> <<(id(<<1:4>>)):1/binary>> end)].
id(X) -> X.
