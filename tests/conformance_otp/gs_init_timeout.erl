%% gen_server: init/1 returning {ok, State, 0}: handle_info(timeout, ...) runs first.
-module(gs_init_timeout).
-export([main/0, init/1, handle_call/3, handle_info/2]).

main() ->
    {ok, P} = gen_server:start(?MODULE, [], []),
    R = gen_server:call(P, get),
    gen_server:stop(P),
    R.

init([]) -> {ok, [init], 0}.
handle_info(timeout, L) -> io:format("timeout~n"), {noreply, [timeout | L]}.
handle_call(get, _From, L) -> {reply, lists:reverse(L), L}.
