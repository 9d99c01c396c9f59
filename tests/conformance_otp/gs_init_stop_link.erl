%% gen_server: start_link with init/1 returning {stop, Reason}: the caller (trapping exits)
%% gets {error, Reason} and then the 'EXIT' of the linked process.
-module(gs_init_stop_link).
-export([main/0, init/1]).

main() ->
    process_flag(trap_exit, true),
    R = gen_server:start_link(?MODULE, oops, []),
    E = receive {'EXIT', _, Why} -> {exit, Why} after 1000 -> none end,
    R2 = gen_server:start_link(?MODULE, normal, []),
    E2 = receive {'EXIT', _, Why2} -> {exit, Why2} after 1000 -> none end,
    {R, E, R2, E2}.

init(Why) -> {stop, Why}.
