-module(exc_setelement_range).
-export([main/0]).
main() -> try setelement(4, {a, b}, c) catch error:R -> R end.
