-module(exc_case_clause_list).
-export([main/0]).
main() -> case id([1, 2]) of [] -> empty; [_] -> one end.
id(X) -> X.
