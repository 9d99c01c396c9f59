-module(exc_bnot_float).
-export([main/0]).
main() -> try bnot 1.0 catch error:R -> R end.
