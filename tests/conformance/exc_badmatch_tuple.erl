-module(exc_badmatch_tuple).
-export([main/0]).
main() -> {a, B} = id({b, 2}), B.
id(X) -> X.
