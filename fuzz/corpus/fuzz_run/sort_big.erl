-module(sort_big).
-export([main/0]).
main() -> L = [(X * 7919) rem 1000 || X <- lists:seq(1, 500)], S = lists:sort(L), {hd(S), length(S), sorted(S)}.
sorted([A, B | T]) when A =< B -> sorted([B | T]);
sorted([_, _ | _]) -> false;
sorted(_) -> true.
