-module(ds_array_list).
-export([main/0]).
t(F) -> try F() of V -> {ok, V} catch C:R -> {C, R} end.
main() ->
    Ls = [[], [a], lists:seq(1, 10), lists:seq(1, 11), lists:seq(1, 100), lists:seq(1, 101),
          lists:seq(1, 250)],
    [[array:from_list(L) || L <- Ls],
     array:from_list([1, 2, 3], z), array:from_list([], z),
     [array:to_list(array:from_list(L)) =:= L || L <- Ls],
     erlang:phash2(array:from_list(lists:seq(1, 1234))),
     array:to_list(array:from_list(lists:seq(1, 1234))) =:= lists:seq(1, 1234),
     array:sparse_to_list(array:from_list([a, undefined, b, undefined])),
     array:to_list(array:new(3)), array:to_list(array:new(12, {default, 0})),
     array:sparse_to_list(array:set(130, x, array:set(3, y, array:new()))),
     array:to_orddict(array:from_list([a, b, c])),
     array:sparse_to_orddict(array:set(130, x, array:set(3, y, array:new()))),
     array:to_list(array:resize(3, array:from_list([1, 2, 3, 4, 5]))),
     t(fun() -> array:from_list([a, b | c]) end), t(fun() -> array:from_list(notalist) end),
     t(fun() -> array:to_list(notarray) end), t(fun() -> array:sparse_to_list(x) end),
     t(fun() -> array:to_orddict(x) end), t(fun() -> array:sparse_to_orddict(x) end),
     array:to_list(array:new()), array:sparse_to_orddict(array:new(5))].
