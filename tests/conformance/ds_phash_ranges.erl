-module(ds_phash_ranges).
-export([main/0]).
t(F) -> try F() of V -> {ok, V} catch C:R -> {C, R} end.
main() ->
    Ranges = [1, 2, 3, 7, 16, 100, 1000, 65536, 1 bsl 31, (1 bsl 32) - 1, 1 bsl 32],
    Terms = [x, 12345, "abc", {1, 2}, <<"bin">>, 2.5, [], -99999999999],
    [[erlang:phash(T, R) || R <- Ranges] || T <- Terms] ++
    [t(fun() -> erlang:phash(a, 0) end), t(fun() -> erlang:phash(a, -1) end),
     t(fun() -> erlang:phash(a, (1 bsl 32) + 1) end), t(fun() -> erlang:phash(a, 1.0) end),
     t(fun() -> erlang:phash(a, b) end), t(fun() -> erlang:phash(a, 1 bsl 64) end)].
