%% 10,000 round trips between two processes; the pong side keeps a running sum.
-module(pingpong_long).
-export([main/0]).

main() ->
    Pong = spawn(fun() -> pong(0) end),
    Last = loop(Pong, 1, 10000, none),
    Pong ! {total, self()},
    Total = receive {total, T} -> T end,
    {Last, Total}.

loop(_Pong, I, N, Last) when I > N -> Last;
loop(Pong, I, N, _Last) ->
    Pong ! {ping, self(), I},
    receive
        {pong, I, Sum} -> loop(Pong, I + 1, N, Sum)
    end.

pong(Sum) ->
    receive
        {ping, From, I} ->
            From ! {pong, I, Sum + I},
            pong(Sum + I);
        {total, From} ->
            From ! {total, Sum}
    end.
