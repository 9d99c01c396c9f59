-module(map_get_badkey).
-export([main/0]).
%% map_get on a missing key raises {badkey, K}.
id(X) -> X.
main() -> map_get(missing, id(#{a => 1})).
