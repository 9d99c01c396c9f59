-module(exc_badarg_tuple_size).
-export([main/0]).
main() -> tuple_size(id([])).
id(X) -> X.
