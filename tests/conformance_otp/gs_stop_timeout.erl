%% gen_server: stop/3 whose terminate/2 outlasts the timeout exits timeout.
-module(gs_stop_timeout).
-export([main/0, init/1, terminate/2]).

main() ->
    {ok, P} = gen_server:start(?MODULE, [], []),
    Ref = monitor(process, P),
    A = catch gen_server:stop(P, normal, 30),
    D = receive {'DOWN', Ref, process, _, Why} -> Why end,
    {A, D}.

init([]) -> {ok, s}.
terminate(_, _) -> receive after 600 -> ok end.
