-module(exc_try_clause).
-export([main/0]).
main() -> try id(3) of 1 -> one catch _:_ -> c end.
id(X) -> X.
