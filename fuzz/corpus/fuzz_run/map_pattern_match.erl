-module(map_pattern_match).
-export([main/0]).
%% Map patterns with = (badmatch on failure).
id(X) -> X.
main() ->
    #{a := A, b := [H | _]} = id(#{a => 1, b => [2, 3], c => 4}),
    #{} = id(#{x => 1}),
    M = #{k := K} = id(#{k => v}),
    R = try #{missing := _} = id(#{a => 1}) catch error:E -> E end,
    {A, H, K, M, R}.
