%% gen_server: stop/3 with an abnormal reason still returns ok (the process exits with it).
-module(gs_stop_abnormal).
-export([main/0, init/1, terminate/2]).

main() ->
    {ok, P} = gen_server:start(?MODULE, [], []),
    Ref = monitor(process, P),
    A = gen_server:stop(P, {custom, 1}, infinity),
    D = receive {'DOWN', Ref, process, _, Why} -> Why end,
    {A, D}.

init([]) -> {ok, s}.
terminate(Why, _) -> io:format("terminate ~p~n", [Why]).
