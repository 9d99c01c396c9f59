-module(map_size_badmap).
-export([main/0]).
%% map_size of a non-map raises {badmap, V}.
id(X) -> X.
main() -> map_size(id({not_a, map})).
