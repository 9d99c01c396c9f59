%% main traps exits, so a crashing linked child does not end it; output continues after the crash.
-module(trap_main_survives).
-export([main/0]).

main() ->
    process_flag(trap_exit, true),
    P = spawn_link(fun() -> io:format("child running~n"), exit(failed) end),
    receive {'EXIT', P, R} -> io:format("child exited: ~p~n", [R]) end,
    io:format("main still here~n"),
    still_here.
