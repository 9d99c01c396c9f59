%% gen_server: a server calling itself exits with {calling_self, {gen_server, call, ...}}.
-module(gs_call_self).
-export([main/0, init/1, handle_call/3]).

main() ->
    {ok, _} = gen_server:start({local, gs_me}, ?MODULE, [], []),
    gen_server:call(gs_me, loop_back).

init([]) -> {ok, s}.
handle_call(loop_back, _, S) ->
    R = try gen_server:call(gs_me, inner) catch exit:E -> E end,
    {reply, R, S}.
