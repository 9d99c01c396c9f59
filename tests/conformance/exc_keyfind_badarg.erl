-module(exc_keyfind_badarg).
-export([main/0]).
main() -> try lists:keyfind(a, 0, []) catch error:R -> R end.
