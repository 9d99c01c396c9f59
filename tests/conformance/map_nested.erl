-module(map_nested).
-export([main/0]).
%% Nested maps: build, update deep, match deep.
id(X) -> X.
set_in(M, [K], V) -> M#{K => V};
set_in(M, [K | Ks], V) ->
    Inner = case M of #{K := I} -> I; _ -> #{} end,
    M#{K => set_in(Inner, Ks, V)}.
get_in(M, []) -> M;
get_in(#{} = M, [K | Ks]) ->
    case M of #{K := V} -> get_in(V, Ks); _ -> undefined end;
get_in(_, _) -> undefined.
main() ->
    M0 = id(#{}),
    M1 = set_in(M0, [a, b, c], 1),
    M2 = set_in(M1, [a, b, d], 2),
    M3 = set_in(M2, [a, x], 3),
    #{a := #{b := #{c := C}}} = M3,
    [M1, M2, M3, C, get_in(M3, [a, b, d]), get_in(M3, [a, q]), get_in(M3, [a, b, c, z])].
