-module(maps_proplists).
-export([main/0]).
t(F) -> try F() catch C:R -> {C, R} end.
main() ->
    [proplists:to_map([a, {b, 1}, {a, 2}, {c, 1, 2}, c, "str", {d}, {c, 5}]),
     proplists:to_map([{a, 1}, {a, 2}]), proplists:to_map([{c, 1, 2}, {c, 3}]),
     proplists:to_map([{c, 3}, {c, 1, 2}]), proplists:to_map([]),
     proplists:to_map([{I, I} || I <- lists:seq(1, 40)]) =:= maps:from_list([{I, I} || I <- lists:seq(1, 40)]),
     t(fun() -> proplists:to_map(x) end), t(fun() -> proplists:to_map([a | b]) end),
     t(fun() -> proplists:from_map(x) end), proplists:from_map(#{a => 1, b => 2}),
     proplists:from_map(#{}),
     proplists:from_map(maps:from_list([{I, I} || I <- lists:seq(1, 40)])),
     proplists:to_map([a, {b, false}, no_c], [{negations, [{no_c, c}]}]),
     proplists:to_map([a, {b, 1}], [{aliases, [{a, x}]}]),
     proplists:to_map([a, {b, 1}], [{expand, [{a, [{x, 1}, {y, 2}]}]}]),
     proplists:to_map([a, {b, 1}], []),
     t(fun() -> proplists:to_map([a], x) end), t(fun() -> proplists:to_map(x, []) end)].
