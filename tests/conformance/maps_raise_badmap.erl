-module(maps_raise_badmap).
-export([main/0]).
main() -> maps:fold(fun(_, _, A) -> A end, 0, [not_a_map]).
