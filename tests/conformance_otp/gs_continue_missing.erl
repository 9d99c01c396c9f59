%% gen_server: {continue, C} with no handle_continue/2 exported crashes with undef.
-module(gs_continue_missing).
-export([main/0, init/1, handle_call/3]).

main() ->
    {ok, {_, Ref}} = gen_server:start_monitor(?MODULE, [], []),
    receive {'DOWN', Ref, process, _, {undef, [{M, F, A, _} | _]}} -> {undef, M, F, A} end.

init([]) -> {ok, s, {continue, go}}.
handle_call(ping, _, S) -> {reply, pong, S}.
