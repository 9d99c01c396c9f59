-module(maps_remove_take).
-export([main/0]).
t(F) -> try F() catch C:R -> {C, R} end.
main() ->
    M = #{a => 1, b => 2, c => 3},
    [maps:remove(a, M), maps:remove(x, M), maps:remove(a, #{}),
     maps:take(b, M), maps:take(x, M), maps:take(a, #{a => 1}),
     t(fun() -> maps:remove(a, x) end), t(fun() -> maps:take(a, x) end),
     t(fun() -> maps:take(a, [a]) end)].
