-module(map_zero_keys).
-export([main/0]).
%% 0.0 and -0.0 are the same key in OTP 25: the first key stays, the last value wins.
id(X) -> X.
main() ->
    [#{0.0 => a, -0.0 => b}, #{id(0.0) => a, id(-0.0) => b}, (id(#{0.0 => a}))#{-0.0 => c},
     case id(#{0.0 => x}) of #{-0.0 := V} -> V; _ -> no end, is_map_key(-0.0, #{0.0 => 1})].
