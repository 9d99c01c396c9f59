%% A process sends to itself and receives its own messages, in order, before and after a send to another.
-module(pingpong_self).
-export([main/0]).

main() ->
    self() ! one,
    self() ! two,
    P = spawn(fun() -> receive {From, X} -> From ! {back, X} end end),
    P ! {self(), three},
    R = receive {back, V} -> V end,
    Rest = drain([]),
    {R, Rest}.

drain(Acc) ->
    receive
        M -> drain([M | Acc])
    after 0 ->
        lists:reverse(Acc)
    end.
