-module(rpn_calc).
-export([main/0]).
main() -> [rpn(S) || S <- ["3 4 +", "5 1 2 + 4 * + 3 -", "2 3 4 * +"]].
rpn(S) -> [R] = lists:foldl(fun op/2, [], words(S, [], [])), R.
op("+", [B, A | S]) -> [A + B | S];
op("-", [B, A | S]) -> [A - B | S];
op("*", [B, A | S]) -> [A * B | S];
op(N, S) -> [list_to_integer(N) | S].
words([], [], Acc) -> lists:reverse(Acc);
words([], W, Acc) -> lists:reverse([lists:reverse(W) | Acc]);
words([$\s | T], W, Acc) -> words(T, [], [lists:reverse(W) | Acc]);
words([C | T], W, Acc) -> words(T, [C | W], Acc).
