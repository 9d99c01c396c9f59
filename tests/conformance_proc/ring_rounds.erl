%% A ring of 100 processes, the token goes 50 times around (5,000 hops).
-module(ring_rounds).
-export([main/0]).

main() ->
    First = build(99, self()),
    go(First, 50, 0).

build(0, Next) -> Next;
build(K, Next) -> build(K - 1, spawn(fun() -> fwd(Next) end)).

fwd(Next) ->
    receive
        {t, H} -> Next ! {t, H + 1}, fwd(Next)
    end.

go(_First, 0, Hops) -> {rounds_done, Hops};
go(First, R, Hops) ->
    First ! {t, Hops},
    receive {t, H} -> go(First, R - 1, H + 1) end.
