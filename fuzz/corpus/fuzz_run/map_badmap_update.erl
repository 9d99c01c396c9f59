-module(map_badmap_update).
-export([main/0]).
%% Updating something that is not a map raises {badmap, V}.
id(X) -> X.
main() ->
    L = id([1, 2]),
    L#{a => 1}.
