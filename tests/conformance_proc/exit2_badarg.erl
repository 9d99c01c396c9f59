%% exit/2 with a target that is not a pid (or port) raises badarg.
-module(exit2_badarg).
-export([main/0]).

main() ->
    [try exit(T, boom) of V -> {returned, V} catch C:E -> {C, E} end || T <- [not_a_pid, 42, "pid", {self()}]].
