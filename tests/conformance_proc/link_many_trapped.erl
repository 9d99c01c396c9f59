%% A trapping parent links to 200 children that exit with their index; it receives every reason.
-module(link_many_trapped).
-export([main/0]).

main() ->
    process_flag(trap_exit, true),
    Pids = [spawn_link(fun() -> exit({done, I}) end) || I <- lists:seq(1, 200)],
    Reasons = [receive {'EXIT', P, {done, I}} -> I end || P <- Pids],
    {length(Reasons), lists:sum(Reasons), Reasons =:= lists:seq(1, 200)}.
