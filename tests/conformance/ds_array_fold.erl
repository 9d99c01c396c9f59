-module(ds_array_fold).
-export([main/0]).
t(F) -> try F() of V -> {ok, V} catch C:R -> {C, R} end.
main() ->
    A = array:set(1001, 2, array:set(21, 1, array:set(0, 0, array:new()))),
    B = array:from_list(lists:seq(1, 37), 0),
    L = fun(I, V, Acc) -> [{I, V} | Acc] end,
    [length(array:foldl(L, [], A)), lists:sublist(array:foldl(L, [], A), 5),
     array:sparse_foldl(L, [], A), lists:sublist(array:foldr(L, [], A), 5),
     array:sparse_foldr(L, [], A), array:foldl(fun(_, V, S) -> S + V end, 0, B),
     array:foldr(fun(I, _, Acc) -> [I | Acc] end, [], B) =:= lists:seq(0, 36),
     array:sparse_foldl(fun(_, _, N) -> N + 1 end, 0, array:from_list([0, 1, 0, 2, 0], 0)),
     array:foldl(L, [], array:new()), array:sparse_foldr(L, [], array:new(10)),
     array:sparse_size(A), array:sparse_size(array:new(8)), array:sparse_size(array:new()),
     array:sparse_size(array:set(7, undefined, array:new())),
     array:sparse_size(array:from_orddict([{3, 0}, {17, 0}, {99, undefined}])),
     array:resize(A), array:size(array:resize(array:set(7, 0, array:new(10)))),
     array:resize(20, array:new(10)), array:resize(5, array:new()), array:resize(0, A),
     array:resize(200, array:relax(array:new(10))), array:resize(200, array:new()),
     t(fun() -> array:foldl(notfun, 0, A) end), t(fun() -> array:foldr(notfun, 0, A) end),
     t(fun() -> array:sparse_foldl(fun(_, _) -> 0 end, 0, A) end),
     t(fun() -> array:sparse_foldr(L, 0, bad) end),
     t(fun() -> array:resize(-1, A) end), t(fun() -> array:resize(a, A) end),
     t(fun() -> array:sparse_size(bad) end)].
