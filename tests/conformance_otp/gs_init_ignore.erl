%% gen_server: init/1 returning ignore: start returns ignore and the name is free again.
-module(gs_init_ignore).
-export([main/0, init/1]).

main() ->
    R1 = gen_server:start({local, gs_ign}, ?MODULE, [], []),
    W = whereis(gs_ign),
    R2 = gen_server:start(?MODULE, [], []),
    process_flag(trap_exit, true),
    R3 = gen_server:start_link({local, gs_ign}, ?MODULE, [], []),
    Msg = receive {'EXIT', _, Why} -> {exit, Why} after 100 -> none end,
    {R1, W, R2, R3, Msg, whereis(gs_ign)}.

init([]) -> ignore.
