-module(exc_badarity_uncaught).
-export([main/0]).
main() -> G = id(42), G(1, 2).
id(X) -> X.
