%% A ring of 500 nodes, each adding its square to an accumulator carried by the token; two rounds.
-module(ring_collect).
-export([main/0]).

main() ->
    First = build(500, self()),
    First ! {acc, 0},
    A1 = receive {acc, X} -> X end,
    First ! {acc, A1},
    A2 = receive {acc, Y} -> Y end,
    {A1, A2}.

build(0, Next) -> Next;
build(I, Next) -> build(I - 1, spawn(fun() -> loop(I, Next) end)).

loop(I, Next) ->
    receive
        {acc, A} -> Next ! {acc, A + I * I}, loop(I, Next)
    end.
