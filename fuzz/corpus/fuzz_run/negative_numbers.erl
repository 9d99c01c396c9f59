-module(negative_numbers).
-export([main/0]).
main() -> {-1, - 5, -(-3), 3 - -2, -2 * -3, abs(-7), -16#FF, -2#101}.
