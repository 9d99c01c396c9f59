-module(maps_put_update).
-export([main/0]).
t(F) -> try F() catch C:R -> {C, R} end.
main() ->
    M0 = maps:new(),
    M1 = maps:put(a, 1, M0),
    M2 = maps:put(b, 2, M1),
    M3 = maps:put(a, 10, M2),
    M4 = maps:update(b, 20, M3),
    [M0, M1, M2, M3, M4, maps:put(1, x, #{1.0 => y}),
     t(fun() -> maps:update(c, 1, M4) end), t(fun() -> maps:update(c, 1, x) end),
     t(fun() -> maps:put(c, 1, x) end), t(fun() -> maps:put(c, 1, <<>>) end),
     maps:update(a, a, #{a => b}), maps:put(a, b, #{a => b}) =:= #{a => b}].
