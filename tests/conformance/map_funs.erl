-module(map_funs).
-export([main/0]).
%% Maps captured by funs, built in funs, and map patterns in fun heads.
id(X) -> X.
main() ->
    Base = id(#{n => 0}),
    Inc = fun(#{n := N} = M) -> M#{n := N + 1} end,
    Mk = fun(K, V) -> Base#{K => V} end,
    [Inc(Inc(Base)), Mk(x, 1), lists:map(fun(#{n := N}) -> N * 2 end, [#{n => 1}, #{n => 5, m => 0}]),
     lists:foldl(fun(K, Acc) -> Acc#{K => K * K} end, #{}, lists:seq(1, 5))].
