%% gen_server: init/1 returning {stop, Reason}: start returns {error, Reason}, the name is freed.
-module(gs_init_stop).
-export([main/0, init/1]).

main() ->
    R1 = gen_server:start({local, gs_stop}, ?MODULE, bad, []),
    R2 = gen_server:start(?MODULE, normal, []),
    R3 = gen_server:start(?MODULE, {shutdown, x}, []),
    {R1, R2, R3, whereis(gs_stop)}.

init(Why) -> {stop, Why}.
