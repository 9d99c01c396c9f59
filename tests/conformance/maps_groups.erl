-module(maps_groups).
-export([main/0]).
t(F) -> try F() catch C:R -> {C, R} end.
main() ->
    L = lists:seq(1, 20),
    [maps:groups_from_list(fun(X) -> X rem 3 end, L),
     maps:groups_from_list(fun(S) -> length(S) end, ["a", "bb", "c", "dd", "eee"]),
     maps:groups_from_list(fun(X) -> X rem 2 end, fun(X) -> X * X end, L),
     maps:groups_from_list(fun(X) -> X end, []),
     maps:groups_from_list(fun(X) -> X end, fun(X) -> X end, []),
     maps:groups_from_list(fun(X) -> X rem 40 end, lists:seq(1, 100)),
     t(fun() -> maps:groups_from_list(x, L) end), t(fun() -> maps:groups_from_list(fun(X) -> X end, x) end),
     t(fun() -> maps:groups_from_list(fun(X) -> X end, [a | b]) end),
     t(fun() -> maps:groups_from_list(fun(X) -> X end, x, L) end),
     t(fun() -> maps:groups_from_list(fun(X) -> X end, fun(X) -> X end, [a | b]) end),
     t(fun() -> maps:groups_from_list(fun(X) -> X end, fun(X) -> X end, x) end),
     t(fun() -> maps:groups_from_list(fun(_) -> throw(k) end, L) end),
     t(fun() -> maps:groups_from_list(fun(X, _) -> X end, L) end)].
