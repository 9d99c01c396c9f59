-module(ds_sets_big_ops).
-export([main/0]).
main() ->
    A = sets:from_list(lists:seq(1, 600)),
    B = sets:from_list(lists:seq(400, 1000)),
    U = sets:union(A, B),
    I = sets:intersection(A, B),
    D = sets:subtract(A, B),
    [sets:size(U), erlang:phash2(U), sets:size(I), erlang:phash2(I), sets:size(D), erlang:phash2(D),
     lists:sublist(sets:to_list(I), 10), sets:is_subset(I, A), sets:is_disjoint(D, B)].
