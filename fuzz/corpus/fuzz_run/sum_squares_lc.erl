-module(sum_squares_lc).
-export([main/0]).
main() -> lists:reverse([X * X || X <- [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], X rem 2 == 0]).
