-module(exc_sort_not_list).
-export([main/0]).
main() -> try lists:sort(x) catch error:R -> R end.
