%% Trapped exits of children that raise: error gives {Reason, Stack}, throw {{nocatch, V}, Stack}, exit V.
-module(trap_error_child).
-export([main/0]).

main() ->
    process_flag(trap_exit, true),
    Kinds = [fun() -> 1 = 2 end, fun() -> throw(ball) end, fun() -> exit(plain) end,
             fun() -> error(my_error) end, fun() -> erlang:error({tagged, 7}, [x]) end],
    [begin P = spawn_link(F), receive {'EXIT', P, R} -> shape(R) end end || F <- Kinds].

shape({Reason, Stack}) when is_list(Stack) -> {with_stack, Reason};
shape(Reason) -> {plain, Reason}.
