-module(exc_badarith_float).
-export([main/0]).
main() -> try 1.0 + a catch error:R -> R end.
