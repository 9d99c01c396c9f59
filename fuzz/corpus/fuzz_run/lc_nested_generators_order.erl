-module(lc_nested_generators_order).
-export([main/0]).
main() -> [X * 10 + Y || X <- [1, 2, 3], Y <- [1, 2, 3], X =/= Y].
