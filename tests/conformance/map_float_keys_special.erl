-module(map_float_keys_special).
-export([main/0]).
%% Float keys: integral floats, negative numbers, bignums next to floats.
id(X) -> X.
main() ->
    M = (id(#{}))#{id(1.0e20) => a, id(100000000000000000000) => b, id(-1) => c, id(-1.0) => d,
                   id(0.5) => e},
    [M, map_size(M), map_get(100000000000000000000, M), map_get(1.0e20, M), map_get(-1.0, M)].
