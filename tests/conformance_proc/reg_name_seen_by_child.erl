%% A name registered by one process is visible to the others: a child sends to it and looks it up.
-module(reg_name_seen_by_child).
-export([main/0]).

main() ->
    register(the_main, self()),
    spawn(fun() -> the_main ! {child_says, whereis(the_main) =/= undefined, is_pid(whereis(the_main))} end),
    receive {child_says, A, B} -> {A, B} end.
