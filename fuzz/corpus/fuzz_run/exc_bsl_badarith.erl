-module(exc_bsl_badarith).
-export([main/0]).
main() -> try 1 bsl a catch error:R -> R end.
