-module(lc_basic).
-export([main/0]).
main() -> {[X * 2 || X <- [1,2,3]], [X || X <- [1,2,3,4,5], X rem 2 =:= 1], [{X, Y} || X <- [1,2], Y <- [a,b]], [X || {X, ok} <- [{1, ok}, {2, no}, {3, ok}]]}.
