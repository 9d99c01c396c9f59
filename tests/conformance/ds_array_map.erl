-module(ds_array_map).
-export([main/0]).
t(F) -> try F() of V -> {ok, V} catch C:R -> {C, R} end.
main() ->
    A = array:set(1001, 2, array:set(21, 1, array:set(0, 0, array:new()))),
    B = array:from_list(lists:seq(1, 23)),
    Shrunk = array:resize(15, B),
    F = fun(I, V) -> {I, V} end,
    [array:map(F, B), array:sparse_map(F, B), array:map(F, Shrunk), array:sparse_map(F, Shrunk),
     erlang:phash2(array:map(F, A)), array:sparse_map(F, A),
     array:sparse_to_orddict(array:map(fun(_, undefined) -> no; (K, V) -> K + V end, A)),
     array:map(F, array:new()), array:map(F, array:new(3)), array:sparse_map(F, array:new(3)),
     array:map(F, array:new(25, {default, 0})),
     t(fun() -> array:map(notfun, A) end), t(fun() -> array:sparse_map(fun(_) -> x end, A) end),
     t(fun() -> array:map(F, bad) end)].
