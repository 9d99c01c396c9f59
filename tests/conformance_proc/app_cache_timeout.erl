%% A cache process that forgets entries when a timer (start_timer) expires; lookups before and after.
-module(app_cache_timeout).
-export([main/0]).

main() ->
    C = spawn(fun() -> cache(#{}) end),
    call(C, {put, k, v, 40}),
    A = call(C, {get, k}),
    receive after 80 -> ok end,
    B = call(C, {get, k}),
    {A, B}.

call(C, Req) ->
    Ref = make_ref(),
    C ! {Ref, self(), Req},
    receive {Ref, R} -> R end.

cache(M) ->
    receive
        {Ref, From, {put, K, V, Ttl}} ->
            erlang:start_timer(Ttl, self(), {expire, K}),
            From ! {Ref, ok},
            cache(M#{K => V});
        {Ref, From, {get, K}} ->
            From ! {Ref, maps:find(K, M)},
            cache(M);
        {timeout, _T, {expire, K}} ->
            cache(maps:remove(K, M))
    end.
