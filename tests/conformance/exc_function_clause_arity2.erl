-module(exc_function_clause_arity2).
-export([main/0]).
main() -> f(a, b).
f(a, a) -> same.
