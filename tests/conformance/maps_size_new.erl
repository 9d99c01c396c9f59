-module(maps_size_new).
-export([main/0]).
t(F) -> try F() catch C:R -> {C, R} end.
main() ->
    Big = maps:from_list([{I, I} || I <- lists:seq(1, 100)]),
    [maps:size(#{}), maps:size(#{a => 1}), maps:size(Big), maps:new(), maps:size(maps:new()),
     t(fun() -> maps:size(x) end), t(fun() -> maps:size([]) end), t(fun() -> maps:size({}) end)].
