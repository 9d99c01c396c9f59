%% gen_server: stop of an unregistered name or a dead pid exits noproc.
-module(gs_stop_noproc).
-export([main/0, init/1]).

main() ->
    A = catch gen_server:stop(not_there),
    B = catch gen_server:stop(not_there, normal, 100),
    {ok, P} = gen_server:start(?MODULE, [], []),
    ok = gen_server:stop(P),
    C = catch gen_server:stop(P),
    {A, B, C}.

init([]) -> {ok, s}.
