-module(exc_function_clause_guard).
-export([main/0]).
main() -> f(-1).
f(N) when N > 0 -> pos.
