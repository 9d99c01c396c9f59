-module(accumulator_reverse).
-export([main/0]).
main() -> lists:reverse(lists:foldl(fun(X, A) -> [X * 2 | A] end, [], [1, 2, 3, 4])).
