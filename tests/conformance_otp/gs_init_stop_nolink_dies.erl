%% gen_server: start_link with init/1 returning {stop, Reason} kills a caller that does not
%% trap exits (the link carries Reason).
-module(gs_init_stop_nolink_dies).
-export([main/0, init/1]).

main() ->
    _ = gen_server:start_link(?MODULE, crashed, []),
    receive after 1000 -> ok end,
    survived.

init(Why) -> {stop, Why}.
