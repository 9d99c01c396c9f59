-module(maps_update_semantics).
-export([main/0]).
t(F) -> try F() catch C:R -> {C, R} end.
main() ->
    Big = maps:from_list([{I, I} || I <- lists:seq(1, 100)]),
    B2 = maps:update(50, fifty, Big),
    [maps:get(50, B2), maps:size(B2), maps:update(1, 1, Big) =:= Big,
     t(fun() -> maps:update(101, x, Big) end), t(fun() -> maps:update(1.0, x, Big) end),
     maps:put(1.0, float, #{1 => int}), maps:update(1, x, #{1 => a, 1.0 => b}),
     maps:remove(1.0, #{1 => a}), maps:remove(1, #{1 => a, 1.0 => b}),
     maps:take(1.0, #{1 => a, 1.0 => b}),
     maps:get(100, maps:remove(99, Big)), maps:is_key(99, maps:remove(99, Big)),
     t(fun() -> maps:get(99, maps:remove(99, Big)) end)].
