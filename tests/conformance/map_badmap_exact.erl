-module(map_badmap_exact).
-export([main/0]).
%% := on a non-map: {badmap, V} (checked before the keys).
id(X) -> X.
main() ->
    T = id({a, 1}),
    T#{a := 1}.
