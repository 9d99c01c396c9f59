%% gen_server: handle_call/3 returning {noreply, S}; the reply comes later via gen_server:reply/2
%% (from the server on a cast, and from another process).
-module(gs_call_noreply).
-export([main/0, init/1, handle_call/3, handle_cast/2]).

main() ->
    {ok, P} = gen_server:start({local, gs_nr}, ?MODULE, [], []),
    Self = self(),
    spawn(fun() -> Self ! {first, gen_server:call(gs_nr, first)} end),
    spawn(fun() -> Self ! {second, gen_server:call(gs_nr, second)} end),
    wait_pending(2),
    gen_server:cast(gs_nr, release),
    R = [receive {K, V} -> {K, V} end || K <- [first, second]],
    Direct = gen_server:call(gs_nr, delegate),
    gen_server:stop(P),
    {R, Direct}.

wait_pending(N) ->
    case gen_server:call(gs_nr, pending) of
        N -> ok;
        _ -> receive after 5 -> wait_pending(N) end
    end.

init([]) -> {ok, []}.
handle_call(pending, _, L) -> {reply, length(L), L};
handle_call(delegate, From, L) ->
    spawn(fun() -> gen_server:reply(From, {delegated, ok}) end),
    {noreply, L};
handle_call(Req, From, L) -> {noreply, L ++ [{Req, From}], infinity}.
handle_cast(release, L) ->
    [gen_server:reply(From, {released, Req}) || {Req, From} <- L],
    {noreply, []}.
