-module(ds_dict_update).
-export([main/0]).
t(F) -> try F() of V -> {ok, V} catch C:R -> {C, tag(R)} end.
tag({badarity, _}) -> badarity;
tag({badfun, _}) -> badfun;
tag(R) -> R.
main() ->
    D = dict:from_list([{K, K} || K <- [a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r]]),
    U = dict:update(h, fun(V) -> {V, V} end, D),
    U4 = dict:update(zz, fun(V) -> V end, 0, U),
    [dict:to_list(U), dict:to_list(U4), U4, dict:fetch_keys(U4),
     dict:fold(fun(K, _, Acc) -> [K | Acc] end, [], U4),
     t(fun() -> dict:update(missing, fun(V) -> V end, D) end),
     t(fun() -> dict:update(a, fun(_) -> erlang:error(inner) end, D) end),
     t(fun() -> dict:update(a, fun(_, _) -> x end, D) end),
     t(fun() -> dict:update(a, notfun, 0, D) end),
     t(fun() -> dict:update(new, notfun, 0, dict:new()) end),
     t(fun() -> dict:update(a, notfun, D) end),
     t(fun() -> dict:update(new, fun(_, _) -> x end, 0, dict:new()) end),
     t(fun() -> dict:update_counter(a, 1, notadict) end),
     t(fun() -> dict:append(a, 1, notadict) end),
     t(fun() -> dict:erase(a, notadict) end),
     t(fun() -> dict:take(a, notadict) end),
     t(fun() -> dict:merge(fun(_, A, _) -> A end, D, notadict) end),
     t(fun() -> dict:filter(notfun, D) end),
     t(fun() -> dict:is_key(a, notadict) end),
     t(fun() -> dict:fetch_keys(notadict) end)].
