-module(exc_not_badarg).
-export([main/0]).
main() -> try not 1 catch error:R -> R end.
