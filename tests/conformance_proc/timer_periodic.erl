%% A periodic tick re-armed with send_after each time it fires, five times 20 ms apart.
-module(timer_periodic).
-export([main/0]).

main() ->
    erlang:send_after(20, self(), {tick, 1}),
    ticks([]).

ticks(Acc) ->
    receive
        {tick, 5} -> lists:reverse([5 | Acc]);
        {tick, N} -> erlang:send_after(20, self(), {tick, N + 1}), ticks([N | Acc])
    end.
