-module(maps_with_without).
-export([main/0]).
t(F) -> try F() catch C:R -> {C, R} end.
main() ->
    M = #{a => 1, b => 2, c => 3, 1 => one},
    Big = maps:from_list([{I, I * I} || I <- lists:seq(1, 1200)]),
    [maps:with([a, c, x], M), maps:with([], M), maps:with([1.0, 1], M), maps:with([a, a], M),
     maps:without([a, x], M), maps:without([], M), maps:without([a, b, c, 1], M),
     maps:size(maps:with(lists:seq(0, 2400, 2), Big)),
     erlang:phash2(maps:to_list(maps:with(lists:seq(0, 2400, 3), Big))),
     maps:size(maps:without(lists:seq(5, 2400), Big)), maps:without(lists:seq(5, 2400), Big),
     maps:size(maps:without(lists:seq(1, 1168), Big)),
     t(fun() -> maps:with(x, M) end), t(fun() -> maps:with([], x) end), t(fun() -> maps:with(x, y) end),
     t(fun() -> maps:with([a | b], M) end), t(fun() -> maps:without([a | b], M) end),
     t(fun() -> maps:without(x, M) end), t(fun() -> maps:without([], x) end),
     t(fun() -> maps:with(lists:seq(1, 1100) ++ z, Big) end),
     t(fun() -> maps:without(lists:seq(1, 1100) ++ z, Big) end)].
