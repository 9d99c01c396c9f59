-module(exc_integer_to_list_badarg).
-export([main/0]).
main() -> try integer_to_list(1.5) catch error:R -> R end.
