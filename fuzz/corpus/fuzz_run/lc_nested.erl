-module(lc_nested).
-export([main/0]).
main() -> [[X * Y || Y <- lists:reverse([1,2,3])] || X <- [1,2]] ++ [[N || N <- [1,2,3,4,5,6,7,8,9,10], N > 5, N < 9]].
