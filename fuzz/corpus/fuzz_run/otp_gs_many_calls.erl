%% gen_server: 2000 calls and casts interleaved keep their order and values.
-module(gs_many_calls).
-export([main/0, init/1, handle_call/3, handle_cast/2]).

main() ->
    {ok, P} = gen_server:start(?MODULE, 0, []),
    R = loop(P, 1, 0),
    {R, gen_server:call(P, get)}.

loop(_, 1001, Acc) -> Acc;
loop(P, I, Acc) ->
    gen_server:cast(P, {add, I}),
    V = gen_server:call(P, get),
    loop(P, I + 1, Acc + V rem 7).

init(N) -> {ok, N}.
handle_call(get, _, N) -> {reply, N, N}.
handle_cast({add, I}, N) -> {noreply, N + I}.
