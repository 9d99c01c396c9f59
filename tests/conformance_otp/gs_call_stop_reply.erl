%% gen_server: handle_call/3 returning {stop, Reason, Reply, S}: terminate/2 runs before the
%% reply is sent; the caller gets Reply.
-module(gs_call_stop_reply).
-export([main/0, init/1, handle_call/3, terminate/2]).

main() ->
    {ok, P} = gen_server:start(?MODULE, [], []),
    Ref = monitor(process, P),
    R = gen_server:call(P, {stop, normal}),
    io:format("caller got ~p~n", [R]),
    D = receive {'DOWN', Ref, process, _, Why} -> Why end,
    {ok, Q} = gen_server:start(?MODULE, [], []),
    Ref2 = monitor(process, Q),
    R2 = gen_server:call(Q, {stop, {shutdown, done}}),
    D2 = receive {'DOWN', Ref2, process, _, Why2} -> Why2 end,
    {R, D, R2, D2}.

init([]) -> {ok, state}.
handle_call({stop, Why}, _, S) -> {stop, Why, {bye, Why}, S}.
terminate(Why, S) -> io:format("terminate ~p ~p~n", [Why, S]).
