-module(map_badkey).
-export([main/0]).
%% Updating a missing key with := raises {badkey, K}.
id(X) -> X.
main() ->
    M = id(#{a => 1}),
    M#{b := 2}.
