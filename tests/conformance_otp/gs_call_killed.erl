%% gen_server: the server is killed while a caller waits: the caller exits
%% {killed, {gen_server, call, ...}} (or the signal's reason).
-module(gs_call_killed).
-export([main/0, init/1, handle_call/3]).

main() ->
    {ok, _} = gen_server:start({local, gs_k}, ?MODULE, [], []),
    A = catch gen_server:call(gs_k, {wait, kill}, 5000),
    {ok, _} = gen_server:start({local, gs_k}, ?MODULE, [], []),
    B = catch gen_server:call(gs_k, {wait, some_reason}),
    {A, B}.

init([]) -> {ok, s}.
handle_call({wait, How}, _, S) ->
    Me = self(),
    spawn(fun() -> exit(Me, How) end),
    {noreply, S}.
