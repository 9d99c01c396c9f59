-module(exc_tl_atom).
-export([main/0]).
main() -> try tl(a) catch error:R -> R end.
