-module(exc_append_improper).
-export([main/0]).
main() -> try [1 | 2] ++ [3] catch error:R -> R end.
