-module(exc_if_clause).
-export([main/0]).
main() -> X = id(5), if X > 10 -> big; X < 0 -> neg end.
id(X) -> X.
