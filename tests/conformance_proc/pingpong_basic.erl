%% Ping-pong: a pong process answers five pings in turn; the replies come back in order.
-module(pingpong_basic).
-export([main/0]).

main() ->
    Pong = spawn(fun pong/0),
    ping(Pong, 5, []).

ping(Pong, 0, Acc) ->
    Pong ! stop,
    lists:reverse(Acc);
ping(Pong, N, Acc) ->
    Pong ! {ping, self(), N},
    receive
        {pong, M} -> ping(Pong, N - 1, [M | Acc])
    end.

pong() ->
    receive
        {ping, From, N} ->
            From ! {pong, N * 10},
            pong();
        stop ->
            ok
    end.
