-module(exc_lists_map_not_fun).
-export([main/0]).
main() -> lists:map(not_a_fun, [1]).
