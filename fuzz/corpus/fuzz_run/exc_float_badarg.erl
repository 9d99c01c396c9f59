-module(exc_float_badarg).
-export([main/0]).
main() -> try float(a) catch error:R -> R end.
