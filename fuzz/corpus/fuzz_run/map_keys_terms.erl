-module(map_keys_terms).
-export([main/0]).
%% Any term is a key: tuples, lists, maps, funs are compared by value.
id(X) -> X.
main() ->
    M = #{{1, 2} => tuple, [1, 2] => list, #{a => 1} => map, "abc" => string, [] => nil,
          123456789012345678901234567890 => big, -5 => neg, 2.5 => float},
    [maps_get({1, 2}, M), maps_get(id([1, 2]), M), maps_get(id(#{a => 1}), M), maps_get("abc", M),
     maps_get(id([]), M), maps_get(id(123456789012345678901234567890), M), maps_get(-5, M),
     maps_get(2.5, M), map_size(M), M].
maps_get(K, M) -> case M of #{K := V} -> V; _ -> missing end.
