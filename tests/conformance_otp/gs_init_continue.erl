%% gen_server: init/1 returning {ok, S, {continue, C}}: handle_continue runs before any message,
%% and may itself continue.
-module(gs_init_continue).
-export([main/0, init/1, handle_call/3, handle_continue/2]).

main() ->
    {ok, P} = gen_server:start(?MODULE, [], []),
    R = gen_server:call(P, get),
    gen_server:stop(P),
    R.

init([]) -> {ok, [init], {continue, one}}.
handle_continue(one, L) -> io:format("continue one~n"), {noreply, [one | L], {continue, two}};
handle_continue(two, L) -> io:format("continue two~n"), {noreply, [two | L]}.
handle_call(get, _From, L) -> {reply, lists:reverse(L), L}.
