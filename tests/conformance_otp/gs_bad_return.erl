%% gen_server: a callback returning something else stops the server with
%% {bad_return_value, Term}; a caller gets it in its exit.
-module(gs_bad_return).
-export([main/0, init/1, handle_call/3, handle_cast/2, handle_info/2, terminate/2]).

main() ->
    {ok, _} = gen_server:start({local, gs_br}, ?MODULE, [], []),
    A = catch gen_server:call(gs_br, bad),
    B = down(fun(P) -> gen_server:cast(P, bad) end),
    C = down(fun(P) -> P ! bad end),
    D = catch (begin {ok, _} = gen_server:start({local, gs_br}, ?MODULE, [], []), gen_server:call(gs_br, {reply, x}) end),
    {A, B, C, D}.

down(F) ->
    {ok, P} = gen_server:start(?MODULE, [], []),
    Ref = monitor(process, P),
    F(P),
    receive {'DOWN', Ref, process, _, Why} -> Why end.

init([]) -> {ok, s}.
handle_call(bad, _, _) -> {reply_typo, x, s};
handle_call({reply, X}, _, _) -> {reply, X}.
handle_cast(bad, _) -> ok.
handle_info(bad, S) -> {noreply, S, 1, 2}.
terminate(Why, S) -> io:format("terminate ~p ~p~n", [Why, S]).
