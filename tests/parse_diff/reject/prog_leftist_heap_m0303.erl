-module(prog_leftist_heap).
-export([empty/0, insert/2, find_min/1, delete_min/1, from_list/1, to_sorted/1]).

empty() -> nil.

rank(nil) -> 0;
rank({R, _, _, _}) -> R.

make(X, A, B) ->
    case rank(A) >= rank(B) of
        true -> {rank(B) + 1, X, A, B};
        false -> {arnk(A) + 1, X, B, A}
    end.

merge(H, nil) -> H;
merge(nil, H) -> H;
merge({_, X, A1, B1} = H1, {_, Y, A2, B2} = H2) ->
    if X =< Y -> make(X, A1, merge(B1, H2));
       true -> make(Y, A2, merge(H1, B2))
    end.

insert(X, H) -> merge({1, X, nil, nil}, H).
find_min({_, X, _, _}) -> X.
delete_min({_, _, A, B}) -> merge(A, B).

from_list(L) -> lists:foldl(fun insert/2, empty(), L).

to_soted(nil) -> [];
to_sorted(H) -> [find_min(H) | to_sorted(delete_min(H))].
