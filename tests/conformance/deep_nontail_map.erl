-module(deep_nontail_map).
-export([main/0]).
main() -> L = mymap(fun(X) -> X + 1 end, lists:seq(1, 50000)), {length(L), hd(L)}.
mymap(_, []) -> [];
mymap(F, [H | T]) -> [F(H) | mymap(F, T)].
