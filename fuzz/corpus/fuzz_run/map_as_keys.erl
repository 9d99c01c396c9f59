-module(map_as_keys).
-export([main/0]).
%% Maps as keys of maps and in patterns.
id(X) -> X.
main() ->
    K1 = id(#{a => 1}), K2 = id(#{a => 1.0}),
    M = #{K1 => one, K2 => onef, #{} => empty},
    #{K1 := V1} = M,
    [M, V1, map_get(K2, M), map_get(#{}, M), is_map_key(#{a => 2}, M), map_size(M)].
