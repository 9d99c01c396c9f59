-module(maps_iterator_partial).
-export([main/0]).
%% Stepping iterators partway, reusing them, and feeding them to the
%% higher-order functions.
take(0, I, Acc) -> {lists:reverse(Acc), I};
take(N, I, Acc) ->
    case maps:next(I) of
        {K, V, I2} -> take(N - 1, I2, [{K, V} | Acc]);
        none -> {lists:reverse(Acc), none}
    end.
main() ->
    Big = maps:from_list([{I * I, I} || I <- lists:seq(1, 120)]),
    {First, Rest} = take(50, maps:iterator(Big), []),
    {Again, _} = take(50, maps:iterator(Big), []),
    {Second, Rest2} = take(100, Rest, []),
    Small = #{a => 1, b => 2, c => 3},
    {_, SRest} = take(1, maps:iterator(Small), []),
    [First, First =:= Again, length(Second), Rest2,
     maps:fold(fun(K, V, A) -> [{K, V} | A] end, [], Rest),
     maps:to_list(maps:map(fun(_, V) -> -V end, Rest)) =:= [{K, -V} || {K, V} <- Second],
     maps:filter(fun(_, _) -> true end, SRest),
     maps:fold(fun(K, V, A) -> [{K, V} | A] end, [], SRest),
     take(5, maps:iterator(#{}), [])].
