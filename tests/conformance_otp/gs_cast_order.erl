%% gen_server: casts from one client are handled in order, before a later call.
-module(gs_cast_order).
-export([main/0, init/1, handle_call/3, handle_cast/2]).

main() ->
    {ok, P} = gen_server:start(?MODULE, [], []),
    [gen_server:cast(P, {push, I}) || I <- lists:seq(1, 50)],
    L = gen_server:call(P, get),
    {length(L), L =:= lists:seq(50, 1, -1), hd(L)}.

init([]) -> {ok, []}.
handle_cast({push, I}, L) -> {noreply, [I | L]}.
handle_call(get, _, L) -> {reply, L, L}.
