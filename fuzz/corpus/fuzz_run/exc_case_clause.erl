-module(exc_case_clause).
-export([main/0]).
main() -> case id(7) of 1 -> a; 2 -> b end.
id(X) -> X.
