-module(exc_rem_zero).
-export([main/0]).
main() -> try 5 rem 0 catch error:R -> R end.
