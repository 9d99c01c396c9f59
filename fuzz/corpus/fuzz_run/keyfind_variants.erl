-module(keyfind_variants).
-export([main/0]).
main() -> L = [{1, one}, {2, two}, {3.0, three}], {lists:keyfind(2, 1, L), lists:keyfind(3, 1, L), lists:keyfind(two, 2, L), lists:keyfind(x, 3, L)}.
