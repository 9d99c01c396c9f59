-module(exc_abs_badarg).
-export([main/0]).
main() -> try abs(a) catch error:R -> R end.
