%% Children told to exit one after another (each waits for the previous EXIT): EXIT messages in that order.
-module(trap_exit_order).
-export([main/0]).

main() ->
    process_flag(trap_exit, true),
    Pids = [spawn_link(fun() -> receive go -> exit({bye, I}) end end) || I <- lists:seq(1, 5)],
    [begin P ! go, receive {'EXIT', P, R} -> R end end || P <- lists:reverse(Pids)].
