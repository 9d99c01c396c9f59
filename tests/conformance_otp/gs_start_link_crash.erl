%% gen_server: start_link with init/1 crashing, caller trapping exits: {error, Reason} then
%% the 'EXIT' with the same reason.
-module(gs_start_link_crash).
-export([main/0, init/1]).

main() ->
    process_flag(trap_exit, true),
    A = gen_server:start_link(?MODULE, exit, []),
    EA = receive {'EXIT', _, WA} -> WA end,
    {error, {badarg, St}} = gen_server:start_link(?MODULE, error, []),
    EB = receive {'EXIT', _, {badarg, St2}} -> St2 =:= St end,
    C = gen_server:start_link(?MODULE, bad, []),
    EC = receive {'EXIT', _, WC} -> WC end,
    {A, EA, EB, C, EC}.

init(exit) -> exit(init_exit);
init(error) -> erlang:error(badarg);
init(bad) -> bad_value.
