%% gen_server: stop/1 and stop/3: terminate/2 runs with the reason before stop returns ok.
-module(gs_stop).
-export([main/0, init/1, terminate/2]).

main() ->
    {ok, P} = gen_server:start(?MODULE, one, []),
    A = gen_server:stop(P),
    io:format("stopped one~n"),
    {ok, _} = gen_server:start({local, gs_two}, ?MODULE, two, []),
    B = gen_server:stop(gs_two, {shutdown, because}, infinity),
    {ok, Q} = gen_server:start(?MODULE, three, []),
    Ref = monitor(process, Q),
    C = gen_server:stop(Q, shutdown, 5000),
    D = receive {'DOWN', Ref, process, _, Why} -> Why end,
    {A, B, C, D, whereis(gs_two)}.

init(N) -> {ok, N}.
terminate(Why, N) -> io:format("terminate ~p ~p~n", [N, Why]).
