-module(maps_update_with).
-export([main/0]).
t(F) -> try F() catch C:R -> {C, R} end.
main() ->
    M = #{a => 1, b => 2},
    Inc = fun(V) -> V + 1 end,
    [maps:update_with(a, Inc, M), maps:update_with(b, fun(V) -> [V] end, M),
     maps:update_with(c, Inc, 0, M), maps:update_with(a, Inc, 0, M),
     t(fun() -> maps:update_with(c, Inc, M) end), t(fun() -> maps:update_with(a, Inc, x) end),
     t(fun() -> maps:update_with(a, x, M) end), t(fun() -> maps:update_with(a, x, 0, M) end),
     t(fun() -> maps:update_with(a, Inc, 0, x) end), t(fun() -> maps:update_with(a, fun(_, _) -> 1 end, M) end),
     t(fun() -> maps:update_with(a, fun(_) -> error(inner) end, M) end),
     t(fun() -> maps:update_with(c, x, 0, x) end),
     maps:get(17, maps:update_with(17, Inc, maps:from_list([{I, I} || I <- lists:seq(1, 40)])))].
