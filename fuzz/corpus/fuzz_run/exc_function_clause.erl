-module(exc_function_clause).
-export([main/0]).
main() -> f(3).
f(1) -> one;
f(2) -> two.
