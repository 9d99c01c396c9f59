-module(io_p_nested_deep).
-export([main/0]).

f(F, A) -> try lists:flatten(io_lib:format(F, A)) catch C:R -> {C, R} end.

main() ->
    [f("~p", [lists:foldl(fun(_, A) -> [A] end, [], lists:seq(1, 30))]),
     f("~p", [lists:foldl(fun(I, A) -> {I, A} end, x, lists:seq(1, 30))]),
     f("~p", [[{I, [I, I + 1], <<"bin">>, atom} || I <- lists:seq(1, 12)]])].
