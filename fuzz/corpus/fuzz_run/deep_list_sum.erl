-module(deep_list_sum).
-export([main/0]).
main() -> L = lists:seq(1, 20000), {length(L), sum(L, 0)}.
sum([], A) -> A;
sum([H | T], A) -> sum(T, A + H).
