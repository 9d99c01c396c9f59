%% Receive patterns with bound variables only match the message carrying that value.
-module(selrecv_bound_var).
-export([main/0]).

main() ->
    Pids = [spawn(fun() -> worker(I) end) || I <- [1, 2, 3]],
    [P ! {self(), go} || P <- Pids],
    %% collect in reverse spawn order, whatever order they arrived in
    [receive {P, Result} -> Result end || P <- lists:reverse(Pids)].

worker(I) ->
    receive
        {From, go} -> From ! {self(), {worker, I, I * 11}}
    end.
