-module(exc_element_not_tuple).
-export([main/0]).
main() -> try element(1, [a]) catch error:R -> R end.
