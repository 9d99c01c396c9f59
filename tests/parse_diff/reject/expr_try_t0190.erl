-module(expr_try).
-export([t/1]).

t(F) ->
    try F() of
        ok -> ok;
        {error, R} -> R
    catch
        throw:Thrown -> {thrown, Thrown};
        error:badarg -> badarg;
        error:Reason:Stack -> {error, Reason, Stack};
        exit:{shutdown, _} = S -> S;
        Class:Reason2 -> {Class, Reason2};
        _:_ -> any
    after
        cleanup
    end,
    try F()
    catch
        Plain -> Plain
    end,
    try F() after done end,
    try F(), F() catch _ -> a end,
    try F() of X when X > 0 -> X catch throw:T when is_atom(T) -> T end,
    try F() catch error:E:St when E =/= x -> {E, St} after ok end,
    try F() catch C:R:S2 -> erlang:raise(C, R, S2) end,
    try
        try F() catch _:_  inner end
    catch
        _:_ -> outer
    end.
