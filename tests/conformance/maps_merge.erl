-module(maps_merge).
-export([main/0]).
t(F) -> try F() catch C:R -> {C, R} end.
main() ->
    A = #{a => 1, b => 2, c => 3},
    B = #{b => 20, d => 40},
    Big1 = maps:from_list([{I, left} || I <- lists:seq(1, 1200)]),
    Big2 = maps:from_list([{I, right} || I <- lists:seq(800, 2000)]),
    M12 = maps:merge(Big1, Big2), M21 = maps:merge(Big2, Big1),
    [maps:merge(A, B), maps:merge(B, A), maps:merge(#{}, A), maps:merge(A, #{}),
     maps:merge(#{1 => a}, #{1.0 => b}),
     maps:size(M12), maps:get(1, M12), maps:get(1000, M12), maps:get(2000, M12),
     maps:get(1000, M21), maps:get(799, M21),
     erlang:phash2(maps:to_list(M12)), erlang:phash2(maps:to_list(M21)),
     maps:merge(Big1, #{1 => x, 99999 => y}) =:= maps:put(99999, y, maps:put(1, x, Big1)),
     maps:merge(#{1 => x, 99999 => y}, Big1) =:= maps:put(99999, y, Big1),
     t(fun() -> maps:merge(x, A) end), t(fun() -> maps:merge(A, y) end), t(fun() -> maps:merge(x, y) end)].
