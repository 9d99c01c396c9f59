-module(maps_from_keys).
-export([main/0]).
t(F) -> try F() catch C:R -> {C, R} end.
main() ->
    [maps:from_keys([], v), maps:from_keys([a, b, a], 0), maps:from_keys([1, 1.0, <<>>], [x]),
     maps:size(maps:from_keys(lists:seq(1, 1100) ++ lists:seq(1, 100), k)),
     erlang:phash2(maps:to_list(maps:from_keys(lists:seq(1, 1100), v))),
     maps:keys(maps:from_keys([{I} || I <- lists:seq(1, 40)], v)),
     t(fun() -> maps:from_keys(x, 1) end), t(fun() -> maps:from_keys([a | b], 1) end),
     t(fun() -> maps:from_keys(lists:seq(1, 1100) ++ b, 1) end),
     t(fun() -> maps:from_keys(#{a => 1}, 1) end)].
