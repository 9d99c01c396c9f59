-module(map_print).
-export([main/0]).
%% How ~p prints maps: key order, nesting, line breaking of a wide map.
id(X) -> X.
main() ->
    Wide = maps_from([{{key_number, N}, N * 1000} || N <- lists:seq(1, 12)], #{}),
    {#{b => 1, a => 2, 3 => c, "s" => "x", {t} => [1.5]}, Wide,
     #{nested => #{deeper => #{deepest => [1, 2, 3]}}, list => [#{a => 1}, #{b => 2}]}}.
maps_from([], M) -> M;
maps_from([{K, V} | T], M) -> maps_from(T, M#{K => V}).
