-module(maps_nested).
-export([main/0]).
main() ->
    Inner = #{x => 1, y => #{z => 2}},
    M = #{inner => Inner, list => [Inner], #{k => 1} => map_key, {Inner} => tup},
    M2 = maps:update_with(inner, fun(I) -> maps:put(w, 0, I) end, M),
    Deep = lists:foldl(fun(I, Acc) -> #{I => Acc} end, #{}, lists:seq(1, 20)),
    Big = maps:from_list([{#{I => I}, I} || I <- lists:seq(1, 50)]),
    BigV = maps:from_list([{I, #{v => I}} || I <- lists:seq(1, 40)]),
    [maps:get(#{k => 1}, M), maps:get({Inner}, M), maps:find(#{k => 1.0}, M), M2,
     maps:get(z, maps:get(y, maps:get(inner, M2))), Deep,
     maps:keys(Big), maps:get(#{7 => 7}, Big),
     maps:fold(fun(_, #{v := V}, A) -> A + V end, 0, BigV),
     maps:map(fun(K, V) -> maps:put(k, K, V) end, #{1 => #{}, 2 => #{a => b}}),
     maps:merge(#{a => #{b => 1}}, #{a => #{c => 2}}),
     maps:with([#{k => 1}], M), maps:to_list(maps:without([inner, list], M))].
