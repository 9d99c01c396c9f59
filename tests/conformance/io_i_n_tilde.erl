-module(io_i_n_tilde).
-export([main/0]).

f(F, A) -> try lists:flatten(io_lib:format(F, A)) catch C:R -> {C, R} end.

main() ->
    [f("~i", [anything]), f("a~ib", [{x}]), f("~n", []), f("~3n", []), f("~~", []), f("~3~", []),
     f("~-3~|", []), f("~3.2~|", []), f("~-3n", []), f("~i~w", [a, b]), f("~5i", [a]), f("x~ny", [])].
