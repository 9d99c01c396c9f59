-module(exc_lists_map_improper).
-export([main/0]).
main() -> try lists:map(fun(X) -> X end, [1 | 2]) catch error:R -> R end.
