-module(exc_try_clause_value).
-export([main/0]).
main() -> try id({x, 1}) of {y, _} -> y catch throw:_ -> t end.
id(X) -> X.
