%% The value of `Pid ! Msg` and of erlang:send/2 is the message itself; both deliver.
-module(pingpong_send_value).
-export([main/0]).

main() ->
    Echo = spawn(fun echo/0),
    A = (Echo ! {self(), first}),
    B = erlang:send(Echo, {self(), second}),
    R1 = receive {echo, X} -> X end,
    R2 = receive {echo, Y} -> Y end,
    C = (self() ! (self() ! twice)),
    Own = [receive M -> M end, receive M2 -> M2 end],
    {A =:= {self(), first}, element(2, B), R1, R2, C, Own}.

echo() ->
    receive
        {From, Msg} ->
            From ! {echo, Msg},
            echo()
    end.
