%% timer:send_interval/2,3: ticks keep coming until cancel; after
%% timer:cancel/1 returns no further tick is sent (the ones already sent
%% are in the mailbox); several intervals at once; bad arguments.
-module(timer_interval).
-export([main/0]).

flush(N) -> receive tick -> flush(N + 1) after 0 -> N end.

main() ->
    {ok, {interval, Ref}} = timer:send_interval(10, tick),
    io:format("ref ~p~n", [is_reference(Ref)]),
    L = [receive tick -> tick end || _ <- lists:seq(1, 5)],
    io:format("~p~n", [L]),
    io:format("~p~n", [timer:cancel({interval, Ref})]),
    _ = flush(0),
    io:format("~p~n", [receive tick -> late_tick after 100 -> no_tick_after_cancel end]),
    io:format("~p~n", [timer:cancel({interval, Ref})]),
    Self = self(),
    {ok, A} = timer:send_interval(15, Self, {a, tick}),
    {ok, B} = timer:send_interval(25, {b, tick}),
    As = [receive {a, tick} -> a end || _ <- lists:seq(1, 4)],
    Bs = [receive {b, tick} -> b end || _ <- lists:seq(1, 2)],
    io:format("~p ~p~n", [As, Bs]),
    {ok, cancel} = timer:cancel(A),
    {ok, cancel} = timer:cancel(B),
    io:format("~p~n", [[timer:send_interval(-1, x), timer:send_interval(a, x),
                        timer:send_interval(10, "p", x), timer:send_interval(1.0, self(), x)]]),
    ok.
