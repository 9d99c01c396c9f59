%% A trapping root linked to B linked to C: C's crash kills B, and the root gets B's {'EXIT', B, Reason}.
-module(trap_chain).
-export([main/0]).

main() ->
    process_flag(trap_exit, true),
    Main = self(),
    B = spawn_link(fun() ->
        C = spawn_link(fun() -> receive go -> exit(deep_failure) end end),
        Main ! {c, C},
        receive after infinity -> ok end
    end),
    C = receive {c, X} -> X end,
    C ! go,
    receive {'EXIT', From, Reason} -> {From =:= B, From =:= C, Reason} end.
