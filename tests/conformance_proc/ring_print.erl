%% A ring of 5 where each node prints as the token reaches it: the token serialises the output.
-module(ring_print).
-export([main/0]).

main() ->
    First = lists:foldl(fun(I, Next) -> spawn(fun() -> node_loop(I, Next) end) end, self(), [5, 4, 3, 2, 1]),
    First ! {token, 2},
    do_round(First).

do_round(First) ->
    receive
        {token, 0} -> io:format("main: done~n"), ok;
        {token, R} ->
            io:format("main: round ~b complete~n", [3 - R]),
            First ! {token, R - 1},
            do_round(First)
    end.

node_loop(I, Next) ->
    receive
        {token, R} ->
            io:format("node ~b sees round ~b~n", [I, R]),
            Next ! {token, R},
            node_loop(I, Next)
    end.
