-module(map_dup_keys).
-export([main/0]).
%% Later duplicate keys win, for literal and computed keys.
id(X) -> X.
main() ->
    K = id(k),
    [#{a => 1, a => 2}, #{K => 1, k => 2}, #{k => 1, K => 2}, #{K => 1, K => 2, K => 3},
     #{id(1) => a, id(1) => b}, map_size(#{K => 1, K => 2})].
