-module(exc_case_clause_tuple).
-export([main/0]).
main() -> case id({x, 1}) of {y, _} -> y end.
id(X) -> X.
