-module(ds_sets_grow).
-export([main/0]).
main() ->
    S = sets:from_list(lists:seq(1, 1000)),
    Odd = sets:filter(fun(X) -> X rem 2 =:= 1 end, S),
    Shrunk = lists:foldl(fun(X, A) -> sets:del_element(X, A) end, S, lists:seq(5, 1000)),
    [sets:size(S), erlang:phash2(sets:to_list(S)), lists:sublist(sets:to_list(S), 25),
     erlang:phash2(S), sets:size(Odd), erlang:phash2(Odd), lists:sublist(sets:to_list(Odd), 10),
     Shrunk, sets:to_list(Shrunk)].
