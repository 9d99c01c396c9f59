%% gen_server: a continue runs before messages already queued.
-module(gs_continue_order).
-export([main/0, init/1, handle_call/3, handle_cast/2, handle_continue/2]).

main() ->
    {ok, P} = gen_server:start(?MODULE, [], []),
    gen_server:cast(P, block),
    gen_server:cast(P, {note, a}),
    gen_server:cast(P, {note, b}),
    gen_server:call(P, get).

init([]) -> {ok, []}.
handle_cast(block, L) -> {noreply, [block | L], {continue, c1}};
handle_cast({note, X}, L) -> {noreply, [X | L]}.
handle_continue(c1, L) -> {noreply, [c1 | L], {continue, c2}};
handle_continue(c2, L) -> {noreply, [c2 | L]}.
handle_call(get, _, L) -> {reply, lists:reverse(L), L}.
