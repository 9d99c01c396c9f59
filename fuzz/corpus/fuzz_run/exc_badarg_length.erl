-module(exc_badarg_length).
-export([main/0]).
main() -> length(id([1 | 2])).
id(X) -> X.
