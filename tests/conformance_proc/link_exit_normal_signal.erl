%% exit(P, normal) sent to a process that does not trap exits is ignored: it lives on.
-module(link_exit_normal_signal).
-export([main/0]).

main() ->
    P = spawn(fun() -> receive {ping, From} -> From ! pong end end),
    true = exit(P, normal),
    P ! {ping, self()},
    R = receive pong -> pong after 1000 -> no_answer end,
    {R, normal_ignored}.
