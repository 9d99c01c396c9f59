-module(exc_badarith).
-export([main/0]).
main() -> X = a, X + 1.
