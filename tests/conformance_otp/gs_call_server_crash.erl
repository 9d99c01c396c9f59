%% gen_server: the server dies while handling a call: the caller exits with the server's
%% reason wrapped in {Reason, {gen_server, call, [Server, Request]}}.
-module(gs_call_server_crash).
-export([main/0, init/1, handle_call/3, terminate/2]).

main() ->
    {ok, _} = gen_server:start({local, gs_cr}, ?MODULE, [], []),
    A = catch gen_server:call(gs_cr, {exit, boom}),
    {ok, _} = gen_server:start({local, gs_cr}, ?MODULE, [], []),
    B = try gen_server:call(gs_cr, divide)
        catch exit:{{badarith, St}, {gen_server, call, [gs_cr, divide]}} when is_list(St) -> badarith
        end,
    {ok, _} = gen_server:start({local, gs_cr}, ?MODULE, [], []),
    C = try gen_server:call(gs_cr, nomatch)
        catch exit:{{function_clause, _}, {gen_server, call, [gs_cr, nomatch]}} -> function_clause
        end,
    {A, B, C}.

init([]) -> {ok, 0}.
handle_call({exit, R}, _, _) -> exit(R);
handle_call(divide, _, N) -> {reply, 1 div N, N}.
terminate(Reason, _) ->
    io:format("terminate ~p~n", [short(Reason)]).
short({R, L}) when is_list(L) -> R;
short(R) -> R.
