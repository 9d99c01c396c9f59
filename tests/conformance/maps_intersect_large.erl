-module(maps_intersect_large).
-export([main/0]).
main() ->
    A = maps:from_list([{<<I:32>>, I} || I <- lists:seq(1, 300)]),
    B = maps:from_list([{<<I:32>>, -I} || I <- lists:seq(250, 400)]),
    [maps:to_list(maps:intersect(A, B)), maps:to_list(maps:intersect(B, A)),
     maps:to_list(maps:intersect_with(fun(_, X, Y) -> X + Y end, A, B)),
     maps:keys(maps:intersect_with(fun(K, _, _) -> K end, B, A)),
     maps:intersect(A, #{}), maps:intersect(#{<<1:32>> => x}, A)].
