-module(exc_subtract_badarg).
-export([main/0]).
main() -> try [1] -- a catch error:R -> R end.
