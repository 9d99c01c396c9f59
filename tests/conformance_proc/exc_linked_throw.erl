%% A trapping parent sees a linked child's uncaught throw as {'EXIT', P, {{nocatch, V}, Stack}}.
-module(exc_linked_throw).
-export([main/0]).

main() ->
    process_flag(trap_exit, true),
    P = spawn_link(fun() -> throw(42) end),
    receive {'EXIT', P, {{nocatch, V}, S}} when is_list(S) -> {nocatch, V} end.
