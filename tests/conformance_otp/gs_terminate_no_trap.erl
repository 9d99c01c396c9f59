%% gen_server: a server not trapping exits dies with its parent's signal without terminate/2;
%% a normal signal from the parent is ignored.
-module(gs_terminate_no_trap).
-export([main/0, init/1, handle_call/3, terminate/2]).

main() ->
    Self = self(),
    Parent = spawn(fun() ->
        {ok, P} = gen_server:start_link(?MODULE, [], []),
        Self ! {server, P},
        receive {go, R} -> exit(R) end
    end),
    P = receive {server, S} -> S end,
    Ref = monitor(process, P),
    Parent ! {go, normal},
    Alive = gen_server:call(P, ping),
    exit(P, other),
    D = receive {'DOWN', Ref, process, _, Why} -> Why end,
    {Alive, D}.

init([]) -> {ok, s}.
handle_call(ping, _, S) -> {reply, pong, S}.
terminate(Why, _) -> io:format("terminate ~p~n", [Why]).
