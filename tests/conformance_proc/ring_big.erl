%% A ring of 3,000 processes: the token goes round once, collecting the sum of the nodes' indexes.
-module(ring_big).
-export([main/0]).

main() ->
    N = 3000,
    First = build(N, self()),
    First ! {token, 0, 0},
    receive
        {token, Hops, Sum} -> {Hops, Sum, Sum =:= N * (N + 1) div 2}
    end.

build(0, Next) -> Next;
build(I, Next) -> build(I - 1, spawn(fun() -> relay(I, Next) end)).

relay(I, Next) ->
    receive
        {token, H, S} -> Next ! {token, H + 1, S + I}
    end.
