-module(ds_gbt_big).
-export([main/0]).
%% 1,000 keys in a scrambled order: the whole tree must equal OTP's.
main() ->
    Keys = [(I * 7919) rem 1009 || I <- lists:seq(1, 1000)],
    T = lists:foldl(fun(K, A) -> gb_trees:enter(K, K + 1, A) end, gb_trees:empty(), Keys),
    T2 = lists:foldl(fun(K, A) -> gb_trees:delete_any(K, A) end, T, lists:seq(1, 1009, 3)),
    {erlang:phash2(T), gb_trees:size(T), erlang:phash2(T2), gb_trees:size(T2),
     lists:sum(gb_trees:values(T2)), gb_trees:smallest(T2), gb_trees:largest(T2),
     erlang:phash2(gb_trees:balance(T2))}.
