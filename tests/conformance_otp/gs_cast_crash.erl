%% gen_server: handle_cast/2 raising: terminate/2 gets the reason ({R, Stack} for error,
%% R for exit), the process exits with it.
-module(gs_cast_crash).
-export([main/0, init/1, handle_cast/2, terminate/2]).

main() ->
    [run(K) || K <- [error, exit, throw_bad, exit_normal, exit_shutdown]].

run(K) ->
    {ok, P} = gen_server:start(?MODULE, K, []),
    Ref = monitor(process, P),
    gen_server:cast(P, go),
    receive {'DOWN', Ref, process, _, Why} -> {K, short(Why)} end.

init(K) -> {ok, K}.
handle_cast(go, error) -> erlang:error(bad_thing);
handle_cast(go, exit) -> exit(left);
handle_cast(go, throw_bad) -> throw(not_a_return);
handle_cast(go, exit_normal) -> exit(normal);
handle_cast(go, exit_shutdown) -> exit({shutdown, fine}).
terminate(Why, K) -> io:format("terminate ~p: ~p~n", [K, short(Why)]).

short({R, [T | _]}) when is_tuple(T) -> {R, stack};
short(R) -> R.
