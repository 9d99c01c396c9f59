-module(lc_pattern_filter).
-export([main/0]).
main() -> [V || {ok, V} <- [{ok, 1}, error, {ok, 2}, {error, x}, {ok, 3}]].
