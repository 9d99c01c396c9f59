-module(ds_sets_ops).
-export([main/0]).
main() ->
    A = sets:from_list([1, 2, 3, 4, 5, 6, a, b]),
    B = sets:from_list([4, 5, 6, 7, 8, b, c, 4.0]),
    E = sets:new(),
    [sets:to_list(sets:union(A, B)), sets:union(A, B), sets:to_list(sets:union(B, A)),
     sets:union(A, E) =:= A, sets:to_list(sets:intersection(A, B)), sets:intersection(A, B),
     sets:to_list(sets:intersection(B, A)), sets:to_list(sets:subtract(A, B)),
     sets:to_list(sets:subtract(B, A)), sets:is_subset(A, B),
     sets:is_subset(sets:from_list([4, 5]), A), sets:is_subset(E, A),
     sets:is_disjoint(A, B), sets:is_disjoint(A, sets:from_list([x])), sets:is_disjoint(E, E),
     sets:to_list(sets:union([A, B, sets:from_list([z])])), sets:union([]), sets:union([A]) =:= A,
     sets:to_list(sets:intersection([A, B, sets:from_list([5, 6, 7])])),
     sets:intersection([B]) =:= B,
     sets:fold(fun(X, Acc) -> Acc + erlang:phash(X, 100) end, 0, A)].
