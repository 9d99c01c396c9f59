-module(foldl_build_tuple).
-export([main/0]).
main() -> lists:foldl(fun(X, {S, P}) -> {S + X, P * X} end, {0, 1}, lists:seq(1, 10)).
