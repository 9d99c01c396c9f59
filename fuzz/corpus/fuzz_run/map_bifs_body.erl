-module(map_bifs_body).
-export([main/0]).
%% map_size, map_get, is_map_key, is_map in bodies, and their exceptions.
id(X) -> X.
t(F) -> try F() catch C:R -> {C, R} end.
main() ->
    M = id(#{a => 1, b => 2}),
    [map_size(M), map_get(a, M), is_map_key(b, M), is_map_key(c, M), is_map(M), is_map(id([])),
     erlang:map_size(M), erlang:map_get(b, M), erlang:is_map_key(a, M),
     t(fun() -> map_get(c, M) end), t(fun() -> map_get(a, id(x)) end),
     t(fun() -> map_size(id([1])) end), t(fun() -> is_map_key(a, id({})) end)].
