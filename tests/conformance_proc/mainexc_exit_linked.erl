%% main/0 calls exit/1 while linked to a child that traps exits; the run ends with main's exit.
-module(mainexc_exit_linked).
-export([main/0]).

main() ->
    Main = self(),
    spawn_link(fun() -> process_flag(trap_exit, true), Main ! trapping, receive _ -> ok end end),
    receive trapping -> ok end,
    io:format("exiting~n"),
    exit({shutdown, main_done}).
