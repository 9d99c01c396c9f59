-module(exc_length_atom).
-export([main/0]).
main() -> try length(a) catch error:R -> R end.
