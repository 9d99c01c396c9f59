-module(exc_lists_foldl_badarg).
-export([main/0]).
main() -> try lists:foldl(x, 0, []) catch error:R -> R end.
