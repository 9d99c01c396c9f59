%% A child calls exit(Main, kill): main/0 is ended with `killed`.
-module(mainexc_killed_by_kill).
-export([main/0]).

main() ->
    Main = self(),
    process_flag(trap_exit, true),
    spawn(fun() -> exit(Main, kill) end),
    receive never -> ok end.
