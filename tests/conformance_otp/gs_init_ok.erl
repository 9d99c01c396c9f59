%% gen_server: init/1 returning {ok, State}; calls see the state, casts update it.
-module(gs_init_ok).
-behaviour(gen_server).
-export([main/0, init/1, handle_call/3, handle_cast/2]).

main() ->
    {ok, P} = gen_server:start(?MODULE, 10, []),
    A = gen_server:call(P, get),
    ok = gen_server:cast(P, {add, 5}),
    B = gen_server:call(P, get),
    ok = gen_server:stop(P),
    {A, B, is_process_alive(P)}.

init(N) -> io:format("init ~p~n", [N]), {ok, N}.
handle_call(get, _From, N) -> {reply, N, N}.
handle_cast({add, K}, N) -> {noreply, N + K}.
