%% gen_server: a callback may throw its return value (OTP catches throw and uses the value).
-module(gs_call_throw).
-export([main/0, init/1, handle_call/3, handle_cast/2, handle_info/2]).

main() ->
    {ok, P} = gen_server:start(?MODULE, 0, []),
    A = gen_server:call(P, thrown_reply),
    gen_server:cast(P, thrown_noreply),
    P ! thrown_info,
    B = gen_server:call(P, get),
    Ref = monitor(process, P),
    C = catch gen_server:call(P, thrown_stop),
    D = receive {'DOWN', Ref, process, _, Why} -> Why end,
    {A, B, C, D}.

init(N) -> {ok, N}.
handle_call(thrown_reply, _, N) -> throw({reply, from_throw, N + 1});
handle_call(thrown_stop, _, N) -> throw({stop, normal, stopped_by_throw, N});
handle_call(get, _, N) -> {reply, N, N}.
handle_cast(thrown_noreply, N) -> throw({noreply, N + 10}).
handle_info(thrown_info, N) -> throw({noreply, N + 100}).
