-module(maps_from_list).
-export([main/0]).
t(F) -> try F() catch C:R -> {C, R} end.
main() ->
    [maps:from_list([]), maps:from_list([{a, 1}, {b, 2}, {a, 3}]),
     maps:from_list([{1, x}, {1.0, y}, {1, z}]),
     maps:from_list([{K, K} || K <- [c, b, a, b, c]]),
     t(fun() -> maps:from_list(x) end), t(fun() -> maps:from_list([a]) end),
     t(fun() -> maps:from_list([{a, 1} | b]) end), t(fun() -> maps:from_list([{a, 1, 2}]) end),
     t(fun() -> maps:from_list([{a, 1}, {}]) end), t(fun() -> maps:from_list(#{}) end),
     t(fun() -> maps:from_list(<<"ab">>) end)].
