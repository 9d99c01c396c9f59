-module(expr_funs).
-export([funs/1]).

funs(M) ->
    F1 = fun() -> ok end,
    F2 = fun(X) -> X + 1 end,
    F3 = fun(X, Y) when X > Y -> X; (_, Y) -> Y end,
    F4 = fun({ok, V}) -> V; ({error, _} = E) -> E; (_) -> unknown end,
    F5 = fun funs/1,
    F6 = fun lists:map/2,
    F7 = fun M:f/0,
    F8 = fun M:F/A,
    F9 = fun ?MODULE:funs/1,
    F10 = fun 'quoted'/0,
    F11 = fun erlang:'+'/2,
    F12 = fun Fact(0) -> 1; Fact(N) when N > 0 -> N * Fact(N - 1) end,
    F13 = fun Loop([]) -> done; Loop([_ | T]) -> Loop(T) end,
    F14 = fun(X) -> fun(Y) -> fun(Z) -> X + Y + Z end end end,
    F15 = fun(#{a := A, [H | _], <<B:8>>) -> {A, H, B} end,
    F16 = fun() -> receive X -> X after 0 -> none end end,
    F17 = fun(X) when is_integer(X), X > 0; is_float(X) -> X end,
    F18 = fun M:f/2,
    F19 = fun lists:foldl/3,
    [F1, F2, F3, F4, F5, F6, F7, F8, F9, F10, F11, F12, F13, F14, F15, F16, F17, F18, F19].

quoted() -> ok.
