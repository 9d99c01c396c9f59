-module(exc_hd_nil).
-export([main/0]).
main() -> try hd([]) catch error:R -> R end.
