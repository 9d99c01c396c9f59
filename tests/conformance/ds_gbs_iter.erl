-module(ds_gbs_iter).
-export([main/0]).
main() ->
    S = gb_sets:from_list([10, 20, 30, 40, 50, 60, 70]),
    [gb_sets:iterator(S), walk(gb_sets:iterator(S)), walk(gb_sets:iterator_from(35, S)),
     walk(gb_sets:iterator_from(40, S)), walk(gb_sets:iterator_from(99, S)),
     gb_sets:next(gb_sets:iterator(gb_sets:new())),
     gb_sets:fold(fun(X, A) -> [X | A] end, [], S),
     gb_sets:filter(fun(X) -> X rem 20 =:= 0 end, S),
     gb_sets:fold(fun(X, A) -> X + A end, 0, gb_sets:new())].
walk(I) ->
    case gb_sets:next(I) of
        none -> [];
        {X, I2} -> [X | walk(I2)]
    end.
