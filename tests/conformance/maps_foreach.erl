-module(maps_foreach).
-export([main/0]).
t(F) -> try F() catch C:R -> {C, R} end.
main() ->
    M = #{a => 1, b => 2},
    [maps:foreach(fun(_, _) -> ok end, M), maps:foreach(fun(_, _) -> ok end, #{}),
     maps:foreach(fun(_, _) -> ok end, maps:iterator(M)),
     t(fun() -> maps:foreach(fun(K, _) -> throw(K) end, M) end),
     t(fun() -> maps:foreach(fun(K, _) -> throw(K) end, maps:from_list([{I, I} || I <- lists:seq(1, 50)])) end),
     t(fun() -> maps:foreach(fun(_, _) -> ok end, x) end), t(fun() -> maps:foreach(x, M) end),
     t(fun() -> maps:foreach(fun(_) -> ok end, M) end)].
