-module(maps_find_is_key).
-export([main/0]).
t(F) -> try F() catch C:R -> {C, R} end.
main() ->
    M = #{1 => one, 1.0 => onef, <<"k">> => bin, [] => nil},
    [maps:find(1, M), maps:find(1.0, M), maps:find(<<"k">>, M), maps:find([], M), maps:find(2, M),
     maps:is_key(1, M), maps:is_key(2, M), maps:is_key(<<"k">>, M),
     t(fun() -> maps:find(1, {}) end), t(fun() -> maps:is_key(1, {}) end),
     maps:find(a, #{}), maps:is_key(a, #{})].
