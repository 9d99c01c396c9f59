-module(ds_sets_filter_order).
-export([main/0]).
%% filter rebuilds buckets: the order of the kept elements inside a bucket
%% is OTP's (reversed), which shows in to_list and printing.
main() ->
    S = sets:from_list(lists:seq(1, 300)),
    F1 = sets:filter(fun(X) -> X rem 3 =/= 0 end, S),
    F2 = sets:filter(fun(X) -> X > 290 end, S),
    [lists:sublist(sets:to_list(F1), 30), sets:size(F1), F2, sets:to_list(F2),
     sets:to_list(sets:filter(fun(_) -> false end, S)), sets:filter(fun(_) -> true end, sets:new())].
