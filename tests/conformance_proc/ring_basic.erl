%% A ring of 10 processes passes a token 3 times around; each hop adds one.
-module(ring_basic).
-export([main/0]).

main() ->
    N = 10,
    First = build(N - 1, self()),
    First ! {token, 0, 3},
    wait(First, N).

%% builds N processes in a chain ending at Next; returns the first
build(0, Next) -> Next;
build(K, Next) -> build(K - 1, spawn(fun() -> node_loop(Next) end)).

node_loop(Next) ->
    receive
        {token, C, R} -> Next ! {token, C + 1, R}, node_loop(Next);
        stop -> Next ! stop
    end.

%% main is the last node of the ring: it counts rounds
wait(First, N) ->
    receive
        {token, C, 1} ->
            First ! stop,
            receive stop -> ok end,
            {hops, C + 1, expected, 3 * N};
        {token, C, R} ->
            First ! {token, C + 1, R - 1},
            wait(First, N)
    end.
