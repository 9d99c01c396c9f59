%% A call to a server that has died: the monitor's DOWN turns into an uncaught exit in main.
-module(mainexc_call_dead_server).
-export([main/0]).

main() ->
    {S, Ref} = spawn_monitor(fun() -> exit(crashed_early) end),
    receive {'DOWN', Ref, process, S, _} -> ok end,
    io:format("server is gone~n"),
    call(S, hello).

call(S, Req) ->
    Mon = monitor(process, S),
    S ! {call, self(), Mon, Req},
    receive
        {Mon, Reply} -> Reply;
        {'DOWN', Mon, process, S, Reason} -> exit({Reason, {call, Req}})
    end.
