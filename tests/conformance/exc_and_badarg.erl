-module(exc_and_badarg).
-export([main/0]).
main() -> try (1 > 0) and 3 catch error:R -> R end.
