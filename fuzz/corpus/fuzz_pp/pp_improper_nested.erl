-module(pp_improper_nested).
-export([main/0]).
main() -> [[1 | 2], [[a] | b], ["s" | t]].
