-module(ds_dict_errors).
-export([main/0]).
t(F) -> try F() of V -> {ok, V} catch C:R -> {C, R} end.
main() ->
    D = dict:from_list([{a, 1}, {b, [x]}]),
    [t(fun() -> dict:fetch(z, D) end),
     t(fun() -> dict:update(z, fun(X) -> X end, D) end),
     t(fun() -> dict:update_counter(a, x, D) end),
     t(fun() -> dict:update_counter(b, 1, D) end),
     t(fun() -> dict:append(a, 1, D) end),
     t(fun() -> dict:append_list(b, y, D) end),
     t(fun() -> dict:from_list([a]) end),
     t(fun() -> dict:size(notadict) end),
     t(fun() -> dict:fetch(a, notadict) end),
     t(fun() -> dict:store(a, 1, notadict) end),
     t(fun() -> dict:to_list(notadict) end),
     t(fun() -> dict:map(notfun, D) end),
     t(fun() -> dict:filter(fun(_, _) -> maybe end, D) end),
     t(fun() -> dict:fold(fun(_, _) -> x end, 0, D) end),
     t(fun() -> dict:is_empty(notadict) end),
     t(fun() -> dict:find(a, {dict}) end)].
