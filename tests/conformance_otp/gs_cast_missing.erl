%% gen_server: a cast to a module without handle_cast/2 crashes the server with undef.
-module(gs_cast_missing).
-export([main/0, init/1, handle_call/3, terminate/2]).

main() ->
    {ok, P} = gen_server:start(?MODULE, [], []),
    Ref = monitor(process, P),
    gen_server:cast(P, hello),
    receive {'DOWN', Ref, process, _, {undef, [{M, F, A, _} | _]}} -> {undef, M, F, A} end.

init([]) -> {ok, s}.
handle_call(ping, _, S) -> {reply, pong, S}.
terminate({undef, [{M, F, A, _} | _]}, S) -> io:format("terminate undef ~p:~p/~p in ~p~n", [M, F, length(A), S]).
