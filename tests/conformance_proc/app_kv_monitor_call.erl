%% A call that monitors the server: a reply when it answers, {error, Reason} when it dies instead.
-module(app_kv_monitor_call).
-export([main/0]).

main() ->
    S = spawn(fun() -> loop(0) end),
    A = call(S, incr),
    B = call(S, incr),
    C = call(S, crash),
    D = call(S, incr),
    {A, B, C, D}.

call(S, Req) ->
    Mon = monitor(process, S),
    S ! {self(), Mon, Req},
    receive
        {Mon, Reply} -> demonitor(Mon, [flush]), {ok, Reply};
        {'DOWN', Mon, process, S, Reason} -> {error, Reason}
    end.

loop(N) ->
    receive
        {From, Ref, incr} -> From ! {Ref, N + 1}, loop(N + 1);
        {_From, _Ref, crash} -> exit(server_crashed)
    end.
