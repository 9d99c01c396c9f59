%% Ping and pong both print; each waits for the other's message, so the lines alternate deterministically.
-module(pingpong_print).
-export([main/0]).

main() ->
    Pong = spawn(fun pong/0),
    ping(Pong, 3),
    done.

ping(Pong, 0) ->
    Pong ! {stop, self()},
    receive stopped -> io:format("ping: pong stopped~n") end;
ping(Pong, N) ->
    io:format("ping ~b~n", [N]),
    Pong ! {ping, self(), N},
    receive pong -> ping(Pong, N - 1) end.

pong() ->
    receive
        {ping, From, N} ->
            io:format("  pong ~b~n", [N]),
            From ! pong,
            pong();
        {stop, From} ->
            io:format("  pong stopping~n"),
            From ! stopped
    end.
