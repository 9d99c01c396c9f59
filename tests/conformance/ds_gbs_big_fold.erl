-module(ds_gbs_big_fold).
-export([main/0]).
main() ->
    S = gb_sets:from_list([(I * 613) rem 1999 || I <- lists:seq(1, 1000)]),
    Even = gb_sets:filter(fun(X) -> X rem 2 =:= 0 end, S),
    [gb_sets:size(S), gb_sets:fold(fun(X, A) -> A + X end, 0, S), erlang:phash2(Even),
     gb_sets:size(Even), gb_sets:smallest(Even), gb_sets:largest(Even),
     walk(gb_sets:iterator_from(1990, S)), erlang:phash2(gb_sets:to_list(S)),
     gb_sets:take_smallest(gb_sets:from_list([c, b, a]))].
walk(I) ->
    case gb_sets:next(I) of
        none -> [];
        {X, I2} -> [X | walk(I2)]
    end.
