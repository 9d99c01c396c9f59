%% Publish/subscribe: subscribers are monitored, and one that dies is dropped before the next publish.
-module(app_pubsub).
-export([main/0]).

main() ->
    Main = self(),
    Hub = spawn(fun() -> hub(#{}) end),
    Subs = [spawn(fun() -> sub(Hub, Name, Main) end) || Name <- [s1, s2, s3]],
    [receive {subscribed, P} -> ok end || P <- Subs],
    Hub ! {publish, hello, self()},
    receive published -> ok end,
    R1 = lists:sort([receive {got, N, M} -> {N, M} end || _ <- Subs]),
    [_, S2, _] = Subs,
    S2 ! quit,
    %% the hub learns of the death through its monitor, some time later
    C = wait_count(Hub, 2),
    Hub ! {publish, again, self()},
    receive published -> ok end,
    R2 = lists:sort([receive {got, N, M} -> {N, M} end || _ <- [1, 2]]),
    {R1, C, R2}.

wait_count(Hub, Want) ->
    Hub ! {count, self()},
    case receive {count, K} -> K end of
        Want -> Want;
        _ -> receive after 1 -> wait_count(Hub, Want) end
    end.

hub(Subs) ->
    receive
        {subscribe, P} -> Ref = monitor(process, P), P ! subscribed, hub(Subs#{Ref => P});
        {'DOWN', Ref, process, _, _} -> hub(maps:remove(Ref, Subs));
        {count, From} -> From ! {count, map_size(Subs)}, hub(Subs);
        {publish, Msg, From} -> [P ! {msg, Msg} || P <- maps:values(Subs)], From ! published, hub(Subs)
    end.

sub(Hub, Name, Main) ->
    Hub ! {subscribe, self()},
    receive subscribed -> Main ! {subscribed, self()} end,
    sub_loop(Name, Main).

sub_loop(Name, Main) ->
    receive
        {msg, M} -> Main ! {got, Name, M}, sub_loop(Name, Main);
        quit -> ok
    end.
