-module(exc_badarg_list_to_tuple).
-export([main/0]).
main() -> try list_to_tuple(x) catch error:R -> R end.
