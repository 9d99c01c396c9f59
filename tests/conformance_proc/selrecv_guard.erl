%% Receive with guards: messages failing the guard are skipped and remain queued in arrival order.
-module(selrecv_guard).
-export([main/0]).

main() ->
    [self() ! N || N <- [3, 8, 1, 12, 5, 7, 20]],
    Big = take(fun big/0),
    Rest = take(fun any/0),
    self() ! 9, self() ! 4, self() ! 6,
    Even = receive N when N rem 2 =:= 0 -> N end,
    {Big, Rest, Even, take(fun any/0)}.

big() -> receive N when is_integer(N), N > 6 -> {ok, N} after 0 -> none end.
any() -> receive N -> {ok, N} after 0 -> none end.

take(F) ->
    case F() of
        {ok, N} -> [N | take(F)];
        none -> []
    end.
