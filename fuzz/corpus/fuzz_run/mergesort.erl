-module(mergesort).
-export([main/0]).
main() -> msort([5, 3, 8, 1, 9, 2, 7, 4, 6, 0, 15, 11]).
msort([]) -> [];
msort([X]) -> [X];
msort(L) -> {A, B} = split(L, [], []), merge(msort(A), msort(B)).
split([], A, B) -> {A, B};
split([H | T], A, B) -> split(T, [H | B], A).
merge([], B) -> B;
merge(A, []) -> A;
merge([X | A], [Y | _] = B) when X =< Y -> [X | merge(A, B)];
merge(A, [Y | B]) -> [Y | merge(A, B)].
