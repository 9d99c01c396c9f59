%% gen_server: start_monitor/3,4 return {ok, {Pid, Ref}}; the monitor reports the exit;
%% a failed start returns {error, R} and leaves no 'DOWN' behind.
-module(gs_start_monitor).
-export([main/0, init/1, handle_call/3]).

main() ->
    {ok, {P, Ref}} = gen_server:start_monitor(?MODULE, ok, []),
    A = {is_pid(P), is_reference(Ref)},
    ok = gen_server:stop(P, {shutdown, m}, infinity),
    D = receive {'DOWN', Ref, process, P, Why} -> Why end,
    {ok, {Q, Ref2}} = gen_server:start_monitor({local, gs_mon}, ?MODULE, ok, []),
    B = gen_server:call(gs_mon, ping),
    exit(Q, kill),
    D2 = receive {'DOWN', Ref2, process, _, Why2} -> Why2 end,
    E = gen_server:start_monitor(?MODULE, {stop, no}, []),
    F = gen_server:start_monitor(?MODULE, ignore, []),
    Left = receive X -> {left, X} after 50 -> nothing end,
    {A, D, B, D2, E, F, Left}.

init(ok) -> {ok, s};
init(Other) -> Other.
handle_call(ping, _, S) -> {reply, pong, S}.
