-module(bin_badarg_float_size).
-export([main/0]).
main() ->
    [c(fun() -> <<(id(1.0)):(id(N))/float>> end) || N <- [8, 24, 128, 0]] ++
    [c(fun() -> <<(id(1.0e300)):32/float>> end), c(fun() -> <<(id(1.0e6)):16/float>> end),
     c(fun() -> <<(id(foo))/float>> end), c(fun() -> <<(id(1.0e300)):16/float>> end),
     c(fun() -> <<(id(65519.0)):16/float>> end), c(fun() -> <<(id(65520.0)):16/float>> end)].
id(X) -> X.
c(F) -> try F() catch C:R -> {C, R} end.
