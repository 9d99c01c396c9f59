-module(exc_list_to_integer).
-export([main/0]).
main() -> list_to_integer("12x").
