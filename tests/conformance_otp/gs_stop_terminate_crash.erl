%% gen_server: terminate/2 raising during stop: stop exits with the process's exit reason.
-module(gs_stop_terminate_crash).
-export([main/0, init/1, terminate/2]).

main() ->
    {ok, P} = gen_server:start(?MODULE, exit, []),
    A = catch gen_server:stop(P),
    {ok, Q} = gen_server:start(?MODULE, error, []),
    B = try gen_server:stop(Q) catch exit:{badarith, St} when is_list(St) -> badarith end,
    {ok, R} = gen_server:start(?MODULE, throw, []),
    C = gen_server:stop(R),
    {A, B, C}.

init(K) -> {ok, K}.
terminate(_, exit) -> exit(terminate_failed);
terminate(_, error) -> 1 / zero();
terminate(_, throw) -> throw(ignored).
zero() -> 0.
