-module(maps_list_keys).
-export([main/0]).
main() ->
    M = maps:from_list([{lists:seq(1, I), I} || I <- lists:seq(0, 45)]),
    T = maps:from_list([{{I, [I], <<I>>}, I} || I <- lists:seq(1, 45)]),
    [maps:keys(M), maps:get([1, 2, 3], M), maps:get([], M),
     maps:values(T), maps:get({7, [7], <<7>>}, T),
     maps:fold(fun(_, V, A) -> A + V end, 0, T),
     maps:keys(maps:from_list([{[I | I], x} || I <- lists:seq(1, 40)]))].
