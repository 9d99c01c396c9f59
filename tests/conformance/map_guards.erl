-module(map_guards).
-export([main/0]).
%% is_map, map_size, is_map_key and map_get in guards.
id(X) -> X.
g(M) when is_map(M), map_size(M) > 2 -> big;
g(M) when is_map_key(a, M), map_get(a, M) =:= 1 -> a_is_one;
g(M) when is_map(M) -> map;
g(_) -> other.
h(X) when map_size(X) =:= 0 -> empty;
h(X) when map_get(k, X) > 0 -> positive;
h(_) -> no.
main() ->
    [g(id(#{a => 1, b => 2, c => 3})), g(id(#{a => 1})), g(id(#{a => 2})), g(id(#{})), g(id(3)),
     h(id(#{})), h(id(#{k => 5})), h(id(#{k => -5})), h(id(#{j => 5})), h(id(not_a_map)), h(id(#{k => x}))].
