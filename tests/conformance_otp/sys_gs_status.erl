%% sys:get_status/1,2 on a registered gen_server (needs the gen_server of
%% lib/): OTP's {status, Pid, {module, gen_server}, [PDict, SysState, Parent,
%% Debug, Misc]} with the header, status and state.
-module(sys_gs_status).
-behaviour(gen_server).
-export([main/0, init/1, handle_call/3, handle_cast/2]).

init(S) -> {ok, S}.
handle_call(get, _From, S) -> {reply, S, S}.
handle_cast(_, S) -> {noreply, S}.

show({status, Pid, Mod, [_PDict, SysState, Parent, Debug, Misc]}, P) ->
    io:format("pid ok: ~p, ~p, ~p, parent is self: ~p, debug ~p~n",
              [Pid =:= P, Mod, SysState, Parent =:= Pid, Debug]),
    [{header, H} | Rest] = Misc,
    io:format("~s~n", [H]),
    [io:format("~p~n", [[{K, case V of _ when is_pid(V) -> pid; _ -> V end} || {K, V} <- D]])
     || {data, D} <- Rest].

main() ->
    {ok, P} = gen_server:start({local, gs_status}, ?MODULE, {my, state}, []),
    show(sys:get_status(gs_status), P),
    sys:suspend(gs_status),
    show(sys:get_status(P, 1000), P),
    sys:resume(gs_status),
    gen_server:stop(P).
