-module(exc_error2).
-export([main/0]).
main() -> try error(why, [1, 2]) catch error:R -> R end.
