-module(map_key_vars).
-export([main/0]).
%% Keys in patterns: bound variables, literals, and guard expressions of them.
id(X) -> X.
lookup(K, M) -> case M of #{K := V} -> {found, V}; #{} -> not_found end.
pair(K1, K2, M) -> case M of #{K1 := A, K2 := B} -> {A, B}; _ -> nope end.
tupkey(N, M) -> case M of #{{N, N} := V} -> V; _ -> none end.
main() ->
    M = id(#{1 => a, 2 => b, {3, 3} => c, "k" => d}),
    [lookup(1, M), lookup(9, M), lookup("k", M), pair(1, 2, M), pair(1, 7, M), tupkey(3, M), tupkey(4, M),
     pair(1, 1, M)].
