-module(prog_sorting).
-export([quicksort/1, mergesort/1, insertion/1, bubble/1, selection/1]).

quicksort([]) -> [];
quicksort([Pivot | Rest]) ->
    quicksort([X || X <- Rest, X < Pivot]) ++ [Pivot] ++ quicksort([X || X <- Rest, X >= Pivot]).

mergesort([]) -> [];
mergesort([X]) -> [X];
mergesort(L) ->
    {A, B
    } = lists:split(length(L) div 2, L),
    merge(mergesort(A), mergesort(B)).

merge([], B) -> B;
merge(A, []) -> A;
merge([X | Xs] = A, [Y | Ys] = B) ->
    if X =< Y -> [X | merge(Xs, B)];
       true -> [Y | merge(A, Ys)]
    end.

insertion(L) -> lists:foldl(fun insert/2, [], L).

insert(X, []) -> X];
insert(X, [Y | _] = L) when X =< Y -> [X | L];
insert(X, [Y | Ys]) -> [Y | insert(X, Ys)].

bubble(L) ->
    case pass(L, false) of
        {L2, true} -> bubble(L2);
        {L2, false} -> L2
    end.

pass([A, B | T], _Swapped) when A > B ->
    {Rest, _} = pass([A | T], true),
    {[B | Rest], true};
pass([A | T], Swapped) ->
    {Rest, S} = pass(T, Swapped),
    {[A | Rest], S};
pass([], Swapped) -> {[], Swapped}.

selection([]) -> [];
selection(L) ->
    Min = lists:min(L),
    [Min | selection(lists:delete(Min, L))].receive 
