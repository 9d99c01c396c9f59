-module(io_lists_of_terms).
-export([main/0]).

f(F, A) -> try lists:flatten(io_lib:format(F, A)) catch C:R -> {C, R} end.

main() ->
    [f("~w ~w ~w", [1, 2.5, "x"]), f("~p ~p", [[], {}]), f("~s=~w;", [key, 1]),
     f("[~s]", [[["a", ","], "b"]]), f("~w~n~w", [a, b]), f("~5w~5w|", [a, b])].
