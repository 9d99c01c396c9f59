%% sys:get_status/1,2 on a registered gen_event manager: OTP's shape
%% {status, Pid, {module, gen_event}, [PDict, SysState, Parent, Debug, Misc]}
%% with the header, the status and the installed handlers; suspended shows.
-module(sys_event_status).
-export([main/0, init/1, handle_event/2, handle_call/2]).

init(S) -> {ok, S}.
handle_event(_, S) -> {ok, S}.
handle_call(get, S) -> {ok, S, S}.

show({status, Pid, Mod, [_PDict, SysState, Parent, Debug, Misc]}, M) ->
    io:format("pid ok: ~p, module: ~p, sysstate: ~p, parent is self: ~p, debug: ~p~n",
              [Pid =:= M, Mod, SysState, Parent =:= M, Debug]),
    [{header, H}, {data, Data}, {items, {Title, Handlers}}] = Misc,
    io:format("~s~n", [H]),
    [io:format("~s: ~p~n", [K, case V of _ when is_pid(V) -> pid; _ -> V end]) || {K, V} <- Data],
    io:format("~s: ~p~n", [Title, [{handler, HM, HI, HS, is_pid(Sup)} || {handler, HM, HI, HS, Sup} <- Handlers]]).

main() ->
    {ok, M} = gen_event:start({local, status_mgr}),
    show(sys:get_status(status_mgr), M),
    ok = gen_event:add_handler(status_mgr, ?MODULE, one),
    ok = gen_event:add_sup_handler(status_mgr, {?MODULE, 2}, {two, [2]}),
    show(sys:get_status(M, 2000), M),
    sys:suspend(M),
    show(sys:get_status(M), M),
    sys:resume(M),
    gen_event:stop(M).
