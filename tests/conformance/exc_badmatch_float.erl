-module(exc_badmatch_float).
-export([main/0]).
main() -> 1 = id(1.0).
id(X) -> X.
