-module(lists_recursion).
-export([main/0]).
main() -> {len([a,b,c,d]), rev([1,2,3], []), app([1,2], [3,4]), sum([1,2,3,4,5])}.
len([]) -> 0;
len([_ | T]) -> 1 + len(T).
rev([], A) -> A;
rev([H | T], A) -> rev(T, [H | A]).
app([], L) -> L;
app([H | T], L) -> [H | app(T, L)].
sum(L) -> sum(L, 0).
sum([], A) -> A;
sum([H | T], A) -> sum(T, A + H).
