%% Two independent pong servers; main receives each reply by matching the sender's pid.
-module(pingpong_two_pairs).
-export([main/0]).

main() ->
    A = spawn(fun() -> server(a) end),
    B = spawn(fun() -> server(b) end),
    A ! {self(), 1},
    B ! {self(), 2},
    A ! {self(), 3},
    RB = receive {B, Rb} -> Rb end,
    RA1 = receive {A, Ra} -> Ra end,
    RA2 = receive {A, Ra2} -> Ra2 end,
    [P ! stop || P <- [A, B]],
    {RA1, RA2, RB}.

server(Name) ->
    receive
        {From, N} ->
            From ! {self(), {Name, N, N + 100}},
            server(Name);
        stop ->
            ok
    end.
