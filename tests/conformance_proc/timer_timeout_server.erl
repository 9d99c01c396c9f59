%% A server with an idle timeout: two quick requests are served, then it times out and reports it.
-module(timer_timeout_server).
-export([main/0]).

main() ->
    Main = self(),
    S = spawn(fun() -> loop(Main, 0) end),
    S ! {req, 1},
    A = receive {served, 1} -> 1 end,
    S ! {req, 2},
    B = receive {served, 2} -> 2 end,
    C = receive {idle_timeout, N} -> {idle_after, N} end,
    {A, B, C}.

loop(Main, N) ->
    receive
        {req, K} -> Main ! {served, K}, loop(Main, N + 1)
    after 100 ->
        Main ! {idle_timeout, N}
    end.
