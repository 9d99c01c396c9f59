%% A key-value server with a call protocol: each request carries a fresh reference that tags its reply.
-module(app_kv_server).
-export([main/0]).

main() ->
    S = spawn(fun() -> loop(#{}) end),
    ok = call(S, {put, a, 1}),
    ok = call(S, {put, b, 2}),
    A = call(S, {get, a}),
    B = call(S, {get, zzz}),
    {ok, 1} = call(S, {delete, a}),
    C = call(S, {get, a}),
    D = call(S, keys),
    E = call(S, {bad_request}),
    call(S, stop),
    {A, B, C, D, E}.

call(S, Req) ->
    Ref = make_ref(),
    S ! {call, self(), Ref, Req},
    receive {Ref, Reply} -> Reply end.

loop(M) ->
    receive
        {call, From, Ref, Req} ->
            case handle(Req, M) of
                {stop, Reply} -> From ! {Ref, Reply};
                {Reply, M1} -> From ! {Ref, Reply}, loop(M1)
            end
    end.

handle({put, K, V}, M) -> {ok, M#{K => V}};
handle({get, K}, M) -> {maps:find(K, M), M};
handle({delete, K}, M) -> {maps:find(K, M), maps:remove(K, M)};
handle(keys, M) -> {lists:sort(maps:keys(M)), M};
handle(stop, _M) -> {stop, stopped};
handle(Other, M) -> {{error, {unknown, Other}}, M}.
