%% Ping-pong with spawn/3 (?MODULE and an exported function) and the parent's pid as argument.
-module(pingpong_spawn3).
-export([main/0, pong/1]).

main() ->
    Pong = spawn(?MODULE, pong, [self()]),
    Replies = [begin Pong ! {ping, I}, receive {pong, Pong, R} -> R end end || I <- lists:seq(1, 4)],
    Pong ! stop,
    receive {stopped, Pong} -> ok end,
    {Replies, is_pid(Pong), Pong =/= self()}.

pong(Parent) ->
    receive
        {ping, I} ->
            Parent ! {pong, self(), {I, I * I}},
            pong(Parent);
        stop ->
            Parent ! {stopped, self()}
    end.
