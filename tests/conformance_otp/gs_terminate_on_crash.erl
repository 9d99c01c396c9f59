%% gen_server: terminate/2 is called on a callback crash even when not trapping exits.
-module(gs_terminate_on_crash).
-export([main/0, init/1, handle_call/3, handle_info/2, terminate/2]).

main() ->
    {ok, P} = gen_server:start(?MODULE, [], []),
    Ref = monitor(process, P),
    P ! crash,
    {{badmatch, nope}, _} = receive {'DOWN', Ref, process, _, Why} -> Why end,
    done.

init([]) -> {ok, state0}.
handle_call(_, _, S) -> {reply, ok, S}.
handle_info(crash, S) -> yes = nope(), {noreply, S}.
terminate({{badmatch, V}, St}, S) when is_list(St) -> io:format("terminate badmatch ~p in ~p~n", [V, S]).
nope() -> nope.
