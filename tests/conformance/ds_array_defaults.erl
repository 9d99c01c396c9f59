-module(ds_array_defaults).
-export([main/0]).
%% Entries equal to the default are skipped by the sparse functions, even
%% when set explicitly; =:= decides (0 and 0.0 differ).
main() ->
    A = array:from_list([0, 1, 0.0, 2, 0, 3], 0),
    B = array:set(30, 0, array:set(25, 5, A)),
    [array:sparse_to_list(A), array:sparse_to_orddict(B), array:sparse_size(B), array:to_list(B),
     array:sparse_foldl(fun(I, V, Acc) -> [{I, V} | Acc] end, [], B),
     array:sparse_map(fun(_, V) -> V * 10 end, B), array:reset(1, A), array:get(40, B),
     array:default(B), array:from_orddict([{2, x}, {5, 0}], 0)].
