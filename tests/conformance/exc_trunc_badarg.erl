-module(exc_trunc_badarg).
-export([main/0]).
main() -> try trunc(a) catch error:R -> R end.
