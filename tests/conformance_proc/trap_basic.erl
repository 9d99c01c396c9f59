%% With trap_exit, a linked child's abnormal exit becomes an {'EXIT', Pid, Reason} message.
-module(trap_basic).
-export([main/0]).

main() ->
    false = process_flag(trap_exit, true),
    Pid = spawn_link(fun() -> exit(boom) end),
    receive
        {'EXIT', From, Reason} -> {From =:= Pid, Reason, is_process_alive(self())}
    end.
