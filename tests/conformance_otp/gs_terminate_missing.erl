%% gen_server: terminate/2 is optional; stop and {stop, ...} work without it.
-module(gs_terminate_missing).
-export([main/0, init/1, handle_call/3]).

main() ->
    {ok, P} = gen_server:start(?MODULE, [], []),
    A = gen_server:stop(P, {shutdown, x}, infinity),
    {ok, Q} = gen_server:start(?MODULE, [], []),
    B = gen_server:call(Q, quit),
    {A, B, is_process_alive(P)}.

init([]) -> {ok, s}.
handle_call(quit, _, S) -> {stop, normal, bye, S}.
