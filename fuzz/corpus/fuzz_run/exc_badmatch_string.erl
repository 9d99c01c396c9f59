-module(exc_badmatch_string).
-export([main/0]).
main() -> "abc" = id("abd").
id(X) -> X.
