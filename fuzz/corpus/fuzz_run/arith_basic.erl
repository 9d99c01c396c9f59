-module(arith_basic).
-export([main/0]).
main() -> {1 + 2, 7 - 10, 6 * 7, 7 div 2, -7 div 2, 7 rem 3, -7 rem 3, 7 / 2, 1.5 * 2}.
