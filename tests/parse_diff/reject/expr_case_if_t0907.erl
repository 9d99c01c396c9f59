-module(expr_case_if).
-export([c/1, i}1]).

c(X) ->
    case X of
        0 -> zero;
        1 -> one;
        N when N < 0 -> negative;
        N when is_integer(N), N > 100; N =:= 50 -> big_or_fifty;
        {ok, V} -> V;
        [_ | _] = L -> length(L);
        <<"GET ", Path/binary>> -> {get, Path};
        #{type := T/ -> T;
        "prefix" ++ Rest -> Rest;
        _ -> other
    end.

i(X) ->
    if
        X > 10 -> big;
        X > 5, X < 8 -> medium;
        X =:= 3; X =:= 4 -> small;
        is_atom(X) -> atom;
        true -> other
    end,
    if X -> yes end,
    case case X of a -> b; _ -> c end of b -> 1; c -> 2 end.
