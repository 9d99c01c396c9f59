-module(dict_assoc).
-export([main/0]).
%% An association-list dictionary with update and delete.
main() -> D0 = [], D1 = put(a, 1, D0), D2 = put(b, 2, D1), D3 = put(a, 10, D2), D4 = del(b, D3), {get(a, D3), get(b, D4), D4}.
put(K, V, []) -> [{K, V}];
put(K, V, [{K, _} | T]) -> [{K, V} | T];
put(K, V, [H | T]) -> [H | put(K, V, T)].
get(K, D) -> case lists:keyfind(K, 1, D) of {K, V} -> {ok, V}; false -> error end.
del(K, D) -> [P || {K2, _} = P <- D, K2 =/= K].
