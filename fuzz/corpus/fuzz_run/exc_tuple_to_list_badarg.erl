-module(exc_tuple_to_list_badarg).
-export([main/0]).
main() -> try tuple_to_list([]) catch error:R -> R end.
